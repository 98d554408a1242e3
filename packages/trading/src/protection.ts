import { assertMicros, sumMicros } from './money.js';

/**
 * Negative balance protection (ESMA) guards the account's EQUITY, not one balance figure.
 *
 * A close releases the position's margin and books its realised P&L. A loss larger than the free
 * balance is paid first from the free balance, then from the margin frozen for the account's other
 * positions: the free balance goes below zero while the frozen balance stays the margin of the
 * positions still open (so the used margin, the risk rate and the stop-out stay exact), and the
 * account's equity (free + frozen + the open positions' floating P&L) is what backs it. The margin
 * level then decides, as always, whether a stop-out follows.
 *
 * The house credits protection only when the account holds no position after the close (it closed
 * its last one, or a stop-out did) and its balance (free + frozen, the frozen part being pending
 * orders' margin) would still be below zero, and only that amount. With no position open the
 * balance is the equity, so protection is paid only when equity < 0 and never more than −equity.
 * A hedged account, whose equity barely moves with the price, never earns any.
 */
export interface CloseSettlementInput {
  /** The free balance after the closing position's margin was released, micros. */
  freeMicros: number;
  /** The frozen balance after the release: the margin of the other holding and pending orders. */
  frozenMicros: number;
  /** The close's realised P&L, micros. */
  pnlMicros: number;
  /** Holding positions the account still has after this close. */
  holdingAfter: number;
}

/** The house's credit for a close (micros, ≥ 0): what the account's equity cannot cover once flat. */
export function closeProtectionMicros(input: CloseSettlementInput): number {
  const holding = input.holdingAfter;
  if (!Number.isSafeInteger(holding) || holding < 0)
    throw new RangeError(`holdingAfter: expected a count, got ${holding}`);
  assertMicros(input.frozenMicros, 'frozenMicros');
  if (input.frozenMicros < 0)
    throw new RangeError(`frozenMicros: expected zero or more, got ${input.frozenMicros}`);
  if (holding > 0) return 0;
  const balance = sumMicros(input.freeMicros, input.frozenMicros, input.pnlMicros);
  return balance < 0 ? -balance : 0;
}
