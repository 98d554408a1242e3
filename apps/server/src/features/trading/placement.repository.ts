import { CompiledQuery, type Selectable } from 'kysely';
import { inAccountRounds } from '../../db/account-rounds.js';
import { keepPrepared, type Tx } from '../../db/database.js';
import type { OrdersTable } from './trading.schema.js';

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
  /** The account's version after the placement (migration 0016). */
  after_version: number | string;
};

/**
 * PostgreSQL only: order placements for DIFFERENT accounts (one or many) in ONE statement, where the
 * portable path takes three or four per order (insert the order, freeze the margin and count the
 * order on the account, post its ledger row, charge the fee). The CTEs commit together; each
 * account's UPDATE carries the same guard as every posting (no balance below zero), so an account
 * that would go below zero is not updated and nothing of its placement is written. Ledger rows are
 * inserted in input order, margin before fee (balance_after of the margin row is the balance
 * before the fee), as the portable path writes them.
 *
 * The caps read the account's own count of its orders in the new order's status (migration 0014),
 * which the same UPDATE moves: an UPDATE works on the newest committed row version once it holds the
 * row lock, so two racing placements for one account count 1 and 2 whatever their snapshots saw.
 *
 * The accounts are also named by `user_id = ANY($1)`, which the primary key serves: joined only to
 * the unnested input (which a generic plan guesses at 10 rows), PostgreSQL's cached plan for a table
 * of a few thousand accounts was a hash join over a sequential scan of all of them, for every
 * placement (0.48 against 0.15 ms with 2,002 accounts, and growing with the table until a new
 * plan is made).
 *
 * One of the two repository statements that cross orders, accounts and ledger (the other closes,
 * closing.repository.ts): they exist for the order path's round trips on PostgreSQL (issue:
 * PostgreSQL mode at speed), and the conservation and concurrency suites run them in CI's
 * PostgreSQL pass.
 */
const PLACE_SQL = `WITH input AS (
  SELECT * FROM unnest($1::integer[], $2::integer[], $3::smallint[], $4::smallint[], $5::varchar[],
    $6::integer[], $7::varchar[], $8::varchar[], $9::varchar[], $10::varchar[], $11::varchar[],
    $12::bigint[], $13::bigint[], $14::bigint[], $15::bigint[], $16::bigint[], $17::text[])
    WITH ORDINALITY AS t(user_id, instrument_id, side, status, lots, leverage, open_price, target_price,
      fill_direction, tp, sl, margin, fee, created_at, filled_at, charge, code, n)
), acc AS (
  UPDATE accounts a
  SET balance_micros = a.balance_micros - i.margin - i.charge,
      frozen_micros = a.frozen_micros + i.margin, updated_at = i.created_at,
      holding_orders = a.holding_orders + (i.status = 1)::integer,
      pending_orders = a.pending_orders + (i.status = 0)::integer, version = a.version + 1
  FROM input i
  WHERE a.user_id = ANY($1::integer[]) AND a.user_id = i.user_id
    AND a.balance_micros - i.margin - i.charge >= 0
  RETURNING a.user_id, a.balance_micros, a.frozen_micros, a.version,
    CASE WHEN i.status = 1 THEN a.holding_orders ELSE a.pending_orders END AS same_status_after
), o AS (
  INSERT INTO orders (user_id, instrument_id, side, status, lots, leverage, open_price, target_price,
    fill_direction, tp, sl, margin_micros, fee_micros, created_at, filled_at)
  SELECT i.user_id, i.instrument_id, i.side, i.status, i.lots, i.leverage, i.open_price,
    i.target_price, i.fill_direction, i.tp, i.sl, i.margin, i.fee, i.created_at, i.filled_at
  FROM input i JOIN acc ON acc.user_id = i.user_id
  ORDER BY i.n
  RETURNING *
), l AS (
  INSERT INTO ledger (user_id, kind, free_delta_micros, frozen_delta_micros, balance_after_micros,
    frozen_after_micros, memo_key, memo_params, ref_type, ref_id, created_at)
  SELECT i.user_id, v.kind, v.free, v.frozen, v.balance_after, acc.frozen_micros, v.memo_key,
    jsonb_build_object('code', i.code, 'lots', i.lots, 'id', o.id)::text, 'order', o.id, i.created_at
  FROM input i JOIN acc ON acc.user_id = i.user_id JOIN o ON o.user_id = i.user_id,
  LATERAL (VALUES
    (1, $18::varchar, -i.margin, i.margin, acc.balance_micros + i.charge, $19::varchar),
    (2, $20::varchar, -i.charge, 0::bigint, acc.balance_micros, $21::varchar)
  ) AS v(k, kind, free, frozen, balance_after, memo_key)
  WHERE v.k = 1 OR i.charge > 0
  ORDER BY i.n, v.k
  RETURNING id
)
SELECT o.*, acc.balance_micros AS after_balance_micros, acc.frozen_micros AS after_frozen_micros,
  acc.same_status_after, acc.version AS after_version
FROM o JOIN acc ON acc.user_id = o.user_id`;
keepPrepared(PLACE_SQL);

/**
 * Runs the placement; undefined when the balance guard refused it (or there is no account):
 * nothing written. Placements asked for together go out as one statement (db/account-rounds.ts).
 */
export const placeOrderRow: (tx: Tx, p: PlacementRow) => Promise<PlacedRow | undefined> =
  inAccountRounds(place);

async function place(tx: Tx, ps: PlacementRow[]): Promise<Map<number, PlacedRow>> {
  const column = <K extends keyof PlacementRow>(key: K) => ps.map((p) => p[key]);
  const first = ps[0] as PlacementRow;
  const memo = (p: PlacementRow) => [p.marginKind, p.marginMemo, p.feeKind, p.feeMemo].join('\n');
  if (ps.some((p) => memo(p) !== memo(first)))
    throw new Error('placements sent together share their ledger kinds');
  const result = await tx.executeQuery(
    CompiledQuery.raw(PLACE_SQL, [
      column('userId'),
      column('instrumentId'),
      column('side'),
      column('status'),
      column('lots'),
      column('leverage'),
      column('openPrice'),
      column('targetPrice'),
      column('fillDirection'),
      column('tp'),
      column('sl'),
      column('marginMicros'),
      column('feeMicros'),
      column('createdAt'),
      column('filledAt'),
      column('chargeMicros'),
      column('code'),
      first.marginKind,
      first.marginMemo,
      first.feeKind,
      first.feeMemo,
    ]),
  );
  const rows = new Map<number, PlacedRow>();
  for (const row of result.rows as PlacedRow[]) rows.set(Number(row.user_id), row);
  return rows;
}
