/**
 * Builds the configured price source: MARKET_FEED=sim (the built-in simulator, seeded by FEED_SEED),
 * replay (REPLAY_CSV in a loop, stamped with the clock's time so it builds live candles) or off.
 * A real provider would be one more branch returning its own `PriceFeed`.
 */
import type { MarketFeedKind } from '../../config.js';
import type { Instrument } from './catalogue.js';
import type { Clock, Timers } from './clock.js';
import type { PriceFeed } from './feed.js';
import type { ModelState } from './model.js';
import { ReplayFeed } from './replay.js';
import { loadReplayFile } from './replay-csv.js';
import { PriceSimulator } from './simulator.js';

export interface FeedSourceOptions {
  kind: MarketFeedKind;
  instruments: readonly Instrument[];
  /** Model states to start the simulator at, by code. */
  states: ReadonlyMap<string, ModelState>;
  clock: Clock;
  timers: Timers;
  seed: number;
  tickMs: number;
  replayCsv: string | undefined;
  onListenerError: (error: unknown) => void;
}

export async function createFeedSource(o: FeedSourceOptions): Promise<PriceFeed | undefined> {
  switch (o.kind) {
    case 'off':
      return undefined;
    case 'sim':
      return new PriceSimulator({
        instruments: o.instruments,
        seed: o.seed,
        clock: o.clock,
        timers: o.timers,
        meanTickIntervalMs: o.tickMs,
        initialStates: o.states,
        onListenerError: o.onListenerError,
      });
    case 'replay': {
      if (!o.replayCsv) throw new Error('REPLAY_CSV is not set');
      const source = await loadReplayFile(o.replayCsv, {
        knownCodes: new Set(o.instruments.map((i) => i.code)),
      });
      return new ReplayFeed({
        source,
        loop: true,
        spreads: new Map(o.instruments.map((i) => [i.code, i.spread])),
        clock: o.clock,
        timers: o.timers,
        onListenerError: o.onListenerError,
      });
    }
  }
}
