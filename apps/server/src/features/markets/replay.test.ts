import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CandleAggregator } from './candles.js';
import { VirtualTime } from './clock.js';
import type { Tick } from './feed.js';
import { ReplayFeed, replayEvents } from './replay.js';
import { loadReplayFile, parseReplayCsv, ReplayFormatError } from './replay-csv.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const T = (iso: string) => Date.parse(iso);

function errorOf(text: string, knownCodes?: ReadonlySet<string>): ReplayFormatError {
  try {
    parseReplayCsv(text, { knownCodes });
  } catch (e) {
    if (e instanceof ReplayFormatError) return e;
    throw e;
  }
  throw new Error('expected a ReplayFormatError');
}

describe('parseReplayCsv', () => {
  it('reads the tick fixture, with ISO and epoch-millisecond times', async () => {
    const parsed = await loadReplayFile(fixture('sample-ticks.csv'));
    expect(parsed.format).toBe('ticks');
    expect(parsed.rows).toHaveLength(6);
    expect(parsed.rows[0]).toEqual({
      kind: 'tick',
      line: 3,
      timeMs: T('2026-01-13T10:00:00Z'),
      code: 'EURUSD',
      bid: '1.16501',
      ask: '1.16509',
    });
    expect(parsed.rows[3]).toMatchObject({ code: 'XAUUSD', timeMs: T('2026-01-13T10:00:00.750Z') });
  });

  it('reads the candle fixture', async () => {
    const parsed = await loadReplayFile(fixture('sample-candles.csv'));
    expect(parsed.format).toBe('candles');
    expect(parsed.rows[1]).toEqual({
      kind: 'candle',
      line: 4,
      timeMs: T('2026-01-13T10:01:00Z'),
      code: 'EURUSD',
      open: '1.16520',
      high: '1.16530',
      low: '1.16450',
      close: '1.16460',
      volume: 142,
    });
  });

  it.each([
    ['time,code,price\n', 1, /header must be/],
    ['# note\n\ntime,code,bid,ask\n2026-01-13T10:00:00Z,EURUSD,1.1\n', 4, /expected 4 columns, found 3/],
    ['time,code,bid,ask\nyesterday,EURUSD,1.1,1.2\n', 2, /neither epoch milliseconds nor ISO 8601/],
    ['time,code,bid,ask\n2026-01-13T10:00:00,EURUSD,1.1,1.2\n', 2, /ISO 8601 with a zone/],
    ['time,code,bid,ask\n1768298400000,eur/usd,1.1,1.2\n', 2, /code "eur\/usd"/],
    ['time,code,bid,ask\n1768298400000,EURUSD,-1.1,1.2\n', 2, /bid "-1.1" is not a positive/],
    ['time,code,bid,ask\n1768298400000,EURUSD,1.1,1e2\n', 2, /ask "1e2"/],
    ['time,code,bid,ask\n1768298400000,EURUSD,1.2,1.1\n', 2, /ask 1.1 is below bid 1.2/],
    [
      'time,code,bid,ask\n1768298400000,EURUSD,1.1,1.2\n1768298399999,EURUSD,1.1,1.2\n',
      3,
      /time goes backwards/,
    ],
    [
      'time,code,open,high,low,close,volume\n1768298400000,EURUSD,1.1,1.05,1.0,1.08,3\n',
      2,
      /high 1.05 is below/,
    ],
    [
      'time,code,open,high,low,close,volume\n1768298400000,EURUSD,1.1,1.2,1.15,1.18,3\n',
      2,
      /low 1.15 is above/,
    ],
    ['time,code,open,high,low,close,volume\n1768298400000,EURUSD,1.1,1.2,1.0,1.1,2.5\n', 2, /volume "2.5"/],
  ])('reports %j at line %i', (text, line, message) => {
    const e = errorOf(text);
    expect(e.line).toBe(line);
    expect(e.message).toMatch(message);
    expect(e.message).toMatch(new RegExp(`^line ${line}: `));
  });

  it('rejects unknown instruments when told the catalogue, and files without rows', () => {
    const e = errorOf(
      'time,code,bid,ask\n1768298400000,EURUSD,1.1,1.2\n1768298400000,XXXYYY,1.1,1.2\n',
      new Set(['EURUSD']),
    );
    expect(e.message).toBe('line 3: unknown instrument "XXXYYY"');
    expect(errorOf('# only a comment\n').message).toMatch(/no header/);
    expect(errorOf('time,code,bid,ask\n').message).toMatch(/no data rows/);
  });
});

