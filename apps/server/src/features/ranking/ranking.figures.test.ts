import { describe, expect, it } from 'vitest';
import { publicName } from '../identity/index.js';
import {
  type ClosedTrade,
  medianLeverage,
  mostTraded,
  rankTraders,
  ratePercent,
  type TraderFigures,
  traderFigures,
  winPercent,
} from './ranking.figures.js';

const trade = (code: string, leverage: number, netMicros: number, marginMicros: number): ClosedTrade => ({
  code,
  leverage,
  netMicros,
  marginMicros,
});

describe('ranking figures', () => {
  it('rounds percentages half away from zero at 2 decimals, and never shows -0.00', () => {
    expect(ratePercent(1, 8)).toBe('12.50');
    expect(ratePercent(1, 40_000)).toBe('0.00'); // 0.0025 %
    expect(ratePercent(1, 20_000)).toBe('0.01'); // 0.005 %: the half goes up
    expect(ratePercent(-1, 20_000)).toBe('-0.01'); // … and away from zero below it
    expect(ratePercent(-1, 40_000)).toBe('0.00');
    expect(ratePercent(5, 0)).toBe('0.00');
    expect(winPercent(2, 3)).toBe('66.67');
    expect(winPercent(0, 0)).toBe('0.00');
  });

  it('takes the lower middle leverage on an even count', () => {
    expect(medianLeverage([trade('A', 5, 0, 1), trade('A', 1, 0, 1), trade('A', 3, 0, 1)])).toBe(3);
    expect(medianLeverage([trade('A', 10, 0, 1), trade('A', 20, 0, 1)])).toBe(10);
  });

  it('picks the most traded code; a tie goes to the larger margin, then to alphabetical order', () => {
    expect(mostTraded([trade('B', 1, 0, 1), trade('A', 1, 0, 1), trade('B', 1, 0, 1)])).toBe('B');
    expect(
      mostTraded([trade('B', 1, 0, 5), trade('A', 1, 0, 3), trade('A', 1, 0, 1), trade('B', 1, 0, 1)]),
    ).toBe('B');
    expect(mostTraded([trade('B', 1, 0, 4), trade('A', 1, 0, 4)])).toBe('A');
  });

  it('needs 5 closed trades in the window', () => {
    const four = Array.from({ length: 4 }, () => trade('A', 1, 1, 10));
    const totals = { trades: 4, netMicros: 4, marginMicros: 40 };
    expect(traderFigures(1, four, totals)).toBeNull();
    expect(traderFigures(1, [...four, trade('A', 1, -1, 10)], totals)).toMatchObject({
      windowTrades: 5,
      windowWins: 4,
      windowNetMicros: 3,
      windowMarginMicros: 50,
    });
  });

  it('orders by the exact three-week ratio, then profit, then the older account', () => {
    const figures = (userId: number, net: number, margin: number): TraderFigures => ({
      userId,
      multiple: 1,
      code: 'A',
      windowTrades: 5,
      windowWins: 5,
      windowNetMicros: net,
      windowMarginMicros: margin,
      totalTrades: 5,
      totalNetMicros: net,
      totalMarginMicros: margin,
    });
    // 1/3 and 333/1000 both show "33.33", but 1/3 is the larger return.
    const ranked = rankTraders([figures(1, 333, 1000), figures(2, 1, 3), figures(3, 2, 6), figures(4, 2, 6)]);
    expect(ranked.map((f) => f.userId)).toEqual([3, 4, 2, 1]);
  });

  it('shows an e-mail masked to its first character and domain, a phone number to its last 3 digits', () => {
    expect(publicName({ uid: '12345678', email: 'jane.doe@example.com', mobile: null })).toBe(
      'j***@example.com',
    );
    expect(publicName({ uid: '12345678', email: null, mobile: '7700900123' })).toBe('***123');
    expect(publicName({ uid: '12345678', email: null, mobile: null })).toBe('12345678');
  });
});
