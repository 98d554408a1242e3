import type { DrawCurrency } from '@meridian/contract';
import { formatMicros, toMicros, withdrawQuote } from '@meridian/trading';

/** What a trader may type as an amount: digits with up to 6 decimals. */
const AMOUNT = /^\d{1,10}(\.\d{0,6})?$/;

/** The typed amount in micro-units, or null when it is empty, malformed or not above zero. */
export function amountMicros(text: string): number | null {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return null;
  const micros = toMicros(trimmed.endsWith('.') ? `${trimmed}0` : trimmed, { strict: true });
  return micros > 0 ? micros : null;
}

/** Keeps what the field shows typeable: digits and one point, at most 6 decimals. */
export function cleanAmountInput(text: string): string {
  const digits = text.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = digits.split('.');
  if (rest.length === 0) return whole.slice(0, 10);
  return `${whole.slice(0, 10)}.${rest.join('').slice(0, 6)}`;
}

export interface WithdrawEstimate {
  /** USD, 6 decimals (spec: fees are shown with 6). */
  fee: string;
  /** In the withdraw currency, at its own precision (2 fiat, 8 BTC, 6 USDT), rounded down. */
  receive: string;
  /** The server refuses a withdrawal that would pay out nothing. */
  payable: boolean;
}

/**
 * Fee and amount received, computed by the same packages/trading code the server books with, so
 * the estimate on screen is the amount on the record.
 */
export function withdrawEstimate(currency: DrawCurrency | undefined, text: string): WithdrawEstimate | null {
  const micros = amountMicros(text);
  if (!currency || micros === null) return null;
  const quote = withdrawQuote({
    amountMicros: micros,
    feeType: currency.fee_type,
    drawRate: currency.draw_rate,
    usdPrice: currency.usd_price,
    receiveDecimals: currency.receive_decimals,
  });
  return { fee: formatMicros(quote.feeMicros, 6), receive: quote.receiveStr, payable: quote.payable };
}
