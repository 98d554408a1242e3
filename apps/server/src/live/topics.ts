import type { TopicMessage } from '@meridian/contract';
export interface TopicContext {
  topic: string;
  /** The part after the prefix for prefix topics (`EURUSD` of `KLINE.EURUSD`), else ''. */
  suffix: string;
  /** The logged-in user of the connection, or null. */
  userId: string | null;
}

/** A feature's claim on a topic name (`DAY_MARKET`) or a family of names (`KLINE.` prefix). */
export interface TopicDefinition {
  name: string;
  prefix?: boolean;
  /** For prefix topics: is this suffix a real thing (a known instrument code)? */
  validate?: (suffix: string) => boolean;
  /** Per-user topics (FOREX_TRADE): subscribing needs a logged-in connection. */
  requiresLogin?: boolean;
  /** A message sent to the new subscriber right after `sub_result`, e.g. the current quotes. */
  snapshot?: (ctx: TopicContext) => TopicMessage | undefined | Promise<TopicMessage | undefined>;
}

export interface ResolvedTopic {
  definition: TopicDefinition;
  context: Omit<TopicContext, 'userId'>;
}

/** Topics exist only when a feature registers them; anything else is answered with unknown_topic. */
export class TopicRegistry {
  private readonly exact = new Map<string, TopicDefinition>();
  private prefixes: TopicDefinition[] = [];

  register(definition: TopicDefinition): void {
    const taken = definition.prefix
      ? this.prefixes.some((p) => p.name === definition.name)
      : this.exact.has(definition.name);
    if (taken || definition.name === '')
      throw new Error(`Topic "${definition.name}" is empty or registered twice`);
    if (definition.prefix) {
      // Longest prefix first, so `KLINE.M1.` would win over `KLINE.` for the names it covers.
      this.prefixes = [...this.prefixes, definition].sort((a, b) => b.name.length - a.name.length);
    } else {
      this.exact.set(definition.name, definition);
    }
  }

  resolve(topic: string): ResolvedTopic | undefined {
    const exact = this.exact.get(topic);
    if (exact) return { definition: exact, context: { topic, suffix: '' } };
    for (const definition of this.prefixes) {
      if (!topic.startsWith(definition.name)) continue;
      const suffix = topic.slice(definition.name.length);
      if (suffix === '' || (definition.validate && !definition.validate(suffix))) return undefined;
      return { definition, context: { topic, suffix } };
    }
    return undefined;
  }
}
