import { describe, expect, it } from 'vitest';
import {
  copyVolume,
  formatFeeRate,
  markAfterDeposit,
  markAfterWithdrawal,
  parseFeeRate,
  settleFee,
} from './copy.js';
import { D } from './decimal.js';

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
const int = (r: () => number, min: number, max: number) => min + Math.floor(r() * (max - min + 1));

describe('copyVolume', () => {
  it('is proportional to the equities and rounded down to the step', () => {
    expect(copyVolume('1', 10_000_000_000, 100_000_000_000, '0.01')).toEqual({ wanted: '0.1', lots: '0.1' });
    expect(copyVolume('5', 5_983_000_000, 99_830_000_000, '0.01').lots).toBe('0.29');
    expect(copyVolume('1', 50_000_000, 100_000_000_000, '0.01')).toEqual({ wanted: '0.0005', lots: '0' });
    expect(copyVolume('1', 0, 100_000_000_000, '0.01').lots).toBe('0');
    expect(copyVolume('1', 10, -5, '0.01').lots).toBe('0');
  });

  it('never exceeds the exact share and misses it by less than one step (random cases)', () => {
    const r = prng(7);
    for (let i = 0; i < 2000; i++) {
      const lots = (int(r, 1, 10_000) / 100).toString();
      const copyEq = int(r, 1, 10_000_000_000_000);
      const provEq = int(r, 1, 10_000_000_000_000);
      const v = copyVolume(lots, copyEq, provEq, '0.01');
      const exact = new D(lots).mul(copyEq).div(provEq);
      expect(new D(v.lots).lte(exact)).toBe(true);
      expect(exact.minus(v.lots).lt('0.01')).toBe(true);
      expect(new D(v.lots).mod('0.01').isZero()).toBe(true);
    }
  });
});

describe('copyVolume in integers', () => {
  /** The volume in decimals, as copyVolume computed it before its integer form (and still does off it). */
  function inDecimals(lots: string, copyEq: number, provEq: number, step: string) {
    const wanted = new D(lots).mul(copyEq).div(provEq);
    const rounded = wanted.div(step).floor().mul(step);
    const text = (v: InstanceType<typeof D>) => (v.isZero() ? '0' : v.toFixed());
    return { wanted: text(wanted.toDecimalPlaces(8, D.ROUND_DOWN)), lots: text(rounded) };
  }

  it('gives exactly the decimal computation, for steps of any scale (random cases)', () => {
    const r = prng(11);
    const steps = ['1', '0.1', '0.01', '0.001', '0.05', '0.25', '2.5', '0.0001', '10'];
    for (let i = 0; i < 5000; i++) {
      const step = steps[int(r, 0, steps.length - 1)] as string;
      const lots = new D(step).mul(int(r, 1, 50_000)).toFixed();
      // Equities from a micro-unit to a trillion USD, either side.
      const copyEq = int(r, 1, 10 ** int(r, 1, 15));
      const provEq = int(r, 1, 10 ** int(r, 1, 15));
      expect(copyVolume(lots, copyEq, provEq, step)).toEqual(inDecimals(lots, copyEq, provEq, step));
    }
  });

  it('keeps to decimals for equities that are not whole micro-units, and refuses bad texts as before', () => {
    expect(copyVolume('1', 2_500_000.5, 10_000_000, '0.01')).toEqual(
      inDecimals('1', 2_500_000.5, 10_000_000, '0.01'),
    );
    expect(copyVolume('0.000000000000000000001', 1, 1, '0.000000000000000000001')).toEqual({
      wanted: '0',
      lots: '0.000000000000000000001',
    });
    expect(() => copyVolume('-1', 1, 1, '0.01')).toThrow(/providerLots/);
    expect(() => copyVolume('1', 1, 1, '0')).toThrow(/lotStep/);
    expect(() => copyVolume('1e3', 1, 1, '0.01')).toThrow(/providerLots/);
  });
});

