import { describe, expect, it } from 'vitest';
import type { Candle } from './candles.js';
import { mergeCandles, planTakeover } from './market-takeover.js';

const c = (time: number, open: string, high: string, low: string, close: string, volume: number): Candle => ({
  time,
  open,
  high,
  low,
  close,
  volume,
});

describe('mergeCandles', () => {
  it('keeps the stored open, the newest close, and the wider range and count', () => {
    const stored = c(600, '1.10000', '1.10100', '1.09950', '1.10050', 40);
    const mine = c(600, '1.10010', '1.10080', '1.09900', '1.10070', 35);
    expect(mergeCandles(stored, mine, 5)).toEqual(c(600, '1.10000', '1.10100', '1.09900', '1.10070', 40));
  });

  it('compares prices as numbers at the precision, not as text', () => {
    const stored = c(0, '99.50', '99.90', '99.10', '99.50', 1);
    const mine = c(0, '99.50', '100.20', '98.70', '100.00', 2);
    expect(mergeCandles(stored, mine, 2)).toMatchObject({ high: '100.20', low: '98.70' });
  });
});

describe('planTakeover', () => {
  it('writes the candles a dead leader had not stored yet, merging the one it had', () => {
    // The old leader stored 10:00 while it was forming, then died after 10:01 began.
    const stored = { '1min': c(600, '1.1', '1.2', '1.0', '1.1', 10) };
    const closed = c(600, '1.1', '1.3', '1.0', '1.2', 12);
    const forming = c(660, '1.2', '1.2', '1.2', '1.2', 1);
    const plan = planTakeover({
      precision: 1,
      live: true,
      forming: { '1min': forming },
      lastClosed: { '1min': closed },
      stored,
    });
    expect(plan.write).toEqual([
      { period: '1min', candle: c(600, '1.1', '1.3', '1.0', '1.2', 12) },
      { period: '1min', candle: forming },
    ]);
    expect(plan.seed).toEqual([]);
  });

  it('leaves a closed candle alone once storage has a newer one, and merges the forming one', () => {
    const stored = { '1min': c(660, '1.2', '1.4', '1.2', '1.3', 9) };
    const plan = planTakeover({
      precision: 1,
      live: true,
      forming: { '1min': c(660, '1.2', '1.3', '1.1', '1.3', 5) },
      lastClosed: { '1min': c(600, '1.0', '1.2', '1.0', '1.2', 30) },
      stored,
    });
    const merged = c(660, '1.2', '1.4', '1.1', '1.3', 9);
    expect(plan.write).toEqual([{ period: '1min', candle: merged }]);
    // The aggregator continues from the merged candle, so later writes keep A's part of the minute.
    expect(plan.seed).toEqual([{ period: '1min', candle: merged }]);
  });

  it('continues from storage for an instrument this node never saw tick', () => {
    const stored = {
      '1min': c(660, '1.2', '1.2', '1.2', '1.2', 3),
      '5min': c(600, '1.0', '1.2', '1.0', '1.2', 50),
    };
    const plan = planTakeover({
      precision: 1,
      live: false,
      forming: {
        '1min': c(600, '1.0', '1.0', '1.0', '1.0', 1),
        '5min': c(600, '1.0', '1.0', '1.0', '1.0', 1),
      },
      lastClosed: {},
      stored,
    });
    expect(plan.write).toEqual([]);
    expect(plan.seed).toEqual([
      { period: '1min', candle: stored['1min'] },
      { period: '5min', candle: stored['5min'] },
    ]);
  });
});
