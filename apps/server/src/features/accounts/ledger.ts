import { formatMicros, toMicros } from '@meridian/trading';
import type { Kysely } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { MessageParams } from '../../i18n/translator.js';
import {
  type AccountRow,
  applyDeltas,
  applyOrderCounts,
  countLedger,
  insertAccount,
  insertLedgerRow,
  isPostgres,
  type LedgerRow,
  NO_FREE_FLOOR,
  type OrderCountDeltas,
  type PairLine,
  type PostedAccount,
  postPairWithLedger,
  postWithLedger,
  selectAccount,
  selectLedgerPage,
} from './accounts.repository.js';

/**
 * The only code that changes balances. Every change is a guarded UPDATE plus one ledger row in the
 * caller's transaction, so the sum of a user's ledger always equals their account.
 */

export interface LedgerPosting {
  userId: number;
  /** What happened, for reports and filters: "opening_grant", "margin_freeze", "fee", … */
  kind: string;
  /** Change of the free balance, in micro-units of USD (negative = debit). */
  freeDelta: number;
  /** Change of the frozen balance, in micro-units of USD. */
  frozenDelta: number;
  /** A server locale key; the reader translates it into the caller's language. */
  memoKey: string;
  memoParams?: MessageParams;
  refType?: string;
  refId?: number;
  /** Epoch ms of the booking; defaults to now (tests pass their clock). */
  at?: number;
  /**
   * How this booking moves the account's open-order counts (trading: an order opened, filled,
   * closed or cancelled), changed by the same guarded statement; none when absent.
   */
  orderCounts?: OrderCountDeltas;
  /**
   * The free balance may end below zero: only a close's realised loss, which the margin frozen for
   * the account's other positions and its equity back (negative balance protection guards the
   * equity, packages/trading protection.ts). Every other posting is refused below zero.
   */
  overdraw?: boolean;
}

export interface PostedEntry extends PostedAccount {
  ledgerId: number;
}

export interface Balance {
  balanceMicros: number;
  frozenMicros: number;
}

