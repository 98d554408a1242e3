import { CompiledQuery, type Kysely, PostgresAdapter, sql } from 'kysely';
import { keepPrepared, precompiledQuery, runCompiled, type Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import './accounts.schema.js';

type Executor = Kysely<Database> | Tx;

export interface AccountRow {
  userId: number;
  balanceMicros: number;
  frozenMicros: number;
  updatedAt: number;
}

export interface LedgerRow {
  id: number;
  userId: number;
  kind: string;
  freeDeltaMicros: number;
  frozenDeltaMicros: number;
  balanceAfterMicros: number;
  frozenAfterMicros: number;
  memoKey: string;
  memoParams: string | null;
  refType: string | null;
  refId: number | null;
  createdAt: number;
}

export type NewLedgerRow = Omit<LedgerRow, 'id'>;

export async function insertAccount(db: Executor, userId: number, now: number): Promise<void> {
  await db
    .insertInto('accounts')
    .values({ user_id: userId, balance_micros: 0, frozen_micros: 0, updated_at: now })
    .execute();
}

/**
 * Adds the deltas in one statement whose WHERE refuses any result below zero (the free balance:
 * below its floor, see NO_FREE_FLOOR), so concurrent
 * postings cannot both pass a stale check (PostgreSQL re-evaluates the WHERE on the locked row;
 * SQLite has one writer). Returns the new amounts, or undefined when refused or absent.
 * Every balance change runs this guarded UPDATE, so it is compiled once (precompiledQuery) and only
 * re-bound; the deltas appear twice because the guard repeats them.
 */
const applyDeltasQuery = precompiledQuery(
  (
    db,
    free: number,
    frozen: number,
    now: number,
    holding: number,
    pending: number,
    userId: number,
    freeGuard: number,
    freeFloor: number,
    frozenGuard: number,
  ) =>
    db
      .updateTable('accounts')
      .set((eb) => ({
        balance_micros: eb('balance_micros', '+', free),
        frozen_micros: eb('frozen_micros', '+', frozen),
        updated_at: now,
        holding_orders: eb('holding_orders', '+', holding),
        pending_orders: eb('pending_orders', '+', pending),
        version: eb('version', '+', sql.lit(1)),
      }))
      .where('user_id', '=', userId)
      .where((eb) => eb(eb('balance_micros', '+', freeGuard), '>=', freeFloor))
      .where((eb) => eb(eb('frozen_micros', '+', frozenGuard), '>=', sql.lit(0)))
      .returning(['balance_micros', 'frozen_micros', 'holding_orders', 'pending_orders', 'version']),
);

/** The account after a posting: its balances, its open-order counts and its version. */
export interface PostedAccount {
  balanceMicros: number;
  frozenMicros: number;
  holdingOrders: number;
  pendingOrders: number;
  /** Bumped by every statement that changes the row (migration 0016). */
  version: number;
}

/** An account row as a guarded UPDATE … RETURNING gives it back (numbers or, on PostgreSQL, text). */
interface AccountAfter {
  balance_micros: unknown;
  frozen_micros: unknown;
  holding_orders: unknown;
  pending_orders: unknown;
  version: unknown;
}

function postedAccount(row: AccountAfter): PostedAccount {
  return {
    balanceMicros: Number(row.balance_micros),
    frozenMicros: Number(row.frozen_micros),
    holdingOrders: Number(row.holding_orders),
    pendingOrders: Number(row.pending_orders),
    version: Number(row.version),
  };
}

/** How a posting moves the account's open-order counts (trading's bookings; 0 for the rest). */
export interface OrderCountDeltas {
  holding: number;
  pending: number;
}

export const NO_ORDER_COUNT_CHANGE: OrderCountDeltas = { holding: 0, pending: 0 };

/**
 * The lowest free balance a posting may leave: zero, or for a close's realised loss (which the
 * account's frozen margin and equity back: packages/trading protection.ts) no floor at all.
 */
export const NO_FREE_FLOOR = -Number.MAX_SAFE_INTEGER;

export async function applyDeltas(
  db: Executor,
  userId: number,
  freeDeltaMicros: number,
  frozenDeltaMicros: number,
  now: number,
  counts: OrderCountDeltas = NO_ORDER_COUNT_CHANGE,
  freeFloorMicros = 0,
): Promise<PostedAccount | undefined> {
  const result = await applyDeltasQuery(
    db,
    freeDeltaMicros,
    frozenDeltaMicros,
    now,
    counts.holding,
    counts.pending,
    userId,
    freeDeltaMicros,
    freeFloorMicros,
    frozenDeltaMicros,
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return postedAccount(row);
}

/** Moves only the open-order counts (a booking that moves no money); undefined when no account. */
export async function applyOrderCounts(
  db: Executor,
  userId: number,
  counts: OrderCountDeltas,
  now: number,
): Promise<PostedAccount | undefined> {
  const row = await db
    .updateTable('accounts')
    .set((eb) => ({
      holding_orders: eb('holding_orders', '+', counts.holding),
      pending_orders: eb('pending_orders', '+', counts.pending),
      updated_at: now,
      version: eb('version', '+', sql.lit(1)),
    }))
    .where('user_id', '=', userId)
    .returning(['balance_micros', 'frozen_micros', 'holding_orders', 'pending_orders', 'version'])
    .executeTakeFirst();
  if (!row) return undefined;
  return postedAccount(row);
}

const insertLedgerQuery = precompiledQuery(
  (
    db,
    userId: number,
    kind: string,
    freeDelta: number,
    frozenDelta: number,
    balanceAfter: number,
    frozenAfter: number,
    memoKey: string,
    memoParams: string | null,
    refType: string | null,
    refId: number | null,
    createdAt: number,
  ) =>
    db
      .insertInto('ledger')
      .values({
        user_id: userId,
        kind,
        free_delta_micros: freeDelta,
        frozen_delta_micros: frozenDelta,
        balance_after_micros: balanceAfter,
        frozen_after_micros: frozenAfter,
        memo_key: memoKey,
        memo_params: memoParams,
        ref_type: refType,
        ref_id: refId,
        created_at: createdAt,
      })
      .returning('id'),
);

export async function insertLedgerRow(db: Executor, row: NewLedgerRow): Promise<number> {
  const result = await insertLedgerQuery(
    db,
    row.userId,
    row.kind,
    row.freeDeltaMicros,
    row.frozenDeltaMicros,
    row.balanceAfterMicros,
    row.frozenAfterMicros,
    row.memoKey,
    row.memoParams,
    row.refType,
    row.refId,
    row.createdAt,
  );
  const inserted = result.rows[0];
  if (!inserted) throw new Error('ledger insert returned no id');
  return Number(inserted.id);
}

/**
 * PostgreSQL: the guarded UPDATE and the ledger INSERT in ONE statement (the UPDATE in a CTE feeds
 * the row its after-balances), one round trip per posting instead of two. The same UPDATE moves the
 * account's open-order counts when the posting books an order (OrderCountDeltas). Same guard as
 * applyDeltas: no row comes back when the account is absent or a balance would go below zero (the
 * free balance: below its floor), and
 * then nothing was written.
 */
const POSTING_SQL = `WITH after AS (
  UPDATE accounts SET balance_micros = balance_micros + $1::bigint, frozen_micros = frozen_micros + $2, updated_at = $3,
    holding_orders = holding_orders + $10::integer, pending_orders = pending_orders + $11::integer,
    version = version + 1
  WHERE user_id = $4 AND balance_micros + $1 >= $12::bigint AND frozen_micros + $2 >= 0
  RETURNING balance_micros, frozen_micros, holding_orders, pending_orders, version
), posted AS (
  INSERT INTO ledger (user_id, kind, free_delta_micros, frozen_delta_micros, balance_after_micros,
    frozen_after_micros, memo_key, memo_params, ref_type, ref_id, created_at)
  SELECT $4::integer, $5::varchar, $1::bigint, $2::bigint, after.balance_micros, after.frozen_micros,
    $6::varchar, $7::text, $8::varchar, $9::bigint, $3::bigint FROM after
  RETURNING id
)
SELECT posted.id, after.balance_micros, after.frozen_micros, after.holding_orders, after.pending_orders,
  after.version
FROM posted, after`;
keepPrepared(POSTING_SQL);

/** True when the executor talks to PostgreSQL (where postWithLedger is one statement). */
export function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function postWithLedger(
  db: Executor,
  row: Omit<NewLedgerRow, 'balanceAfterMicros' | 'frozenAfterMicros'>,
  counts: OrderCountDeltas = NO_ORDER_COUNT_CHANGE,
  freeFloorMicros = 0,
): Promise<({ ledgerId: number } & PostedAccount) | undefined> {
  const result = await db.executeQuery(
    CompiledQuery.raw(POSTING_SQL, [
      row.freeDeltaMicros,
      row.frozenDeltaMicros,
      row.createdAt,
      row.userId,
      row.kind,
      row.memoKey,
      row.memoParams,
      row.refType,
      row.refId,
      counts.holding,
      counts.pending,
      freeFloorMicros,
    ]),
  );
  const out = result.rows[0] as (AccountAfter & { id: unknown }) | undefined;
  if (!out) return undefined;
  return { ledgerId: Number(out.id), ...postedAccount(out) };
}

/** One ledger row of a pair (postPairWithLedger): its own deltas, memo and reference. */
export interface PairLine {
  kind: string;
  freeDeltaMicros: number;
  frozenDeltaMicros: number;
  memoKey: string;
  memoParams: string | null;
  refType: string | null;
  refId: number | null;
}

const LEDGER_COLUMNS = `user_id, kind, free_delta_micros, frozen_delta_micros, balance_after_micros,
  frozen_after_micros, memo_key, memo_params, ref_type, ref_id, created_at`;

/**
 * SQLite: both rows of a pair in one INSERT (after the guarded UPDATE by their sum). No RETURNING:
 * the second row's id is the statement's last insert rowid, and rows given back are values to build.
 */
const PAIR_ROWS_SQLITE = `INSERT INTO ledger (${LEDGER_COLUMNS})
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/**
 * PostgreSQL: the guarded UPDATE by the pair's sum and both ledger rows in ONE statement. The first
 * row's after-balances are the account's after the pair less the second row's deltas.
 */
const PAIR_SQL = `WITH after AS (
  UPDATE accounts SET balance_micros = balance_micros + $1::bigint, frozen_micros = frozen_micros + $2::bigint,
    updated_at = $3::bigint, holding_orders = holding_orders + $5::integer,
    pending_orders = pending_orders + $6::integer, version = version + 1
  WHERE user_id = $4::integer AND balance_micros + $1::bigint >= 0 AND frozen_micros + $2::bigint >= 0
  RETURNING balance_micros, frozen_micros, holding_orders, pending_orders, version
), posted AS (
  INSERT INTO ledger (${LEDGER_COLUMNS})
  SELECT $4::integer, v.kind, v.free, v.frozen, after.balance_micros - v.free_later,
    after.frozen_micros - v.frozen_later, v.memo_key, v.memo_params, v.ref_type, v.ref_id, $3::bigint
  FROM after, (VALUES
    (1, $7::varchar, $8::bigint, $9::bigint, $15::bigint, $16::bigint, $10::varchar, $11::text, $12::varchar, $13::bigint),
    (2, $14::varchar, $15::bigint, $16::bigint, 0::bigint, 0::bigint, $17::varchar, $18::text, $19::varchar, $20::bigint)
  ) AS v(n, kind, free, frozen, free_later, frozen_later, memo_key, memo_params, ref_type, ref_id)
  ORDER BY v.n
  RETURNING id
)
SELECT (SELECT max(id) FROM posted) AS id, balance_micros, frozen_micros, holding_orders, pending_orders,
  version
FROM after`;
keepPrepared(PAIR_SQL);

/**
 * Two movements of one account: the account changed by their sum in one guarded UPDATE, and both
 * ledger rows, each with its own after-balances (one statement on PostgreSQL, two on SQLite, where
 * two single postings take four). Undefined when the guard refused (or no account): nothing
 * written. Returns the second row's id and the account after both.
 */
export async function postPairWithLedger(
  db: Executor,
  userId: number,
  first: PairLine,
  second: PairLine,
  at: number,
  counts: OrderCountDeltas = NO_ORDER_COUNT_CHANGE,
): Promise<({ ledgerId: number } & PostedAccount) | undefined> {
  const free = first.freeDeltaMicros + second.freeDeltaMicros;
  const frozen = first.frozenDeltaMicros + second.frozenDeltaMicros;
  if (isPostgres(db)) {
    const result = await db.executeQuery(
      CompiledQuery.raw(PAIR_SQL, [
        free,
        frozen,
        at,
        userId,
        counts.holding,
        counts.pending,
        ...[first, second].flatMap((l) => [
          l.kind,
          l.freeDeltaMicros,
          l.frozenDeltaMicros,
          l.memoKey,
          l.memoParams,
          l.refType,
          l.refId,
        ]),
      ]),
    );
    const out = result.rows[0] as (AccountAfter & { id: unknown }) | undefined;
    if (!out) return undefined;
    return { ledgerId: Number(out.id), ...postedAccount(out) };
  }
  const after = await applyDeltas(db, userId, free, frozen, at, counts);
  if (!after) return undefined;
  const inserted = await runCompiled(db, PAIR_ROWS_SQLITE, [
    userId,
    first.kind,
    first.freeDeltaMicros,
    first.frozenDeltaMicros,
    after.balanceMicros - second.freeDeltaMicros,
    after.frozenMicros - second.frozenDeltaMicros,
    first.memoKey,
    first.memoParams,
    first.refType,
    first.refId,
    at,
    userId,
    second.kind,
    second.freeDeltaMicros,
    second.frozenDeltaMicros,
    after.balanceMicros,
    after.frozenMicros,
    second.memoKey,
    second.memoParams,
    second.refType,
    second.refId,
    at,
  ]);
  if (inserted.numAffectedRows !== 2n || inserted.insertId === undefined)
    throw new Error('ledger pair insert wrote no rows');
  return { ledgerId: Number(inserted.insertId), ...after };
}

export async function selectAccount(db: Executor, userId: number): Promise<AccountRow | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select(['user_id', 'balance_micros', 'frozen_micros', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    userId: row.user_id,
    balanceMicros: Number(row.balance_micros),
    frozenMicros: Number(row.frozen_micros),
    updatedAt: Number(row.updated_at),
  };
}

/** Newest first; `id` breaks ties of equal times so pages never overlap. */
export async function selectLedgerPage(
  db: Executor,
  userId: number,
  limit: number,
  offset: number,
): Promise<LedgerRow[]> {
  const rows = await db
    .selectFrom('ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    userId: r.user_id,
    kind: r.kind,
    freeDeltaMicros: Number(r.free_delta_micros),
    frozenDeltaMicros: Number(r.frozen_delta_micros),
    balanceAfterMicros: Number(r.balance_after_micros),
    frozenAfterMicros: Number(r.frozen_after_micros),
    memoKey: r.memo_key,
    memoParams: r.memo_params,
    refType: r.ref_type,
    refId: r.ref_id === null ? null : Number(r.ref_id),
    createdAt: Number(r.created_at),
  }));
}

export async function countLedger(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sums of every delta of the user: the audit that the account equals its history. */
export async function sumLedger(
  db: Executor,
  userId: number,
): Promise<{ freeMicros: number; frozenMicros: number }> {
  const row = await db
    .selectFrom('ledger')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('free_delta_micros'), eb.lit(0)).as('free'),
      eb.fn.coalesce(eb.fn.sum<number>('frozen_delta_micros'), eb.lit(0)).as('frozen'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { freeMicros: Number(row.free), frozenMicros: Number(row.frozen) };
}
