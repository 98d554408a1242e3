import type { Kysely, Selectable } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import './kyc.schema.js';

type Executor = Kysely<Database> | Tx;

export const KYC_WAITING = 1;
export const KYC_APPROVED = 2;
export const KYC_REJECTED = 3;

export interface KycRow {
  id: number;
  userId: number;
  name: string;
  cardId: string;
  frontKey: string;
  reverseKey: string;
  status: number;
  reason: string;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
}

type Selected = Selectable<Database['kyc_submissions']>;

function toRow(r: Selected): KycRow {
  return {
    id: Number(r.id),
    userId: r.user_id,
    name: r.name,
    cardId: r.card_id,
    frontKey: r.front_key,
    reverseKey: r.reverse_key,
    status: r.status,
    reason: r.reason,
    createdAt: Number(r.created_at),
    decidedAt: r.decided_at === null ? null : Number(r.decided_at),
    decidedBy: r.decided_by,
  };
}

export async function selectLatestKyc(db: Executor, userId: number): Promise<KycRow | undefined> {
  const r = await db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? toRow(r) : undefined;
}

/** Whether the user's latest real-name submission is approved (withdrawals may wait for it). */
export async function isRealNameApproved(db: Executor, userId: number): Promise<boolean> {
  return (await selectLatestKyc(db, userId))?.status === KYC_APPROVED;
}

export async function selectKyc(db: Executor, id: number): Promise<KycRow | undefined> {
  const r = await db.selectFrom('kyc_submissions').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? toRow(r) : undefined;
}

export async function insertKyc(
  db: Executor,
  row: Pick<KycRow, 'userId' | 'name' | 'cardId' | 'frontKey' | 'reverseKey' | 'createdAt'>,
): Promise<number> {
  const inserted = await db
    .insertInto('kyc_submissions')
    .values({
      user_id: row.userId,
      name: row.name,
      card_id: row.cardId,
      front_key: row.frontKey,
      reverse_key: row.reverseKey,
      status: KYC_WAITING,
      reason: '',
      created_at: row.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Moves a waiting submission to its decision; false when it was not waiting (decided meanwhile). */
export async function decideKyc(
  db: Executor,
  id: number,
  decision: { status: number; reason: string; at: number; by: string },
): Promise<boolean> {
  const result = await db
    .updateTable('kyc_submissions')
    .set({
      status: decision.status,
      reason: decision.reason,
      decided_at: decision.at,
      decided_by: decision.by,
    })
    .where('id', '=', id)
    .where('status', '=', KYC_WAITING)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function selectKycPage(
  db: Executor,
  status: number | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: KycRow[]; total: number }> {
  let q = db.selectFrom('kyc_submissions');
  if (status !== undefined) q = q.where('status', '=', status);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toRow), total: Number(count.n) };
}
