import type { Kysely, Selectable } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import './funding.schema.js';

type Executor = Kysely<Database> | Tx;

export interface DepositAddressRow {
  id: number;
  currencyCode: string;
  protocolCode: string;
  address: string;
}

export interface DepositBankRow {
  id: number;
  currencyCode: string;
  bankName: string;
  bankAddress: string;
  bankSwift: string;
  payeeName: string;
  payeeAccount: string;
  bankRemark: string;
}

export interface DepositRow {
  id: number;
  userId: number;
  type: number;
  optionId: number;
  currencyCode: string;
  protocolCode: string;
  address: string;
  amountMicros: number;
  proofKey: string;
  status: number;
  remark: string;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
}

export type NewDeposit = Omit<DepositRow, 'id' | 'status' | 'remark' | 'decidedAt' | 'decidedBy'>;

export async function selectDepositAddresses(
  db: Executor,
  currencyCode: string | undefined,
): Promise<DepositAddressRow[]> {
  let q = db.selectFrom('deposit_addresses').selectAll().where('enabled', '=', 1);
  if (currencyCode) q = q.where('currency_code', '=', currencyCode);
  const rows = await q.orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({
    id: Number(r.id),
    currencyCode: r.currency_code,
    protocolCode: r.protocol_code,
    address: r.address,
  }));
}

export async function selectDepositBanks(
  db: Executor,
  currencyCode: string | undefined,
): Promise<DepositBankRow[]> {
  let q = db.selectFrom('deposit_banks').selectAll().where('enabled', '=', 1);
  if (currencyCode) q = q.where('currency_code', '=', currencyCode);
  const rows = await q.orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({
    id: Number(r.id),
    currencyCode: r.currency_code,
    bankName: r.bank_name,
    bankAddress: r.bank_address,
    bankSwift: r.bank_swift,
    payeeName: r.payee_name,
    payeeAccount: r.payee_account,
    bankRemark: r.bank_remark,
  }));
}

export async function insertDeposit(db: Executor, row: NewDeposit): Promise<number> {
  const inserted = await db
    .insertInto('deposits')
    .values({
      user_id: row.userId,
      type: row.type,
      option_id: row.optionId,
      currency_code: row.currencyCode,
      protocol_code: row.protocolCode,
      address: row.address,
      amount_micros: row.amountMicros,
      proof_key: row.proofKey,
      status: 0,
      remark: '',
      created_at: row.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

type SelectedDeposit = Selectable<Database['deposits']>;

function toDeposit(r: SelectedDeposit): DepositRow {
  return {
    id: Number(r.id),
    userId: r.user_id,
    type: r.type,
    optionId: r.option_id,
    currencyCode: r.currency_code,
    protocolCode: r.protocol_code,
    address: r.address,
    amountMicros: Number(r.amount_micros),
    proofKey: r.proof_key,
    status: r.status,
    remark: r.remark,
    createdAt: Number(r.created_at),
    decidedAt: r.decided_at === null ? null : Number(r.decided_at),
    decidedBy: r.decided_by,
  };
}

export async function selectDeposit(db: Executor, id: number): Promise<DepositRow | undefined> {
  const r = await db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? toDeposit(r) : undefined;
}

export interface DepositFilter {
  userId?: number;
  type?: number;
  status?: number;
}

/** Newest first; `id` orders rows of the same millisecond so pages never overlap. */
export async function selectDepositPage(
  db: Executor,
  filter: DepositFilter,
  limit: number,
  offset: number,
): Promise<{ rows: DepositRow[]; total: number }> {
  let q = db.selectFrom('deposits');
  if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
  if (filter.type !== undefined) q = q.where('type', '=', filter.type);
  if (filter.status !== undefined) q = q.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toDeposit), total: Number(count.n) };
}

/**
 * Moves an unchecked deposit to its decision in one guarded statement: of two operators deciding
 * at once, exactly one changes the row. Returns the row as decided, or undefined when it was not
 * unchecked any more (or does not exist).
 */
export async function decideDeposit(
  db: Executor,
  id: number,
  decision: { status: number; remark: string; at: number; by: string },
): Promise<DepositRow | undefined> {
  const r = await db
    .updateTable('deposits')
    .set({
      status: decision.status,
      remark: decision.remark,
      decided_at: decision.at,
      decided_by: decision.by,
    })
    .where('id', '=', id)
    .where('status', '=', 0)
    .returningAll()
    .executeTakeFirst();
  return r ? toDeposit(r) : undefined;
}
