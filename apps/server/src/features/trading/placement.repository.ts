import { CompiledQuery, type Selectable } from 'kysely';
import { keepPrepared, type Tx } from '../../db/database.js';
import type { OrdersTable } from './trading.schema.js';

/**
 * PostgreSQL only: a whole order placement in ONE statement, where the portable path takes four or
 * five (insert the order, freeze the margin, post its ledger row, charge the fee, count the account's
 * orders for its cap). The CTEs run in one snapshot and commit together; the account UPDATE comes
 * first and carries the same guard as every posting (no balance below zero), so when it matches no
 * row nothing at all is written. The two ledger rows are inserted in `n` order, so their ids keep
 * margin before fee as the portable path does; balance_after of the first is the balance before the fee.
 *
 * The cap count (`n`) is read in the statement's snapshot, so it is only exact if no other
 * transaction changed the account between that snapshot and the UPDATE's row lock (another node
 * placing for the same trader, a close). The UPDATE therefore also requires the row version it
 * locks to be the one the snapshot saw (`xmin`): when another transaction got there first, the
 * UPDATE matches nothing, nothing is written, and the caller (see placeOrderRow) runs it again on a
 * fresh snapshot. Every order, close, fill and cancel posts through this account row, so a count
 * read behind an unchanged row version is the count after the lock.
 *
 * The one repository statement that crosses orders, accounts and ledger: it exists for the order
 * path's round trips on PostgreSQL (issue: PostgreSQL mode at speed), and the conservation and
 * concurrency suites run it in CI's PostgreSQL pass.
 */
const PLACE_SQL = `WITH seen AS (
  SELECT xmin::text AS version FROM accounts WHERE user_id = $1::integer
), n AS (
  SELECT count(*) AS same_status FROM orders WHERE user_id = $1::integer AND status = $4::smallint
), acc AS (
  UPDATE accounts
  SET balance_micros = balance_micros - $12::bigint - $16::bigint,
      frozen_micros = frozen_micros + $12::bigint, updated_at = $14::bigint
  WHERE user_id = $1::integer AND balance_micros - $12::bigint - $16::bigint >= 0
    AND xmin::text = (SELECT version FROM seen)
  RETURNING balance_micros, frozen_micros
), o AS (
  INSERT INTO orders (user_id, instrument_id, side, status, lots, leverage, open_price, target_price,
    fill_direction, tp, sl, margin_micros, fee_micros, created_at, filled_at)
  SELECT $1::integer, $2::integer, $3::smallint, $4::smallint, $5::varchar, $6::integer, $7::varchar,
    $8::varchar, $9::varchar, $10::varchar, $11::varchar, $12::bigint, $13::bigint, $14::bigint,
    $15::bigint
  FROM acc
  RETURNING *
), l AS (
  INSERT INTO ledger (user_id, kind, free_delta_micros, frozen_delta_micros, balance_after_micros,
    frozen_after_micros, memo_key, memo_params, ref_type, ref_id, created_at)
  SELECT $1::integer, v.kind, v.free, v.frozen, v.balance_after, acc.frozen_micros, v.memo_key,
    jsonb_build_object('code', $17::text, 'lots', $5::text, 'id', o.id)::text, 'order', o.id, $14::bigint
  FROM acc, o, LATERAL (VALUES
    (1, $18::varchar, -$12::bigint, $12::bigint, acc.balance_micros + $16::bigint, $19::varchar),
    (2, $20::varchar, -$16::bigint, 0::bigint, acc.balance_micros, $21::varchar)
  ) AS v(n, kind, free, frozen, balance_after, memo_key)
  WHERE v.n = 1 OR $16::bigint > 0
  ORDER BY v.n
  RETURNING id
)
SELECT o.*, acc.balance_micros AS after_balance_micros, acc.frozen_micros AS after_frozen_micros,
  n.same_status + 1 AS same_status_after
FROM o, acc, n`;
keepPrepared(PLACE_SQL);

export interface PlacementRow {
  userId: number;
  instrumentId: number;
  side: 1 | 2;
  status: 0 | 1;
  lots: string;
  leverage: number;
  openPrice: string | null;
  targetPrice: string | null;
  fillDirection: string | null;
  tp: string | null;
  sl: string | null;
  marginMicros: number;
  /** The order's fee (charged now for a market order, at the fill for a pending one). */
  feeMicros: number;
  createdAt: number;
  filledAt: number | null;
  /** What the free balance pays now besides the margin: the fee of a market order, else 0. */
  chargeMicros: number;
  /** The instrument's code, for the ledger rows' memo. */
  code: string;
  marginKind: string;
  marginMemo: string;
  feeKind: string;
  feeMemo: string;
}

export type PlacedRow = Selectable<OrdersTable> & {
  after_balance_micros: number | string;
  after_frozen_micros: number | string;
  /** The account's orders in the new order's status, the new one included (for the caps). */
  same_status_after: number | string;
};

/** A placement that lost the account row to another transaction runs again this many times. */
const MAX_PLACEMENT_TRIES = 5;

/**
 * Runs the placement; undefined when the balance guard refused it (or there is no account): nothing
 * written. A placement that met a newer account row than its snapshot saw (see PLACE_SQL) runs again.
 */
export async function placeOrderRow(tx: Tx, p: PlacementRow): Promise<PlacedRow | undefined> {
  for (let tries = 1; ; tries++) {
    const row = await placeOnce(tx, p);
    if (row) return row;
    const account = await tx.executeQuery<{ balance_micros: number }>(
      CompiledQuery.raw('SELECT balance_micros FROM accounts WHERE user_id = $1::integer', [p.userId]),
    );
    const balance = account.rows[0]?.balance_micros;
    // No account, or really short of money: refused. Enough money: the row moved under us.
    if (balance === undefined || balance - p.marginMicros - p.chargeMicros < 0) return undefined;
    if (tries >= MAX_PLACEMENT_TRIES) throw new PlacementConflict();
  }
}

/** Another transaction kept changing the account: retryable, as a serialisation failure is. */
export class PlacementConflict extends Error {
  readonly code = '40001';
  constructor() {
    super('the account kept changing under the order placement');
  }
}

async function placeOnce(tx: Tx, p: PlacementRow): Promise<PlacedRow | undefined> {
  const result = await tx.executeQuery(
    CompiledQuery.raw(PLACE_SQL, [
      p.userId,
      p.instrumentId,
      p.side,
      p.status,
      p.lots,
      p.leverage,
      p.openPrice,
      p.targetPrice,
      p.fillDirection,
      p.tp,
      p.sl,
      p.marginMicros,
      p.feeMicros,
      p.createdAt,
      p.filledAt,
      p.chargeMicros,
      p.code,
      p.marginKind,
      p.marginMemo,
      p.feeKind,
      p.feeMemo,
    ]),
  );
  return result.rows[0] as PlacedRow | undefined;
}
