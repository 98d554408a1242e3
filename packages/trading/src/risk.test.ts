import { describe, expect, it } from 'vitest';
import { equityMicros, isMarginCall, isStopOut, riskRatePct, stopOutPlan } from './risk.js';

const USD = 1_000_000;

describe('equity and risk rate', () => {
  it('equity = free + frozen + floating P&L', () => {
    // 1000 + 500 − 200 = 1300 USD
    expect(
      equityMicros({ freeMicros: 1000 * USD, frozenMicros: 500 * USD, floatingPnlMicros: -200 * USD }),
    ).toBe(1300 * USD);
  });

  it('risk rate = equity / used margin × 100, exact', () => {
    // 1300 / 500 × 100 = 260 %
    expect(riskRatePct({ equityMicros: 1300 * USD, usedMarginMicros: 500 * USD })?.toFixed()).toBe('260');
    // 1000 / 3000 × 100 = 33.333…; shown to 2 decimals → 33.33
    expect(riskRatePct({ equityMicros: 1000 * USD, usedMarginMicros: 3000 * USD })?.toFixed(2)).toBe('33.33');
    // negative equity gives a negative rate: −50 / 100 × 100 = −50 %
    expect(riskRatePct({ equityMicros: -50 * USD, usedMarginMicros: 100 * USD })?.toFixed()).toBe('-50');
  });

  it('is null when no margin is used', () => {
    expect(riskRatePct({ equityMicros: 1000 * USD, usedMarginMicros: 0 })).toBeNull();
    expect(() => riskRatePct({ equityMicros: 1, usedMarginMicros: -1 })).toThrow(RangeError);
  });
});

describe('margin call (100 %) and stop-out (50 %)', () => {
  it('fire at the level and below, not a micro above', () => {
    // 500 / 500 = 100 % → margin call; 500.000001 / 500 > 100 % → none
    expect(isMarginCall({ equityMicros: 500 * USD, usedMarginMicros: 500 * USD })).toBe(true);
    expect(isMarginCall({ equityMicros: 500 * USD + 1, usedMarginMicros: 500 * USD })).toBe(false);
    // 250 / 500 = 50 % → stop-out; one micro more → none
    expect(isStopOut({ equityMicros: 250 * USD, usedMarginMicros: 500 * USD })).toBe(true);
    expect(isStopOut({ equityMicros: 250 * USD + 1, usedMarginMicros: 500 * USD })).toBe(false);
    expect(isStopOut({ equityMicros: -1, usedMarginMicros: 500 * USD })).toBe(true);
  });

  it('honour custom levels', () => {
    // 300 / 400 = 75 %: below a 80 % stop-out, above a 70 % one
    expect(isStopOut({ equityMicros: 300 * USD, usedMarginMicros: 400 * USD }, 80)).toBe(true);
    expect(isStopOut({ equityMicros: 300 * USD, usedMarginMicros: 400 * USD }, 70)).toBe(false);
    expect(isMarginCall({ equityMicros: 300 * USD, usedMarginMicros: 400 * USD }, 75)).toBe(true);
    expect(() => isStopOut({ equityMicros: 1, usedMarginMicros: 1 }, Number.NaN)).toThrow(RangeError);
  });

  it('never fire without used margin, even with negative equity', () => {
    expect(isMarginCall({ equityMicros: -5, usedMarginMicros: 0 })).toBe(false);
    expect(isStopOut({ equityMicros: -5, usedMarginMicros: 0 })).toBe(false);
  });
});

describe('stopOutPlan', () => {
  const positions = [
    { id: 'a', marginMicros: 100 * USD, floatingPnlMicros: -10 * USD },
    { id: 'b', marginMicros: 200 * USD, floatingPnlMicros: -150 * USD },
    { id: 'c', marginMicros: 100 * USD, floatingPnlMicros: 5 * USD },
  ];

  it('closes the worst position first until the rate is back above the level', () => {
    // equity 180, used 400 → 45 % ≤ 50: close b (worst, −150); used 200 → 90 % > 50: stop
    expect(stopOutPlan(180 * USD, positions)).toEqual(['b']);
    // equity 40: 10 %; close b → 40/200 = 20 %; close a → 40/100 = 40 %; close c → no margin left
    expect(stopOutPlan(40 * USD, positions)).toEqual(['b', 'a', 'c']);
  });

  it('closes nothing while the rate is above the level', () => {
    // 201 / 400 = 50.25 %
    expect(stopOutPlan(201 * USD, positions)).toEqual([]);
  });

  it('breaks P&L ties by the larger margin, then by input order', () => {
    const tied = [
      { id: 1, marginMicros: 100, floatingPnlMicros: -7 },
      { id: 2, marginMicros: 300, floatingPnlMicros: -7 },
      { id: 3, marginMicros: 100, floatingPnlMicros: -7 },
    ];
    expect(stopOutPlan(0, tied)).toEqual([2, 1, 3]);
  });
});
