import { D, type DecimalInput, parseNonNegative } from './decimal.js';
import { assertMicros, fromMicros, toMicros, usdToMicros } from './money.js';

export const WITHDRAW_FEE_TYPE_FIXED = 1;
/** Fiat is paid in cents; a currency without its own precision is treated as fiat. */
export const RECEIVE_DECIMALS = 2;
export const MAX_RECEIVE_DECIMALS = 18;

/**
 * The decimals a payout in `code` is made with when the operator has not said otherwise: what the
 * network or the bank can actually send. Bitcoin and Ether to 8 (satoshi; Ether's 18 are more than
 * any exchange pays out), the dollar stablecoins to 6 (their token precision), fiat to cents.
 */
const DEFAULT_DECIMALS: Readonly<Record<string, number>> = {
  BTC: 8,
  ETH: 8,
  USDT: 6,
  USDC: 6,
};

export function defaultReceiveDecimals(code: string): number {
  return DEFAULT_DECIMALS[code.trim().toUpperCase()] ?? RECEIVE_DECIMALS;
}

export interface WithdrawInput {
  /** The amount debited from the balance, micros of USD. */
  amountMicros: number;
  /** fee_type of the withdraw currency: 1 = a fixed USD amount, anything else = a share of the amount. */
  feeType: number;
  /** draw_rate: the fixed fee in USD (type 1) or the fee fraction (0.01 = 1 %). */
  drawRate: DecimalInput;
  /** usd_price: units of the withdraw currency paid per USD. */
  usdPrice: DecimalInput;
  /** The precision the currency is paid out with (stored with the currency; 2 for fiat, 8 for BTC). */
  receiveDecimals: number;
}

export interface WithdrawQuote {
  feeMicros: number;
  /** amount − fee, never below 0. */
  netMicros: number;
  /** net × usd_price in the withdraw currency at its own precision, rounded down; "0.00…" when nothing is left. */
  receiveStr: string;
  /** False when nothing would be paid out (the fee eats the amount, or less than one smallest unit is left). */
  payable: boolean;
}

/**
 * Fee and amount received for a withdrawal (spec section 9). The fee is booked in micros (rounded
 * once, half-up); the amount received is computed from the booked net and rounded once, DOWN, at the
 * currency's own precision: the house never promises a fraction it cannot send, and never pays more
 * than the net (rounding 1,000 USD of BTC to 2 decimals once underpaid by 4 %, and ETH overpaid).
 */
export function withdrawQuote(input: WithdrawInput): WithdrawQuote {
  const amount = assertMicros(input.amountMicros, 'amountMicros');
  if (amount < 0) throw new RangeError(`amountMicros: expected zero or more, got ${amount}`);
  const rate = parseNonNegative(input.drawRate, 'drawRate');
  const usdPrice = parseNonNegative(input.usdPrice, 'usdPrice');
  const decimals = input.receiveDecimals;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_RECEIVE_DECIMALS) {
    throw new RangeError(
      `receiveDecimals: expected an integer from 0 to ${MAX_RECEIVE_DECIMALS}, got ${decimals}`,
    );
  }

  const feeMicros =
    input.feeType === WITHDRAW_FEE_TYPE_FIXED
      ? toMicros(rate, { label: 'fee' })
      : usdToMicros(fromMicros(amount).times(rate), 'fee');
  const netMicros = Math.max(0, amount - feeMicros);
  const receive = fromMicros(netMicros).times(usdPrice).toDecimalPlaces(decimals, D.ROUND_DOWN);
  return {
    feeMicros,
    netMicros,
    receiveStr: receive.toFixed(decimals),
    payable: netMicros > 0 && receive.gt(0),
  };
}