function assertDelta(value: number, label: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${label} must be a safe integer of micro-units`);
}

/**
 * Books one movement. Throws AppError('insufficient_balance') when either balance would go below
 * zero (the free balance may, on a credit or with `overdraw`); then nothing was written. Must run inside a transaction (`inTransaction`), which it shares
 * with the caller's other writes (the order, the withdrawal…) so all of them commit or none.
 */
export async function postLedgerEntry(trx: Tx, posting: LedgerPosting): Promise<PostedEntry> {
  assertDelta(posting.freeDelta, 'freeDelta');
  assertDelta(posting.frozenDelta, 'frozenDelta');
  if (posting.freeDelta === 0 && posting.frozenDelta === 0) {
    throw new RangeError('A ledger entry must move some money');
  }
  const at = posting.at ?? Date.now();
  const line = ledgerLine(posting, memoText(posting));
  // A credit is never refused for the free balance (it may still end below zero: a deposit to an
  // account whose closed loss is backed by its open positions' margin).
  const freeFloor = posting.overdraw || posting.freeDelta >= 0 ? NO_FREE_FLOOR : 0;
  if (isPostgres(trx)) {
    const posted = await postWithLedger(
      trx,
      { userId: posting.userId, ...line, createdAt: at },
      posting.orderCounts,
      freeFloor,
    );
    if (posted) return posted;
    return refusedPosting(trx, posting.userId);
  }
  const after = await applyDeltas(
    trx,
    posting.userId,
    posting.freeDelta,
    posting.frozenDelta,
    at,
    posting.orderCounts,
    freeFloor,
  );
  if (!after) return refusedPosting(trx, posting.userId);
  const ledgerId = await insertLedgerRow(trx, {
    userId: posting.userId,
    ...line,
    balanceAfterMicros: after.balanceMicros,
    frozenAfterMicros: after.frozenMicros,
    createdAt: at,
  });
  return { ledgerId, ...after };
}

/** One line of a pair of postings (postLedgerPair): its own deltas, memo and reference. */
export type LedgerLine = Omit<LedgerPosting, 'userId' | 'at' | 'orderCounts' | 'overdraw'>;

/**
 * Two movements of one account booked together (margin then fee; a margin release then P&L): the
 * account changed by their sum in one guarded UPDATE, and both ledger rows in order, each with its
 * own after-balances. The sum's guard refuses exactly when one of the two in turn would, because
 * each balance's first delta is no lower than min(0, the sum) (checked: a pair that breaks it is a
 * bug). Undefined when refused, nothing written: the caller decides (refusedPosting, or another
 * path).
 */
export async function tryPostLedgerPair(
  trx: Tx,
  userId: number,
  first: LedgerLine,
  second: LedgerLine,
  options: { at?: number; orderCounts?: OrderCountDeltas } = {},
): Promise<PostedEntry | undefined> {
  for (const line of [first, second]) {
    assertDelta(line.freeDelta, 'freeDelta');
    assertDelta(line.frozenDelta, 'frozenDelta');
    if (line.freeDelta === 0 && line.frozenDelta === 0)
      throw new RangeError('A ledger entry must move some money');
  }
  if (
    first.freeDelta < Math.min(0, first.freeDelta + second.freeDelta) ||
    first.frozenDelta < Math.min(0, first.frozenDelta + second.frozenDelta)
  ) {
    throw new RangeError('A pair whose first line dips below the sum must be posted one line at a time');
  }
  const firstMemo = memoText(first);
  // A pair's lines usually share their memo's parameters (the order's code and id): one text.
  const secondMemo = second.memoParams === first.memoParams ? firstMemo : memoText(second);
  return postPairWithLedger(
    trx,
    userId,
    ledgerLine(first, firstMemo),
    ledgerLine(second, secondMemo),
    options.at ?? Date.now(),
    options.orderCounts,
  );
}

function memoText(l: LedgerLine): string | null {
  return l.memoParams ? JSON.stringify(l.memoParams) : null;
}

/** A line's columns as the repository writes them (a pair's, or a single posting's). */
function ledgerLine(l: LedgerLine, memoParams: string | null): PairLine {
  return {
    kind: l.kind,
    freeDeltaMicros: l.freeDelta,
    frozenDeltaMicros: l.frozenDelta,
    memoKey: l.memoKey,
    memoParams,
    refType: l.refType ?? null,
    refId: l.refId ?? null,
  };
}

/**
 * Moves the account's open-order counts when a booking moves no money (a pending order filled at
 * its target with no fee); returns the account as it now stands.
 */
export async function moveOrderCounts(
  trx: Tx,
  userId: number,
  counts: OrderCountDeltas,
  at: number,
): Promise<PostedAccount> {
  const after = await applyOrderCounts(trx, userId, counts, at);
  if (!after) throw new Error(`User ${userId} has no money account`);
  return after;
}

/**
 * Why a guarded posting wrote nothing: no account (a bug) or not enough money (the user's error).
 * Also for bookings that post through their own guarded statement (trading's placement).
 */
export async function refusedPosting(trx: Tx, userId: number): Promise<never> {
  if (!(await selectAccount(trx, userId))) throw new Error(`User ${userId} has no money account`);
  throw new AppError('insufficient_balance');
}

export interface OpeningGrant {
  /** Micro-units credited to the free balance; 0 opens an empty account with no ledger row. */
  amountMicros: number;
  kind?: string;
  memoKey?: string;
  at?: number;
}

export const OPENING_GRANT_KIND = 'opening_grant';
export const OPENING_GRANT_MEMO = 'ledger_demo_grant';

/** Creates the user's account at zero, then books the opening grant (if any) through the ledger. */
export async function openAccount(trx: Tx, userId: number, grant: OpeningGrant): Promise<Balance> {
  const at = grant.at ?? Date.now();
  await insertAccount(trx, userId, at);
  if (grant.amountMicros === 0) return { balanceMicros: 0, frozenMicros: 0 };
  const posted = await postLedgerEntry(trx, {
    userId,
    kind: grant.kind ?? OPENING_GRANT_KIND,
    freeDelta: grant.amountMicros,
    frozenDelta: 0,
    memoKey: grant.memoKey ?? OPENING_GRANT_MEMO,
    at,
  });
  return { balanceMicros: posted.balanceMicros, frozenMicros: posted.frozenMicros };
}

export async function readBalance(db: Kysely<Database> | Tx, userId: number): Promise<Balance> {
  const account: AccountRow | undefined = await selectAccount(db, userId);
  if (!account) throw new Error(`User ${userId} has no money account`);
  return { balanceMicros: account.balanceMicros, frozenMicros: account.frozenMicros };
}

export const LEDGER_PAGE_SIZE = 20;

export async function readLedgerPage(
  db: Kysely<Database> | Tx,
  userId: number,
  page: number,
  pageSize: number = LEDGER_PAGE_SIZE,
): Promise<{ rows: LedgerRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    selectLedgerPage(db, userId, pageSize, (page - 1) * pageSize),
    countLedger(db, userId),
  ]);
  return { rows, total };
}

/** Micro-units as the wire's Money string (6 decimals, exact). */
export function toMoney(micros: number): string {
  return formatMicros(micros, 6);
}

/** An amount for a message (a most that may be taken), in USD rounded down to the cent; never below 0. */
export function wholeCents(micros: number): string {
  return formatMicros(Math.max(0, Math.floor(micros / 10_000) * 10_000), 2);
}

/** Parses stored memo params, tolerating a hand-edited row rather than failing the whole page. */
export function parseMemoParams(text: string | null): MessageParams | undefined {
  if (text === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const out: MessageParams = {};
    for (const [k, v] of Object.entries(parsed)) {
      if (typeof v === 'string' || typeof v === 'number') out[k] = v;
    }
    return out;
  } catch {
    return undefined;
  }
}

/** A typed USD amount (a deposit, a withdrawal, money into or out of a copy) → micro-units: above zero, at most 6 decimals, else amount_invalid. */
export function parseAmount(text: string): number {
  let micros: number;
  try {
    micros = toMicros(text, { strict: true, label: 'number' });
  } catch {
    throw new AppError('amount_invalid');
  }
  if (micros <= 0) throw new AppError('amount_invalid');
  return micros;
}
