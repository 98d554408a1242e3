/**
 * The copy outbox (migration 0022): the work each provider order event owes the provider's copies,
 * written in the provider's booking transaction, one row per part of the copies (copy id modulo
 * `parts`), and marked done once the part's copies are booked, skipped or found done. What a row
 * is for, and who takes it up:
 *
 * - Embedded node: the mirror reacts to the bus event at once (the fast path) and marks the row
 *   done after; at its start, and every few seconds, it takes up the undone rows left by a crash
 *   or by a failed fan-out (CopyMirror.replay).
 * - Scale-out: the rows are every node's work queue. A node claims a row with `FOR UPDATE SKIP
 *   LOCKED` in a transaction it keeps open while it books the part's copies, and marks it done in
 *   it; a node that dies drops its connection, PostgreSQL ends the transaction and the row is
 *   another node's at its next claim. A part waits for the rows before it of the same provider order
 *   and part (an open is mirrored before its close).
 *
 * No copy is booked twice whoever runs a row again: an open's copy commits with its link row
 * (copy_links' key is the copy and the provider order), and a copy's close is its order's guarded
 * status change.
 */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import type { OrderEvent } from '../trading/index.js';
import type { CopyPartition } from './copy.repository.js';

export interface OutboxRow {
  id: number;
  providerOrderId: number;
  version: number;
  part: number;
  parts: number;
  event: OrderEvent;
  createdAt: number;
  /** Claims only: the row before it of the same provider order and part (null: none). */
  previousId: number | null;
}

type Executor = Db['kysely'] | Tx;

/** A row's share of the copies; undefined when it is all of them. */
export function partitionOf(row: Pick<OutboxRow, 'part' | 'parts'>): CopyPartition | undefined {
  return row.parts > 1 ? { index: row.part, count: row.parts } : undefined;
}

/** Writes an event's rows, one per part, in the provider's booking transaction. */
export async function insertOutbox(tx: Tx, event: OrderEvent, parts: number, at: number): Promise<void> {
  const text = JSON.stringify(event);
  const rows = [];
  for (let part = 0; part < parts; part++)
    rows.push({
      provider_order_id: event.order.id,
      version: event.order.version,
      part,
      parts,
      event: text,
      created_at: at,
      done_at: null,
    });
  // A second write of the same event (a job of a batch run again) is the same row.
  await tx
    .insertInto('copy_outbox')
    .values(rows)
    .onConflict((oc) => oc.columns(['provider_order_id', 'version', 'part']).doNothing())
    .execute();
}

/** Marks an event's row of `part` done (null: every part's, a run over all the copies). */
export async function markDone(
  db: Executor,
  providerOrderId: number,
  version: number,
  part: number | null,
  at: number,
): Promise<void> {
  let q = db
    .updateTable('copy_outbox')
    .set({ done_at: at })
    .where('provider_order_id', '=', providerOrderId)
    .where('version', '=', version)
    .where('done_at', 'is', null);
  if (part !== null) q = q.where('part', '=', part);
  await q.execute();
}

export async function markRowDone(db: Executor, id: number, at: number): Promise<void> {
  await db.updateTable('copy_outbox').set({ done_at: at }).where('id', '=', id).execute();
}

/** The undone rows after `afterId`, in id order (copy_outbox_undone_idx: nearly always none). */
export async function selectUndone(db: Executor, afterId: number, limit: number): Promise<OutboxRow[]> {
  const rows = await db
    .selectFrom('copy_outbox')
    .select(['id', 'provider_order_id', 'version', 'part', 'parts', 'event', 'created_at'])
    .where('done_at', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => rowOf(r, null));
}

/** Whether a provider order still has undone work (the reconciler leaves those to it). */
export async function hasUndone(db: Executor, providerOrderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('copy_outbox')
    .select('id')
    .where('provider_order_id', '=', providerOrderId)
    .where('done_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Undone rows but `except`. */
export async function countUndone(db: Executor, except: readonly number[]): Promise<number> {
  let q = db
    .selectFrom('copy_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('done_at', 'is', null);
  if (except.length > 0) q = q.where('id', 'not in', except);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * PostgreSQL: takes the first undone row that no other transaction holds and whose earlier rows of
 * the same provider order and part are done, locked until `tx` ends. `skip`: rows not to take
 * (this node's own that just failed, retried later).
 */
export async function claimRow(tx: Tx, skip: readonly number[]): Promise<OutboxRow | undefined> {
  const skipped = skip.length > 0 ? sql`AND o.id NOT IN (${sql.join(skip)})` : sql``;
  const result = await sql<RawRow & { previous_id: number | null }>`
    SELECT o.id, o.provider_order_id, o.version, o.part, o.parts, o.event, o.created_at,
      (SELECT max(p.id) FROM copy_outbox p WHERE p.provider_order_id = o.provider_order_id
        AND p.part = o.part AND p.id < o.id) AS previous_id
    FROM copy_outbox o
    WHERE o.done_at IS NULL ${skipped}
      AND NOT EXISTS (SELECT 1 FROM copy_outbox e WHERE e.provider_order_id = o.provider_order_id
        AND e.part = o.part AND e.id < o.id AND e.done_at IS NULL)
    ORDER BY o.id
    LIMIT 1
    FOR UPDATE OF o SKIP LOCKED`.execute(tx);
  const r = result.rows[0];
  return r ? rowOf(r, r.previous_id === null ? null : Number(r.previous_id)) : undefined;
}

/** Forgets rows done before `before` (the reconciler, now and then). */
export async function pruneDone(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('copy_outbox').where('done_at', 'is not', null).where('done_at', '<', before).execute();
}

interface RawRow {
  id: number;
  provider_order_id: number;
  version: number;
  part: number;
  parts: number;
  event: string;
  created_at: number;
}

function rowOf(r: RawRow, previousId: number | null): OutboxRow {
  return {
    id: Number(r.id),
    providerOrderId: Number(r.provider_order_id),
    version: Number(r.version),
    part: Number(r.part),
    parts: Number(r.parts),
    event: JSON.parse(r.event) as OrderEvent,
    createdAt: Number(r.created_at),
    previousId,
  };
}
