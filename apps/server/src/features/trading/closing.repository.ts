import { CompiledQuery, type Selectable } from 'kysely';
import { inAccountRounds } from '../../db/account-rounds.js';
import { keepPrepared, type Tx } from '../../db/database.js';
import type { OrdersTable } from './trading.schema.js';

/** One holding order to close, as closeHolding books it. */
export interface ClosingRow {
  orderId: number;
  userId: number;
  closePrice: string;
  pnlMicros: number;
  reason: string;
  at: number;
  /** The order's margin, released from frozen to free. */
  marginMicros: number;
  /** The ledger rows' memo parameters (JSON text), the same for both. */
  memoParams: string;
  releaseKind: string;
  releaseMemo: string;
  pnlKind: string;
  pnlMemo: string;
}

export type ClosedRow = Selectable<OrdersTable> & {
  after_balance_micros: number | string;
  after_frozen_micros: number | string;
};

/**
 * PostgreSQL only: holding orders of DIFFERENT accounts closed in ONE statement, where the portable
 * path takes two per order (the order's status-guarded UPDATE, then the account's guarded UPDATE with
 * its ledger rows). The account moves first, by release + P&L, under the same guard as every posting
 * (no balance below zero) and only while its order is still holding; the order closes only with its
 * account; the ledger rows (release, then P&L when there is one) follow, each with its own
 * after-balances, as postPairWithLedger writes them. An account the guard refuses (the loss is
 * larger than the free balance after the release: the house's protection, which the step-by-step
 * path books) or whose order left status 1 is written nothing and comes back absent.
 *
 * The order's status is read in the account's UPDATE from the statement's snapshot, by its key: a
 * scalar subquery, which the planner runs per input row on the primary key (as EXISTS, it became a
 * join that hashed every holding order whenever the statistics were stale: 10,000 copies' orders for
 * each statement of a few). The write queue
 * runs every booking of one account in one lane, so nothing changes it in between, and the result
 * lists each account moved with its order, so a mismatch fails the statement's transaction instead
 * of committing money moved for an order left open. The accounts and orders are also named by
 * `= ANY(…)` of the input's keys, so the cached plan reads them on their primary keys whatever the
 * table's size (see placement.repository.ts).
 */
const CLOSE_SQL = `WITH input AS (
  SELECT * FROM unnest($1::bigint[], $2::integer[], $3::varchar[], $4::bigint[], $5::varchar[],
    $6::bigint[], $7::bigint[], $8::text[])
    WITH ORDINALITY AS t(id, user_id, close_price, pnl, reason, at, margin, params, n)
), acc AS (
  UPDATE accounts a
  SET balance_micros = a.balance_micros + i.margin + i.pnl, frozen_micros = a.frozen_micros - i.margin,
      updated_at = i.at, holding_orders = a.holding_orders - 1, version = a.version + 1
  FROM input i
  WHERE a.user_id = ANY($2::integer[]) AND a.user_id = i.user_id AND a.balance_micros + i.margin + i.pnl >= 0
    AND a.frozen_micros - i.margin >= 0
    AND (SELECT h.status FROM orders h WHERE h.id = i.id AND h.user_id = i.user_id) = 1
  RETURNING a.user_id, a.balance_micros, a.frozen_micros
), o AS (
  UPDATE orders o
  SET version = o.version + 1, status = 3, close_price = i.close_price, pnl_micros = i.pnl,
      close_reason = i.reason, closed_at = i.at
  FROM input i JOIN acc ON acc.user_id = i.user_id
  WHERE o.id = ANY($1::bigint[]) AND o.id = i.id AND o.status = 1
  RETURNING o.*
), l AS (
  INSERT INTO ledger (user_id, kind, free_delta_micros, frozen_delta_micros, balance_after_micros,
    frozen_after_micros, memo_key, memo_params, ref_type, ref_id, created_at)
  SELECT i.user_id, v.kind, v.free, v.frozen, acc.balance_micros - v.free_later, acc.frozen_micros,
    v.memo_key, i.params, 'order', i.id, i.at
  FROM input i JOIN acc ON acc.user_id = i.user_id JOIN o ON o.id = i.id,
  LATERAL (VALUES
    (1, $9::varchar, i.margin, -i.margin, i.pnl, $10::varchar),
    (2, $11::varchar, i.pnl, 0::bigint, 0::bigint, $12::varchar)
  ) AS v(k, kind, free, frozen, free_later, memo_key)
  WHERE v.k = 1 OR i.pnl <> 0
  ORDER BY i.n, v.k
  RETURNING id
)
SELECT o.*, acc.user_id AS moved_user_id, acc.balance_micros AS after_balance_micros,
  acc.frozen_micros AS after_frozen_micros
FROM acc LEFT JOIN o ON o.user_id = acc.user_id`;
keepPrepared(CLOSE_SQL);

/**
 * Closes the holding order; undefined when the guard refused it (nothing written: the caller books
 * it step by step). Closes asked for together go out as one statement (db/account-rounds.ts).
 */
export const closeHoldingRow: (tx: Tx, c: ClosingRow) => Promise<ClosedRow | undefined> =
  inAccountRounds(closeRound);

async function closeRound(tx: Tx, cs: ClosingRow[]): Promise<Map<number, ClosedRow>> {
  const column = <K extends keyof ClosingRow>(key: K) => cs.map((c) => c[key]);
  const first = cs[0] as ClosingRow;
  const kinds = (c: ClosingRow) => [c.releaseKind, c.releaseMemo, c.pnlKind, c.pnlMemo].join('\n');
  if (cs.some((c) => kinds(c) !== kinds(first)))
    throw new Error('closes sent together share their ledger kinds');
  const result = await tx.executeQuery(
    CompiledQuery.raw(CLOSE_SQL, [
      column('orderId'),
      column('userId'),
      column('closePrice'),
      column('pnlMicros'),
      column('reason'),
      column('at'),
      column('marginMicros'),
      column('memoParams'),
      first.releaseKind,
      first.releaseMemo,
      first.pnlKind,
      first.pnlMemo,
    ]),
  );
  const rows = new Map<number, ClosedRow>();
  for (const row of result.rows as Array<ClosedRow & { moved_user_id: number }>) {
    // An account moved whose order did not close: fail, and the transaction with it.
    if (row.id === null)
      throw new Error(`batched close moved account ${row.moved_user_id} without its order`);
    rows.set(Number(row.user_id), row);
  }
  return rows;
}
