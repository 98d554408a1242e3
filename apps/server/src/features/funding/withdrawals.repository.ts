import type { Kysely, Selectable } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import './funding.schema.js';

type Executor = Kysely<Database> | Tx;

export interface DrawCurrencyRow {
  id: number;
  type: number;
  code: string;
  protocol: string;
  drawRate: string;
  feeType: number;
  usdPrice: string;
  /** The payout's precision in this currency. */
  receiveDecimals: number;
}

export interface DrawMethodRow {
  id: number;
  userId: number;
  type: number;
  drawCurrencyId: number;
  dcAddress: string;
  bankName: string;
  bankAddress: string;
  bankSwift: string;
  payeeName: string;
  payeeAccount: string;
  code: string;
  protocol: string;
}

export interface WithdrawalRow {
  id: number;
  userId: number;
  type: number;
  drawCurrencyId: number;
  methodId: number;
  currencyCode: string;
  protocol: string;
  address: string;
  payeeAccount: string;
  amountMicros: number;
  feeMicros: number;
  receive: string;
  memo: string;
  status: number;
  remark: string;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
  approvals: WithdrawalApprover[];
  /** When the approvals were complete (then it may be paid); null before. */
  approvedAt: number | null;
  paidReference: string;
}

/** An approver: a member (`staffId`) or the automation token (`staffId` null). */
export interface WithdrawalApprover {
  staffId: number | null;
  name: string;
}

export type NewWithdrawal = Omit<
  WithdrawalRow,
  'id' | 'status' | 'remark' | 'decidedAt' | 'decidedBy' | 'approvals' | 'approvedAt' | 'paidReference'
>;
export type NewDrawMethod = Omit<DrawMethodRow, 'id' | 'code' | 'protocol'> & { createdAt: number };

function toCurrency(r: Selectable<Database['draw_currencies']>): DrawCurrencyRow {
  return {
    id: Number(r.id),
    type: r.type,
    code: r.code,
    protocol: r.protocol,
    drawRate: r.draw_rate,
    feeType: r.fee_type,
    usdPrice: r.usd_price,
    receiveDecimals: Number(r.receive_decimals),
  };
}

export async function selectDrawCurrencies(db: Executor, type: number): Promise<DrawCurrencyRow[]> {
  const rows = await db
    .selectFrom('draw_currencies')
    .selectAll()
    .where('enabled', '=', 1)
    .where('type', '=', type)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(toCurrency);
}

export async function selectDrawCurrency(db: Executor, id: number): Promise<DrawCurrencyRow | undefined> {
  const r = await db
    .selectFrom('draw_currencies')
    .selectAll()
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return r ? toCurrency(r) : undefined;
}