describe('replayEvents', () => {
  it('expands candles into O→L→H→C when bullish and O→H→L→C when bearish, adding the spread', async () => {
    const parsed = await loadReplayFile(fixture('sample-candles.csv'));
    const events = replayEvents(parsed, undefined, new Map([['EURUSD', '0.00008']]));
    expect(events).toHaveLength(12);
    expect(events.slice(0, 4).map((e) => e.bid)).toEqual(['1.16500', '1.16480', '1.16540', '1.16520']);
    expect(events.slice(4, 8).map((e) => e.bid)).toEqual(['1.16520', '1.16530', '1.16450', '1.16460']);
    // Candle length is inferred from the rows (one minute): a tick every 15 seconds.
    expect(events.slice(0, 4).map((e) => e.timeMs - T('2026-01-13T10:00:00Z'))).toEqual([
      0, 15_000, 30_000, 45_000,
    ]);
    expect(events[0]?.ask).toBe('1.16508');
  });
});

describe('ReplayFeed', () => {
  it('replays ticks at the recorded spacing divided by the speed, stamped with the clock', async () => {
    const time = new VirtualTime(T('2026-02-02T08:00:00Z'));
    let ended = false;
    const feed = new ReplayFeed({
      source: await loadReplayFile(fixture('sample-ticks.csv')),
      speed: 2,
      clock: time,
      timers: time,
      onEnd: () => {
        ended = true;
      },
    });
    const ticks: Tick[] = [];
    const off = feed.onTick((t) => ticks.push(t));
    feed.start();
    expect(ticks.map((t) => t.code)).toEqual(['EURUSD', 'USDJPY']);
    time.advance(10_000);
    const start = T('2026-02-02T08:00:00Z');
    expect(ticks.map((t) => t.timeMs - start)).toEqual([0, 0, 250, 375, 500, 1000]);
    expect(ended).toBe(true);
    expect(feed.finished).toBe(true);
    expect(feed.quote('EURUSD')).toEqual({
      code: 'EURUSD',
      bid: '1.16499',
      ask: '1.16507',
      time: start + 1000,
    });
    expect(time.pendingCount).toBe(0);
    off();
  });

  it('rebuilds the recorded candles when its ticks go through the aggregator', async () => {
    const time = new VirtualTime(0);
    const feed = new ReplayFeed({
      source: await loadReplayFile(fixture('sample-candles.csv')),
      timestamps: 'original',
      clock: time,
      timers: time,
    });
    const agg = new CandleAggregator({ code: 'EURUSD', precision: 5, scheduleId: 'forex' });
    const closed: unknown[] = [];
    feed.onTick((t) => {
      for (const c of agg.push(t).closed) if (c.period === '1min') closed.push(c.candle);
    });
    feed.start();
    time.advance(10 * 60_000);
    expect(closed).toEqual([
      {
        time: T('2026-01-13T10:00:00Z') / 1000,
        open: '1.16500',
        high: '1.16540',
        low: '1.16480',
        close: '1.16520',
        volume: 4,
      },
      {
        time: T('2026-01-13T10:01:00Z') / 1000,
        open: '1.16520',
        high: '1.16530',
        low: '1.16450',
        close: '1.16460',
        volume: 4,
      },
    ]);
    expect(agg.forming('1min')?.close).toBe('1.16490');
  });

  it('loops when asked, and stop() cancels the pending timer', async () => {
    const time = new VirtualTime(0);
    const feed = new ReplayFeed({
      source: await loadReplayFile(fixture('sample-ticks.csv')),
      loop: true,
      clock: time,
      timers: time,
    });
    let count = 0;
    feed.onTick(() => {
      count++;
    });
    feed.start();
    time.advance(5_000);
    expect(count).toBeGreaterThan(12);
    feed.stop();
    expect(time.pendingCount).toBe(0);
    const stopped = count;
    time.advance(5_000);
    expect(count).toBe(stopped);
  });

  it('refuses a speed that is not positive and a looping replay with original times', async () => {
    const source = await loadReplayFile(fixture('sample-ticks.csv'));
    expect(() => new ReplayFeed({ source, speed: 0 })).toThrow(/speed/);
    expect(() => new ReplayFeed({ source, loop: true, timestamps: 'original' })).toThrow(/original/);
  });
});
