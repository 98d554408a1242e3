/**
 * The deposit and withdrawal options as the back office edits them: every row, enabled or not, and
 * the guarded writes. The traders' reads (enabled rows only) stay in the deposit and withdrawal
 * repositories.
 */
import type { Kysely } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import './funding.schema.js';

type Executor = Kysely<Database> | Tx;

export async function selectFundingOptions(db: Executor) {
  const [addresses, banks, currencies] = await Promise.all([
    db.selectFrom('deposit_addresses').selectAll().orderBy('sort').orderBy('id').execute(),
    db.selectFrom('deposit_banks').selectAll().orderBy('sort').orderBy('id').execute(),
    db.selectFrom('draw_currencies').selectAll().orderBy('type').orderBy('sort').orderBy('id').execute(),
  ]);
  return { addresses, banks, currencies };
}

export interface DepositAddressValues {
  currency_code: string;
  protocol_code: string;
  address: string;
  enabled: number;
  sort: number;
}

/** Inserts (id null) or updates; false when the id is unknown. */
export async function saveDepositAddress(
  db: Executor,
  id: number | null,
  v: DepositAddressValues,
): Promise<boolean> {
  if (id === null) {
    await db.insertInto('deposit_addresses').values(v).execute();
    return true;
  }
  const r = await db.updateTable('deposit_addresses').set(v).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export interface DepositBankValues {
  currency_code: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  bank_remark: string;
  enabled: number;
  sort: number;
}

export async function saveDepositBank(
  db: Executor,
  id: number | null,
  v: DepositBankValues,
): Promise<boolean> {
  if (id === null) {
    await db.insertInto('deposit_banks').values(v).execute();
    return true;
  }
  const r = await db.updateTable('deposit_banks').set(v).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function updateDrawCurrency(
  db: Executor,
  id: number,
  v: { draw_rate: string; fee_type: number; usd_price: string; enabled: number; sort: number },
): Promise<boolean> {
  const r = await db.updateTable('draw_currencies').set(v).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
