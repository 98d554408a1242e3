import { D, type DecimalInput, parseNonNegative } from './decimal.js';
import { assertMicros, fromMicros, toMicros, usdToMicros } from './money.js';

export const WITHDRAW_FEE_TYPE_FIXED = 1;
/** The specification shows the amount received with 2 decimals. */
export const RECEIVE_DECIMALS = 2;

export interface WithdrawInput {
  /** The amount debited from the balance, micros of USD. */
  amountMicros: number;
  /** fee_type of the withdraw currency: 1 = a fixed USD amount, anything else = a share of the amount. */
  feeType: number;
  /** draw_rate: the fixed fee in USD (type 1) or the fee fraction (0.01 = 1 %). */
  drawRate: DecimalInput;
  /** usd_price: units of the withdraw currency paid per USD. */
  usdPrice: DecimalInput;
}

export interface WithdrawQuote {
  feeMicros: number;
  /** amount − fee, never below 0. */
  netMicros: number;
  /** net × usd_price in the withdraw currency, 2 decimals, half-up; "0.00" when the fee eats it all. */
  receiveStr: string;
}

/**
 * Fee and amount received for a withdrawal (spec section 9). The fee is booked in micros (rounded
 * once, half-up); the amount received is computed from the booked net and rounded once to 2 decimals,
 * half-up (ties away from zero; it is never negative). A caller should refuse a withdrawal whose
 * receiveStr is "0.00" rather than book a fee larger than the amount.
 */
export function withdrawQuote(input: WithdrawInput): WithdrawQuote {
  const amount = assertMicros(input.amountMicros, 'amountMicros');
  if (amount < 0) throw new RangeError(`amountMicros: expected zero or more, got ${amount}`);
  const rate = parseNonNegative(input.drawRate, 'drawRate');
  const usdPrice = parseNonNegative(input.usdPrice, 'usdPrice');

  const feeMicros =
    input.feeType === WITHDRAW_FEE_TYPE_FIXED
      ? toMicros(rate, { label: 'fee' })
      : usdToMicros(fromMicros(amount).times(rate), 'fee');
  const netMicros = Math.max(0, amount - feeMicros);
  const receive = fromMicros(netMicros).times(usdPrice).toDecimalPlaces(RECEIVE_DECIMALS, D.ROUND_HALF_UP);
  return { feeMicros, netMicros, receiveStr: receive.toFixed(RECEIVE_DECIMALS) };
}
