import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

describe('market configuration', () => {
  it('defaults to the simulator with 2.5 ticks a second and 4 pushes a second', () => {
    expect(loadConfig({})).toMatchObject({
      marketFeed: 'sim',
      replayCsv: undefined,
      feedSeed: 1,
      marketTickMs: 400,
      marketFlushMs: 250,
      chartHistoryBars: undefined,
    });
  });

  it('reads the market variables', () => {
    const config = loadConfig({
      MARKET_FEED: 'replay',
      REPLAY_CSV: '/data/ticks.csv',
      FEED_SEED: '42',
      MARKET_TICK_MS: '50',
      MARKET_FLUSH_MS: '100',
      CHART_HISTORY_BARS: '300',
    });
    expect(config).toMatchObject({
      marketFeed: 'replay',
      replayCsv: '/data/ticks.csv',
      feedSeed: 42,
      marketTickMs: 50,
      marketFlushMs: 100,
      chartHistoryBars: 300,
    });
  });

  it.each([
    [{ MARKET_FEED: 'live' }, 'MARKET_FEED'],
    [{ MARKET_FEED: 'replay' }, 'REPLAY_CSV'],
    [{ FEED_SEED: '-1' }, 'FEED_SEED'],
    [{ MARKET_TICK_MS: '5' }, 'MARKET_TICK_MS'],
    [{ MARKET_FLUSH_MS: 'fast' }, 'MARKET_FLUSH_MS'],
    [{ CHART_HISTORY_BARS: '10' }, 'CHART_HISTORY_BARS'],
    [{ CHART_HISTORY_BARS: '1e9' }, 'CHART_HISTORY_BARS'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