describe('the performance fee on a high-water mark', () => {
  it('charges the rate of the profit above the mark, rounded down, and raises the mark', () => {
    // 98.3 USD above the mark at 25.50 %: 25.0665 USD.
    expect(settleFee(10_098_300_000, 10_000_000_000, 2550)).toEqual({
      feeMicros: 25_066_500,
      hwmMicros: 10_073_233_500,
    });
    expect(settleFee(9_000_000_000, 10_000_000_000, 2000)).toEqual({
      feeMicros: 0,
      hwmMicros: 10_000_000_000,
    });
    expect(settleFee(10_000_000_003, 10_000_000_000, 5000)).toEqual({
      feeMicros: 1,
      hwmMicros: 10_000_000_002,
    });
    expect(settleFee(20_000_000_000, 10_000_000_000, 0)).toEqual({ feeMicros: 0, hwmMicros: 20_000_000_000 });
    expect(() => settleFee(1, 0, 5001 * 2)).toThrow(RangeError);
    // Past 2^53 in the product, still exact.
    expect(settleFee(9_000_000_000_000_000, 0, 3333).feeMicros).toBe(2_999_700_000_000_000);
  });

  it('over random histories: never charges the same profit twice, never more than the rate of the total gain', () => {
    const r = prng(42);
    for (let run = 0; run < 500; run++) {
      const rate = int(r, 0, 5000);
      const start = int(r, 1_000_000, 100_000_000_000);
      let equity = start;
      let hwm = start;
      let fees = 0;
      let deposits = 0;
      let peakNet = 0;
      for (let step = 0; step < 30; step++) {
        const what = r();
        if (what < 0.15) {
          const d = int(r, 1, 10_000_000_000);
          equity += d;
          deposits += d;
          hwm = markAfterDeposit(hwm, d);
        } else if (what < 0.25 && equity > 1) {
          const w = int(r, 1, equity - 1);
          const before = hwm;
          hwm = markAfterWithdrawal(hwm, w);
          expect(hwm).toBeLessThanOrEqual(before);
          equity -= w;
          deposits -= w;
        } else if (what < 0.5) {
          const { feeMicros, hwmMicros } = settleFee(equity, hwm, rate);
          expect(feeMicros).toBeGreaterThanOrEqual(0);
          expect(feeMicros).toBeLessThanOrEqual(Math.max(0, equity - hwm));
          expect(BigInt(feeMicros) * 10_000n).toBeLessThanOrEqual(
            BigInt(Math.max(0, equity - hwm)) * BigInt(rate),
          );
          fees += feeMicros;
          equity -= feeMicros;
          hwm = hwmMicros;
          // Settling again at once charges nothing.
          expect(settleFee(equity, hwm, rate).feeMicros).toBe(0);
        } else {
          equity = Math.max(0, equity + int(r, -equity, equity));
        }
        peakNet = Math.max(peakNet, equity + fees - start - deposits);
      }
      // Fees never exceed the rate of the best net gain reached.
      expect(fees).toBeLessThanOrEqual(Math.ceil((peakNet * rate) / 10_000));
    }
  });

  it('a withdrawal lowers the mark by its amount, never below 0', () => {
    expect(markAfterWithdrawal(10_000_000_000, 4_000_000_000)).toBe(6_000_000_000);
    expect(markAfterWithdrawal(10, 11)).toBe(0);
  });
});

describe('fee rates', () => {
  it('reads 0 to 50 % with at most 2 decimals, and nothing else', () => {
    expect(parseFeeRate('20', 50)).toBe(2000);
    expect(parseFeeRate('12.5', 50)).toBe(1250);
    expect(parseFeeRate('0', 50)).toBe(0);
    expect(parseFeeRate('50.00', 50)).toBe(5000);
    for (const bad of ['50.01', '-1', '1e1', '', ' ', '0.001', 'abc', '100', 'NaN'])
      expect(parseFeeRate(bad, 50)).toBeNull();
    expect(formatFeeRate(2550)).toBe('25.50');
  });
});
