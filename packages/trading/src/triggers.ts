import type { Decimal } from 'decimal.js';
import {
  type DecimalInput,
  DecimalParseError,
  decimalToString,
  parseDecimal,
  parsePositive,
} from './decimal.js';
import { closingPrice, openingPrice, type Quote, type Side } from './instrument.js';

export type ProtectionErrorKey = 'price_invalid' | 'take_profit_wrong_side' | 'stop_loss_wrong_side';

export type ProtectionResult =
  | { ok: true; takeProfitStr: string | null; stopLossStr: string | null }
  | { ok: false; error: ProtectionErrorKey; params: Record<string, string> };

/** A TP/SL level as sent: 0, '', null or undefined means "none" (the form sends 0 when unticked). */
export type LevelInput = DecimalInput | null | undefined;

function parseLevel(input: LevelInput, label: string): Decimal | null {
  if (input === null || input === undefined || input === '') return null;
  const value = parseDecimal(input, label);
  return value.isZero() ? null : value;
}

export interface ProtectionInput {
  side: Side;
  /** The live quote; for a pending order pass the target as both bid and ask. */
  quote: Quote;
  takeProfit: LevelInput;
  stopLoss: LevelInput;
}

/**
 * TP/SL must sit on the profitable/losing side of the price the position would close at now:
 * a buy closes at the bid, so TP > bid and SL < bid; a sell closes at the ask, so TP < ask and SL > ask.
 * A level equal to that price is refused: it would trigger on the next tick.
 * Non-numeric or negative levels → price_invalid.
 */
export function validateProtection(input: ProtectionInput): ProtectionResult {
  let takeProfit: Decimal | null;
  let stopLoss: Decimal | null;
  try {
    takeProfit = parseLevel(input.takeProfit, 'takeProfit');
    stopLoss = parseLevel(input.stopLoss, 'stopLoss');
  } catch (error) {
    if (error instanceof DecimalParseError) return { ok: false, error: 'price_invalid', params: {} };
    throw error;
  }
  if (takeProfit?.isNeg() || stopLoss?.isNeg()) return { ok: false, error: 'price_invalid', params: {} };
  // Nothing to place against the quote (most orders): no need to read it.
  if (takeProfit === null && stopLoss === null) return { ok: true, takeProfitStr: null, stopLossStr: null };

  const close = parsePositive(closingPrice(input.side, input.quote), 'quote');
  const params = { price: decimalToString(close) };
  const buy = input.side === 'buy';
  if (takeProfit && (buy ? !takeProfit.gt(close) : !takeProfit.lt(close))) {
    return { ok: false, error: 'take_profit_wrong_side', params };
  }
  if (stopLoss && (buy ? !stopLoss.lt(close) : !stopLoss.gt(close))) {
    return { ok: false, error: 'stop_loss_wrong_side', params };
  }
  return {
    ok: true,
    takeProfitStr: takeProfit ? decimalToString(takeProfit) : null,
    stopLossStr: stopLoss ? decimalToString(stopLoss) : null,
  };
}

/** Take profit fires: buy when bid ≥ TP, sell when ask ≤ TP. No TP (0/null) never fires. */
export function isTakeProfitHit(side: Side, quote: Quote, takeProfit: LevelInput): boolean {
  const level = parseLevel(takeProfit, 'takeProfit');
  if (!level) return false;
  const close = parseDecimal(closingPrice(side, quote), 'quote');
  return side === 'buy' ? close.gte(level) : close.lte(level);
}

/** Stop loss fires: buy when bid ≤ SL, sell when ask ≥ SL. No SL (0/null) never fires. */
export function isStopLossHit(side: Side, quote: Quote, stopLoss: LevelInput): boolean {
  const level = parseLevel(stopLoss, 'stopLoss');
  if (!level) return false;
  const close = parseDecimal(closingPrice(side, quote), 'quote');
  return side === 'buy' ? close.lte(level) : close.gte(level);
}

/**
 * Which protection closes the position on this quote, if any. With valid levels both cannot hold at
 * once; if bad data makes them, the stop loss wins because it is the one that limits the damage.
 */
export function protectionTrigger(
  side: Side,
  quote: Quote,
  levels: { takeProfit: LevelInput; stopLoss: LevelInput },
): 'take_profit' | 'stop_loss' | null {
  if (isStopLossHit(side, quote, levels.stopLoss)) return 'stop_loss';
  if (isTakeProfitHit(side, quote, levels.takeProfit)) return 'take_profit';
  return null;
}

/**
 * How a pending order fills: when the executable opening price (ask for a buy, bid for a sell)
 * reaches the target coming from the side the market was on at placement.
 * - 'at_or_below': the market was above the target (a buy limit, a sell stop) → fills when price ≤ target;
 * - 'at_or_above': the market was below the target (a buy stop, a sell limit) → fills when price ≥ target.
 * Store it with the order at placement; it never changes afterwards.
 */
export type FillDirection = 'at_or_below' | 'at_or_above';

/**
 * The fill direction of a pending order placed now. A target equal to the market price gets the limit
 * direction (a buy fills at that price or lower, a sell at that price or higher), i.e. the one that
 * never gives the trader a worse price than the one asked for.
 */
export function pendingFillDirection(side: Side, quote: Quote, targetPrice: DecimalInput): FillDirection {
  const target = parsePositive(targetPrice, 'targetPrice');
  const market = parsePositive(openingPrice(side, quote), 'quote');
  if (target.lt(market)) return 'at_or_below';
  if (target.gt(market)) return 'at_or_above';
  return side === 'buy' ? 'at_or_below' : 'at_or_above';
}

/** True when a pending order fills on this quote; it fills at openingPrice(side, quote). */
export function isPendingFilled(
  side: Side,
  quote: Quote,
  targetPrice: DecimalInput,
  direction: FillDirection,
): boolean {
  const target = parsePositive(targetPrice, 'targetPrice');
  const market = parsePositive(openingPrice(side, quote), 'quote');
  return direction === 'at_or_below' ? market.lte(target) : market.gte(target);
}
