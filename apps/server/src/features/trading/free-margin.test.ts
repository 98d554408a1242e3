import { floatingPnlMicros } from '@meridian/trading';
import { describe, expect, it } from 'vitest';
import { createRng } from '../markets/index.js';
import { clearlyCovered, ExposureCache, type PricingView, toExposure, withHolding } from './free-margin.js';
import type { HoldingExposure } from './orders.repository.js';

/**
 * The free-margin estimate decides only when the exact check may be skipped: whenever it says the
 * free balance clearly covers the open loss, the exact rule (each position priced in decimals,
 * rounded to the micro-unit) holds. Checked over random books near the line, with sums made as the
 * database makes them (doubles) and as the cache makes them (one holding at a time).
 */

/** The same cases on every run (markets' seeded generator). */
const random = (seed: number): (() => number) => createRng(seed).next;

interface Market {
  contractSize: number;
  precision: number;
  rate: string;
}

/** A forex pair, gold, a yen pair (USD rate below 1) and a coin. */
const MARKETS: Market[] = [
  { contractSize: 100_000, precision: 5, rate: '1' },
  { contractSize: 100, precision: 2, rate: '1' },
  { contractSize: 100_000, precision: 3, rate: '0.006711409' },
  { contractSize: 1, precision: 2, rate: '1' },
];
const MIDS = [1.1, 2400, 149, 65_000];

interface Holding {
  instrumentId: number;
  side: 'buy' | 'sell';
  lots: string;
  openPrice: string;
}

function priceNear(next: () => number, mid: number, precision: number, spread = 0.05): string {
  return (mid * (1 + (next() - 0.5) * spread)).toFixed(precision);
}

function book(seed: number) {
  const next = random(seed);
  const count = 1 + Math.floor(next() * 300);
  const holdings: Holding[] = Array.from({ length: count }, () => {
    const instrumentId = Math.floor(next() * MARKETS.length);
    const m = MARKETS[instrumentId] as Market;
    return {
      instrumentId,
      side: next() < 0.5 ? 'buy' : 'sell',
      lots: (Math.ceil(next() * 10_000) / 100).toFixed(2),
      openPrice: priceNear(next, MIDS[instrumentId] as number, m.precision),
    };
  });
  const quotes = MARKETS.map((m, i) => {
    const bid = priceNear(next, MIDS[i] as number, m.precision);
    const ask = (Number(bid) + 10 ** -m.precision * Math.floor(next() * 30)).toFixed(m.precision);
    return { bid, ask };
  });
  const pricing: PricingView<Market> = {
    instrument: (id) => MARKETS[id] as Market,
    quote: (inst) => quotes[MARKETS.indexOf(inst)] as { bid: string; ask: string },
    markets: { quoteToUsd: (inst) => ({ toNumber: () => Number(inst.rate) }) },
  };
  // The exact figure the check decides on: each position priced in decimals, to the micro-unit.
  const exactLoss = Math.max(
    0,
    -holdings.reduce((sum, h) => {
      const m = MARKETS[h.instrumentId] as Market;
      return (
        sum +
        floatingPnlMicros({
          side: h.side,
          terms: { contractSize: m.contractSize },
          lots: h.lots,
          openPrice: h.openPrice,
          quote: quotes[h.instrumentId] as { bid: string; ask: string },
          quoteToUsd: m.rate,
        })
      );
    }, 0),
  );
  // As the database sums them: per instrument and side, in doubles.
  const groups = new Map<string, HoldingExposure>();
  for (const h of holdings) {
    const key = `${h.instrumentId}:${h.side}`;
    const g = groups.get(key) ?? { instrumentId: h.instrumentId, side: h.side, lots: 0, lotsTimesOpen: 0 };
    g.lots += Number(h.lots);
    g.lotsTimesOpen += Number(h.lots) * Number(h.openPrice);
    groups.set(key, g);
  }
  const fromDatabase = toExposure([...groups.values()]);
  // As the cache sums them: one holding at a time.
  const fromCache = holdings.reduce((e, h) => withHolding(e, h), toExposure([]));
  return { next, exactLoss, fromDatabase, fromCache, pricing };
}

describe('the free-margin estimate', () => {
  it('says "clearly covered" only when the exact rule holds, over random books near the line', () => {
    let skipped = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const { next, exactLoss, fromDatabase, fromCache, pricing } = book(seed);
      // Free balances at, just either side of, and around the exact loss.
      const offsets = [-1, 0, 1, -10_000, 10_000, Math.round((next() - 0.5) * 2e8), 1e12];
      for (const offset of offsets) {
        const free = Math.max(0, exactLoss + offset);
        for (const exposure of [fromDatabase, fromCache]) {
          const covered = clearlyCovered(free, exposure, pricing);
          if (covered) expect(free, `seed ${seed}, offset ${offset}`).toBeGreaterThanOrEqual(exactLoss);
          if (covered) skipped++;
        }
      }
      // Far from the line the estimate decides alone (no exact read): what keeps orders fast.
      expect(clearlyCovered(exactLoss + 1e12, fromDatabase, pricing)).toBe(true);
    }
    expect(skipped).toBeGreaterThan(400);
  });

  it('a book with no other holding is covered by any free balance', () => {
    const { pricing } = book(1);
    expect(clearlyCovered(0, toExposure([]), pricing)).toBe(true);
  });
});

describe('the sums kept by account version', () => {
  const one = toExposure([{ instrumentId: 1, side: 'buy', lots: 1, lotsTimesOpen: 1.1 }]);
  const two = toExposure([{ instrumentId: 1, side: 'buy', lots: 2, lotsTimesOpen: 2.2 }]);

  it('serve only the version they were made at', () => {
    const cache = new ExposureCache();
    cache.set(7, 10, one);
    expect(cache.get(7, 10)).toBe(one);
    expect(cache.get(7, 9)).toBeUndefined();
    expect(cache.get(7, 11)).toBeUndefined();
    expect(cache.get(8, 10)).toBeUndefined();
  });

  it('keep the newer of two entries whatever order their commits report in', () => {
    const cache = new ExposureCache();
    cache.set(7, 12, two);
    cache.set(7, 11, one);
    expect(cache.get(7, 12)).toBe(two);
    expect(cache.get(7, 11)).toBeUndefined();
  });
});
