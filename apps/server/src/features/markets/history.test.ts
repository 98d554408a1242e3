import { describe, expect, it } from 'vitest';
import { bucketStartMs, type Candle, PERIOD_SECONDS, PERIODS } from './candles.js';
import { INSTRUMENTS, type Instrument, instrumentByCode } from './catalogue.js';
import { VirtualTime } from './clock.js';
import { generateHistory } from './history.js';
import { initialState } from './model.js';
import { parsePrice } from './price.js';
import { isOpen, tradingDayStart } from './schedule.js';
import { PriceSimulator } from './simulator.js';

const NOW = Date.parse('2026-01-14T10:30:27.500Z'); // a Wednesday morning in London

function get(code: string): Instrument {
  const inst = instrumentByCode(code);
  if (!inst) throw new Error(`${code} missing`);
  return inst;
}

const ohlc = (c: Candle, precision: number) => ({
  open: parsePrice(c.open, precision),
  high: parsePrice(c.high, precision),
  low: parsePrice(c.low, precision),
  close: parsePrice(c.close, precision),
});

describe('generateHistory', () => {
  it('gives every instrument at least 1,000 well-formed candles per period, ending now', () => {
    // Problems are collected and asserted once: 200,000 candles × expect() would take seconds.
    const problems: string[] = [];
    for (const inst of INSTRUMENTS) {
      const history = generateHistory(inst, { nowMs: NOW, state: initialState(inst), seed: 9 });
      for (const period of PERIODS) {
        const where = `${inst.code} ${period}`;
        const list = history[period];
        if (list.length < 1000) problems.push(`${where}: only ${list.length} candles`);
        if (list.at(-1)?.time !== bucketStartMs(period, inst.scheduleId, NOW) / 1000) {
          problems.push(`${where}: does not end at the bucket of now`);
        }
        let prevTime = Number.NEGATIVE_INFINITY;
        for (const c of list) {
          const p = ohlc(c, inst.pricePrecision);
          // A broken walk shows up as prices far from the base over the years of daily history.
          const drift = Math.abs(Math.log(Number(c.close) / Number(inst.basePrice)));
          if (c.time <= prevTime) problems.push(`${where} ${c.time}: not ascending`);
          if (p.low <= 0 || p.low > Math.min(p.open, p.close) || p.high < Math.max(p.open, p.close)) {
            problems.push(`${where} ${c.time}: inconsistent ${JSON.stringify(c)}`);
          }
          if (c.volume <= 0) problems.push(`${where} ${c.time}: no volume`);
          if (drift > 2.5 * inst.volatility + 0.01) problems.push(`${where} ${c.time}: absurd ${c.close}`);
          prevTime = c.time;
        }
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('ends at the live simulator quote, so the feed continues from the last close', () => {
    const time = new VirtualTime(NOW);
    const instruments = [get('EURUSD'), get('XAUUSD'), get('BTCUSD'), get('JPN225')];
    const sim = new PriceSimulator({ instruments, clock: time, timers: time, seed: 4 });
    for (const inst of instruments) {
      const state = sim.modelState(inst.code);
      if (!state) throw new Error('no state');
      const history = generateHistory(inst, { nowMs: NOW, state, seed: 4 });
      for (const period of PERIODS) {
        expect(history[period].at(-1)?.close, `${inst.code} ${period}`).toBe(sim.quote(inst.code)?.bid);
      }
    }
  });

  it('has no candles in closed hours: weekends, and the daily break of metals', () => {
    for (const code of ['EURUSD', 'XAUUSD', 'US500']) {
      const inst = get(code);
      const history = generateHistory(inst, { nowMs: NOW, state: initialState(inst) });
      for (const period of ['1min', '5min', '15min', '30min', '60min'] as const) {
        for (const c of history[period]) {
          expect(isOpen(inst.scheduleId, c.time * 1000), `${code} ${period} ${c.time}`).toBe(true);
        }
      }
      for (const c of history['1day']) {
        const start = c.time * 1000;
        expect(tradingDayStart(inst.scheduleId, start)).toBe(start);
        // The Friday-evening roll starts a "day" with no trading: it must not have a candle.
        const dayOpen =
          isOpen(inst.scheduleId, start + 3_600_000) || isOpen(inst.scheduleId, start + 7_200_000);
        expect(dayOpen, `${code} day ${new Date(start).toISOString()}`).toBe(true);
      }
    }
  });

  it('is one continuous path: each candle opens where the previous one closed', () => {
    const inst = get('GBPJPY');
    const history = generateHistory(inst, { nowMs: NOW, state: initialState(inst) });
    for (const period of PERIODS) {
      const list = history[period];
      for (let i = 1; i < list.length; i++) {
        expect(list[i]?.open, `${period} #${i}`).toBe(list[i - 1]?.close);
      }
    }
  });

  it('agrees across periods: a 15-minute candle aggregates the 1- and 5-minute ones inside it', () => {
    const inst = get('EURUSD');
    const h = generateHistory(inst, { nowMs: NOW, state: initialState(inst), seed: 2 });
    const fifteen = h['15min'].slice(-20, -1);
    for (const fine of ['1min', '5min'] as const) {
      for (const c of fifteen) {
        const inside = h[fine].filter((f) => f.time >= c.time && f.time < c.time + PERIOD_SECONDS['15min']);
        expect(inside.length).toBeGreaterThan(0);
        const p = inside.map((f) => ohlc(f, 5));
        expect(inside[0]?.open).toBe(c.open);
        expect(inside.at(-1)?.close).toBe(c.close);
        expect(Math.max(...p.map((x) => x.high))).toBe(parsePrice(c.high, 5));
        expect(Math.min(...p.map((x) => x.low))).toBe(parsePrice(c.low, 5));
        expect(inside.reduce((s, f) => s + f.volume, 0)).toBe(c.volume);
      }
    }
  });

  it('is deterministic for a seed and differs across seeds', () => {
    const inst = get('ETHUSD');
    const a = generateHistory(inst, { nowMs: NOW, state: initialState(inst), seed: 1, count: 50 });
    const b = generateHistory(inst, { nowMs: NOW, state: initialState(inst), seed: 1, count: 50 });
    const c = generateHistory(inst, { nowMs: NOW, state: initialState(inst), seed: 2, count: 50 });
    expect(a).toEqual(b);
    expect(a['1min'].map((x) => x.close)).not.toEqual(c['1min'].map((x) => x.close));
  });

  it('ends at the last session close when the market is closed now', () => {
    const inst = get('EURUSD');
    const saturday = Date.parse('2026-01-17T12:00:00Z');
    const h = generateHistory(inst, { nowMs: saturday, state: initialState(inst), count: 10 });
    expect(h['1min'].at(-1)?.time).toBe(Date.parse('2026-01-16T21:59:00Z') / 1000);
    expect(h['1day'].at(-1)?.time).toBe(Date.parse('2026-01-15T22:00:00Z') / 1000);
    expect(h['1day'].at(-1)?.close).toBe('1.16496');
  });
});
