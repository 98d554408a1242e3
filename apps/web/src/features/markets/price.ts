import type { TradeInstrument } from '@meridian/contract';
import { formatChangePercent, formatFixed } from '../../lib/format';

export type Direction = 'up' | 'down' | 'flat';

/** The sign of a decimal-string change; '0.00' and anything unreadable are flat. */
export function changeDirection(change: string | null | undefined): Direction {
  if (!change || !/^[+-]?\d+(\.\d+)?$/.test(change)) return 'flat';
  if (/^[+-]?0+(\.0+)?$/.test(change)) return 'flat';
  return change.startsWith('-') ? 'down' : 'up';
}

/** The last price at the instrument's own precision. */
export function lastPrice(inst: Pick<TradeInstrument, 'ForexQuotations' | 'PricePrecision'>): string {
  return formatFixed(inst.ForexQuotations.Close, inst.PricePrecision);
}

export function changeText(inst: Pick<TradeInstrument, 'ForexQuotations'>): string {
  return formatChangePercent(inst.ForexQuotations.Change, 2);
}
