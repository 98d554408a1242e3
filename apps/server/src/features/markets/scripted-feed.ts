/**
 * A `PriceFeed` whose ticks are pushed by hand: the way tests (markets, trading) set exact prices.
 * Inject it with `createApp(config, { markets: { feed: new ScriptedFeed(), clock } })`.
 *
 * Public API: `new ScriptedFeed()`, `feed.push(tick)` (delivered only while started), `feed.started`.
 */
import { type PriceFeed, type Quote, type Tick, TickHub, type TickListener } from './feed.js';

export class ScriptedFeed implements PriceFeed {
  private readonly hub = new TickHub();
  private running = false;

  get started(): boolean {
    return this.running;
  }

  start(): void {
    this.running = true;
  }

  stop(): void {
    this.running = false;
  }

  onTick(listener: TickListener): () => void {
    return this.hub.onTick(listener);
  }

  quote(code: string): Quote | undefined {
    return this.hub.quote(code);
  }

  quotes(): Quote[] {
    return this.hub.quotes();
  }

  /** Returns false when the feed is stopped and the tick was not delivered. */
  push(tick: Tick): boolean {
    if (!this.running) return false;
    this.hub.emit(tick);
    return true;
  }
}
