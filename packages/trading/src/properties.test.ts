import { describe, expect, it } from 'vitest';
import { closingPrice, openingPrice } from './instrument.js';
import { nextLots, prevLots, validateLots } from './lots.js';
import { marginMicros } from './margin.js';
import { MAX_MICROS } from './money.js';
import { pnlMicrosAt } from './pnl.js';

/** mulberry32: a tiny seeded PRNG, so every run checks the same cases and a failure reproduces. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function intBetween(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** A decimal string for `ticks × 10^-decimals`, built from integers only. */
function scaled(ticks: bigint, decimals: number): string {
  const negative = ticks < 0n;
  const digits = (negative ? -ticks : ticks).toString().padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${text}` : text;
}

/** numerator / denominator rounded half away from zero, in BigInt: the independent oracle. */
function roundHalfAway(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const magnitude = (2n * n + d) / (2n * d);
  return negative ? -magnitude : magnitude;
}

const CASES = 500;
const MAX = BigInt(MAX_MICROS);

/** Runs `compute`; when the oracle says the result is past the ceiling, expects the RangeError instead. */
function expectBookedOrRefused(compute: () => number, expected: bigint): boolean {
  if (expected > MAX || expected < -MAX) {
    expect(compute).toThrow(RangeError);
    return false;
  }
  expect(BigInt(compute())).toBe(expected);
  return true;
}

describe('properties (seeded)', () => {
  it('opening and closing at the same quote loses exactly the spread', () => {
    const random = prng(20_240_601);
    let bookedCount = 0;
    for (let i = 0; i < CASES; i++) {
      const priceDecimals = intBetween(random, 0, 5);
      const bidTicks = BigInt(intBetween(random, 1, 10_000_000));
      const spreadTicks = BigInt(intBetween(random, 0, 500));
      const lotSteps = BigInt(intBetween(random, 1, 100_000)); // lots = steps × 0.01
      const units = BigInt([1, 100, 1000, 100_000][intBetween(random, 0, 3)] ?? 1);
      const quote = {
        bid: scaled(bidTicks, priceDecimals),
        ask: scaled(bidTicks + spreadTicks, priceDecimals),
      };
      const lots = scaled(lotSteps, 2);

      // oracle: spread × lots × units in micros = spreadTicks × lotSteps × units × 1e6 / (10^p × 100)
      const expected = -roundHalfAway(
        spreadTicks * lotSteps * units * 1_000_000n,
        10n ** BigInt(priceDecimals) * 100n,
      );
      for (const side of ['buy', 'sell'] as const) {
        const booked = () =>
          pnlMicrosAt({
            side,
            terms: { contractSize: Number(units) },
            lots,
            openPrice: openingPrice(side, quote),
            closePrice: closingPrice(side, quote),
            quoteToUsd: 1,
          });
        if (expectBookedOrRefused(booked, expected)) bookedCount++;
      }
    }
    expect(bookedCount).toBeGreaterThan(CASES);
  });

  it('a buy and a sell over the same prices book exactly opposite P&L', () => {
    const random = prng(7);
    for (let i = 0; i < CASES; i++) {
      const common = {
        terms: { contractSize: intBetween(random, 1, 100_000) },
        lots: scaled(BigInt(intBetween(random, 1, 10_000)), 2),
        openPrice: scaled(BigInt(intBetween(random, 1, 9_999_999)), 6),
        closePrice: scaled(BigInt(intBetween(random, 1, 9_999_999)), 6),
        quoteToUsd: scaled(BigInt(intBetween(random, 1, 3_000_000)), 6),
      };
      const buy = pnlMicrosAt({ side: 'buy', ...common });
      const sell = pnlMicrosAt({ side: 'sell', ...common });
      expect(buy + sell).toBe(0);
    }
  });

  it('margin matches an exact integer oracle and is linear in lots up to one micro of rounding', () => {
    const random = prng(42);
    let linearChecked = 0;
    for (let i = 0; i < CASES; i++) {
      const priceDecimals = intBetween(random, 0, 5);
      const priceTicks = BigInt(intBetween(random, 1, 50_000_000));
      const units = BigInt([1, 100, 100_000][intBetween(random, 0, 2)] ?? 1);
      const leverage = BigInt([1, 3, 7, 20, 50, 100, 400][intBetween(random, 0, 6)] ?? 1);
      const stepsA = BigInt(intBetween(random, 1, 5_000));
      const stepsB = BigInt(intBetween(random, 1, 5_000));
      const terms = { contractSize: Number(units), marginMode: 2 };
      const price = scaled(priceTicks, priceDecimals);
      const margin = (steps: bigint) =>
        marginMicros({ terms, lots: scaled(steps, 2), price, leverage: Number(leverage), quoteToUsd: 1 });

      const oracle = (steps: bigint) =>
        roundHalfAway(
          steps * units * priceTicks * 1_000_000n,
          100n * 10n ** BigInt(priceDecimals) * leverage,
        );
      for (const steps of [stepsA, stepsB, stepsA + stepsB, stepsA * 3n]) {
        expectBookedOrRefused(() => margin(steps), oracle(steps));
      }
      if (oracle(stepsA + stepsB) > MAX || oracle(stepsA * 3n) > MAX) continue;
      linearChecked++;
      const drift = margin(stepsA + stepsB) - margin(stepsA) - margin(stepsB);
      expect(Math.abs(drift)).toBeLessThanOrEqual(1);
      // k × lots: exactly k × margin whenever one lot's margin is a whole number of micros
      const exactUnit =
        (stepsA * units * priceTicks * 1_000_000n) % (100n * 10n ** BigInt(priceDecimals) * leverage) === 0n;
      if (exactUnit) expect(margin(stepsA * 3n)).toBe(3 * margin(stepsA));
    }
    // the generator must mostly stay under the ceiling, or the linearity check would prove nothing
    expect(linearChecked).toBeGreaterThan(CASES / 2);
  });

  it('every value the stepper produces from a valid size is valid or out of bounds, never off-step', () => {
    const random = prng(99);
    const steps = ['0.01', '0.1', '0.05', '1', '0.001'];
    for (let i = 0; i < CASES; i++) {
      const step = steps[intBetween(random, 0, steps.length - 1)] ?? '0.01';
      const terms = { minLots: step, lotStep: step, maxLots: '1000000' };
      let lots = step;
      const taps = intBetween(random, 1, 40);
      for (let t = 0; t < taps; t++) lots = random() < 0.7 ? nextLots(lots, step) : prevLots(lots, step);
      expect(validateLots(lots, terms)).toMatchObject({ ok: true, lotsStr: lots });
    }
  });
});
