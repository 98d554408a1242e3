/**
 * Which price feed a leadership term runs. A node's first term, when it has applied no other node's
 * ticks (its stored start is current), runs the feed built at init; any later term starts a new one
 * from the last quotes this node has, so prices continue without a jump.
 *
 * Every term gets its own randomness: a fixed seed would make each failover replay the same moves
 * from wherever the last leader stopped, and anyone who had watched one could trade the next. With
 * FEED_SEED set (reproducible runs, tests) a term's seed is derived from it and the term number;
 * unset, it is drawn fresh.
 *
 * Public API: `termSeed(term, fixed)`, `MarketFeeds` (prepare, forTerm).
 */
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Clock, Timers } from './clock.js';
import type { PriceFeed } from './feed.js';
import { createFeedSource } from './feed-source.js';
import type { MarketBook } from './market-book.js';
import { stateFromClose } from './market-startup.js';
import type { ModelState } from './model.js';
import { seedFrom } from './random.js';

/** The simulator seed of a term: from FEED_SEED when it was set (`fixed`), else fresh. */
export function termSeed(term: number, fixed: number | undefined): number {
  if (fixed === undefined) return randomInt(0, 2 ** 31 - 1);
  // Term 1 (and embedded mode, always term 1) keeps FEED_SEED itself.
  return term <= 1 ? fixed : seedFrom(`term:${term}`, fixed);
}

export interface MarketFeedsOptions {
  config: AppConfig;
  clock: Clock;
  timers: Timers;
  log: FastifyBaseLogger;
  /** A test's feed, run in every term instead of the configured source. */
  override: PriceFeed | undefined;
}

export class MarketFeeds {
  /** The feed built at init from the stored closes: the one a node leading from its start runs. */
  private initial: PriceFeed | undefined;

  constructor(
    private readonly book: MarketBook,
    private readonly o: MarketFeedsOptions,
  ) {}

  /** Builds the first term's feed from the model states the market starts at. */
  async prepare(states: ReadonlyMap<string, ModelState>): Promise<void> {
    this.initial = this.o.override ?? (await this.build(states, 1));
  }

  async forTerm(firstTerm: boolean, term: number): Promise<PriceFeed | undefined> {
    if (this.o.override) return this.o.override;
    if (firstTerm && !this.book.slots.some((s) => s.live)) {
      // Built before the term number was known: only a fresh seed or term 1's is right for it.
      if (term <= 1 || !this.o.config.feedSeedFixed) return this.initial;
    }
    const states = new Map<string, ModelState>();
    for (const s of this.book.slots) states.set(s.inst.code, stateFromClose(s.inst, s.quote.bid));
    return this.build(states, term);
  }

  private build(states: ReadonlyMap<string, ModelState>, term: number): Promise<PriceFeed | undefined> {
    const { config, clock, timers, log } = this.o;
    return createFeedSource({
      kind: config.marketFeed,
      instruments: this.book.instruments(),
      states,
      clock,
      timers,
      seed: termSeed(term, config.feedSeedFixed ? config.feedSeed : undefined),
      tickMs: config.marketTickMs,
      replayCsv: config.replayCsv,
      onListenerError: (err) => log.error({ err }, 'price feed listener failed'),
    });
  }
}