export async function insertDrawMethod(db: Executor, row: NewDrawMethod): Promise<number> {
  const inserted = await db
    .insertInto('draw_methods')
    .values({
      user_id: row.userId,
      type: row.type,
      draw_currency_id: row.drawCurrencyId,
      dc_address: row.dcAddress,
      bank_name: row.bankName,
      bank_address: row.bankAddress,
      bank_swift: row.bankSwift,
      payee_name: row.payeeName,
      payee_account: row.payeeAccount,
      created_at: row.createdAt,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** The user's live methods (never another user's, never deleted ones). */
export async function selectDrawMethods(
  db: Executor,
  userId: number,
  filter: { type?: number; drawCurrencyId?: number; id?: number },
): Promise<DrawMethodRow[]> {
  let q = db
    .selectFrom('draw_methods as m')
    .innerJoin('draw_currencies as c', 'c.id', 'm.draw_currency_id')
    .selectAll('m')
    .select(['c.code', 'c.protocol'])
    .where('m.user_id', '=', userId)
    .where('m.deleted_at', 'is', null);
  if (filter.type !== undefined) q = q.where('m.type', '=', filter.type);
  if (filter.drawCurrencyId !== undefined) q = q.where('m.draw_currency_id', '=', filter.drawCurrencyId);
  if (filter.id !== undefined) q = q.where('m.id', '=', filter.id);
  const rows = await q.orderBy('m.id', 'desc').execute();
  return rows.map((r) => ({
    id: Number(r.id),
    userId: r.user_id,
    type: r.type,
    drawCurrencyId: r.draw_currency_id,
    dcAddress: r.dc_address,
    bankName: r.bank_name,
    bankAddress: r.bank_address,
    bankSwift: r.bank_swift,
    payeeName: r.payee_name,
    payeeAccount: r.payee_account,
    code: r.code,
    protocol: r.protocol,
  }));
}

/** Soft delete, only of the user's own live method; false when there was none. */
export async function deleteDrawMethod(
  db: Executor,
  userId: number,
  id: number,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable('draw_methods')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertWithdrawal(db: Executor, row: NewWithdrawal): Promise<number> {
  const inserted = await db
    .insertInto('withdrawals')
    .values({
      user_id: row.userId,
      type: row.type,
      draw_currency_id: row.drawCurrencyId,
      method_id: row.methodId,
      currency_code: row.currencyCode,
      protocol: row.protocol,
      address: row.address,
      payee_account: row.payeeAccount,
      amount_micros: row.amountMicros,
      fee_micros: row.feeMicros,
      receive: row.receive,
      memo: row.memo,
      status: 0,
      remark: '',
      created_at: row.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

function toWithdrawal(r: Selectable<Database['withdrawals']>): WithdrawalRow {
  return {
    id: Number(r.id),
    userId: r.user_id,
    type: r.type,
    drawCurrencyId: r.draw_currency_id,
    methodId: r.method_id,
    currencyCode: r.currency_code,
    protocol: r.protocol,
    address: r.address,
    payeeAccount: r.payee_account,
    amountMicros: Number(r.amount_micros),
    feeMicros: Number(r.fee_micros),
    receive: r.receive,
    memo: r.memo,
    status: r.status,
    remark: r.remark,
    createdAt: Number(r.created_at),
    decidedAt: r.decided_at === null ? null : Number(r.decided_at),
    decidedBy: r.decided_by,
    approvals: [
      ...(r.approver1 === null ? [] : [{ staffId: r.approver1_id, name: r.approver1 }]),
      ...(r.approver2 === null ? [] : [{ staffId: r.approver2_id, name: r.approver2 }]),
    ],
    approvedAt: r.approved_at === null ? null : Number(r.approved_at),
    paidReference: r.paid_reference,
  };
}

export async function selectWithdrawal(db: Executor, id: number): Promise<WithdrawalRow | undefined> {
  const r = await db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? toWithdrawal(r) : undefined;
}

export async function selectWithdrawalPage(
  db: Executor,
  filter: { userId?: number; type?: number; status?: number },
  limit: number,
  offset: number,
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  let q = db.selectFrom('withdrawals');
  if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
  if (filter.type !== undefined) q = q.where('type', '=', filter.type);
  if (filter.status !== undefined) q = q.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toWithdrawal), total: Number(count.n) };
}

/** As decideDeposit: one guarded statement, so a withdrawal is paid or returned exactly once. */
export async function decideWithdrawal(
  db: Executor,
  id: number,
  decision: {
    status: number;
    remark: string;
    at: number;
    by: string;
    reference?: string;
    approved?: boolean;
  },
): Promise<WithdrawalRow | undefined> {
  let q = db
    .updateTable('withdrawals')
    .set({
      status: decision.status,
      remark: decision.remark,
      decided_at: decision.at,
      decided_by: decision.by.slice(0, 64),
      ...(decision.reference === undefined ? {} : { paid_reference: decision.reference }),
    })
    .where('id', '=', id)
    .where('status', '=', 0);
  // Paying needs every approval: checked in the same guarded statement, so nothing slips between.
  if (decision.approved) q = q.where('approved_at', 'is not', null);
  const r = await q.returningAll().executeTakeFirst();
  return r ? toWithdrawal(r) : undefined;
}

/**
 * Records one approval of a processing withdrawal in the first free approver slot, guarded so two
 * members approving at once cannot take the same slot; `complete` marks the approvals done.
 * Undefined when the slot was taken meanwhile (the caller re-reads and decides again).
 */
export async function approveWithdrawal(
  db: Executor,
  id: number,
  slot: 1 | 2,
  approver: WithdrawalApprover,
  at: number,
  complete: boolean,
): Promise<WithdrawalRow | undefined> {
  const values =
    slot === 1
      ? { approver1_id: approver.staffId, approver1: approver.name.slice(0, 300) }
      : { approver2_id: approver.staffId, approver2: approver.name.slice(0, 300) };
  const r = await db
    .updateTable('withdrawals')
    .set({ ...values, ...(complete ? { approved_at: at } : {}) })
    .where('id', '=', id)
    .where('status', '=', 0)
    .where('approved_at', 'is', null)
    .where(slot === 1 ? 'approver1' : 'approver2', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return r ? toWithdrawal(r) : undefined;
}
