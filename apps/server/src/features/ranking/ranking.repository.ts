import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import './ranking.tables.js';

type Q = Kysely<Database>;

const STATUS_HISTORY = 3;
const STATE_ID = 1;

/** A closed trade row of a ranking candidate (a real account that opted in). */
export interface CandidateTradeRow {
  userId: number;
  instrumentId: number;
  leverage: number;
  pnlMicros: number;
  feeMicros: number;
  marginMicros: number;
}

export interface CandidateTotalsRow {
  userId: number;
  trades: number;
  netMicros: number;
  marginMicros: number;
}

export interface SnapshotRow {
  userId: number;
  position: number;
  multiple: number;
  code: string;
  windowTrades: number;
  windowWins: number;
  windowNetMicros: number;
  windowMarginMicros: number;
  totalTrades: number;
  totalNetMicros: number;
  totalMarginMicros: number;
}

export interface BoardRow extends SnapshotRow {
  uid: string;
  email: string | null;
  mobile: string | null;
}

/**
 * Closed trades of opted-in real accounts: history rows that were filled (a cancelled pending
 * order has no fill and never counts). `sinceMs` limits them to those closed at or after it.
 */
function candidateTrades(db: Q, sinceMs?: number) {
  let q = db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('ranking_opt_ins as r', 'r.user_id', 'o.user_id')
    // Real traders, and the labelled sample strategies (users of kind 2, copy/samples.ts).
    .where((eb) => eb.or([eb('u.is_demo', '=', 0), eb('u.kind', '=', 2)]))
    .where('r.opted_in', '=', 1)
    .where('o.status', '=', STATUS_HISTORY)
    .where('o.filled_at', 'is not', null);
  if (sinceMs !== undefined) q = q.where('o.closed_at', '>=', sinceMs);
  return q;
}

export async function selectWindowTrades(db: Q, sinceMs: number): Promise<CandidateTradeRow[]> {
  const rows = await candidateTrades(db, sinceMs)
    .select(['o.user_id', 'o.instrument_id', 'o.leverage', 'o.pnl_micros', 'o.fee_micros', 'o.margin_micros'])
    .orderBy('o.user_id')
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({
    userId: Number(r.user_id),
    instrumentId: Number(r.instrument_id),
    leverage: Number(r.leverage),
    pnlMicros: Number(r.pnl_micros),
    feeMicros: Number(r.fee_micros),
    marginMicros: Number(r.margin_micros),
  }));
}

/** PostgreSQL's SUM of BIGINT is NUMERIC (a string); SQLite's an integer. Both become exact numbers. */
function whole(value: number | string | bigint | null, label: string): number {
  const n = Number(value ?? 0);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${label}: ${String(value)} is not a safe integer`);
  return n;
}

export async function selectHistoryTotals(db: Q): Promise<CandidateTotalsRow[]> {
  const rows = await candidateTrades(db)
    .select((eb) => [
      'o.user_id',
      eb.fn.countAll<number | string>().as('trades'),
      eb.fn.sum<number | string | null>(eb('o.pnl_micros', '-', eb.ref('o.fee_micros'))).as('net'),
      eb.fn.sum<number | string | null>('o.margin_micros').as('margin'),
    ])
    .groupBy('o.user_id')
    .execute();
  return rows.map((r) => ({
    userId: Number(r.user_id),
    trades: whole(r.trades, 'trades'),
    netMicros: whole(r.net, 'net'),
    marginMicros: whole(r.margin, 'margin'),
  }));
}

/** Swaps the whole board in one transaction, so a reader sees the old board or the new one. */
export async function replaceSnapshot(db: Q, rows: readonly SnapshotRow[], at: number): Promise<void> {
  await db.transaction().execute(async (trx: Transaction<Database>) => {
    await trx.deleteFrom('ranking_snapshot').execute();
    // Chunks keep each INSERT well under SQLite's bound-parameter limit.
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('ranking_snapshot')
        .values(
          rows.slice(i, i + 500).map((r) => ({
            user_id: r.userId,
            position: r.position,
            multiple: r.multiple,
            code: r.code,
            window_trades: r.windowTrades,
            window_wins: r.windowWins,
            window_net_micros: r.windowNetMicros,
            window_margin_micros: r.windowMarginMicros,
            total_trades: r.totalTrades,
            total_net_micros: r.totalNetMicros,
            total_margin_micros: r.totalMarginMicros,
            computed_at: at,
          })),
        )
        .execute();
    }
    await trx
      .insertInto('ranking_state')
      .values({ id: STATE_ID, refreshed_at: at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ refreshed_at: at }))
      .execute();
  });
}

/**
 * The board as stored, minus anyone who has since opted out or is a demo account (checked again
 * here, not only when computing, so a leave takes effect at once).
 */
export async function selectBoard(db: Q, limit: number): Promise<BoardRow[]> {
  const rows = await db
    .selectFrom('ranking_snapshot as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('ranking_opt_ins as r', 'r.user_id', 's.user_id')
    // Real traders, and the labelled sample strategies (users of kind 2, copy/samples.ts).
    .where((eb) => eb.or([eb('u.is_demo', '=', 0), eb('u.kind', '=', 2)]))
    .where('r.opted_in', '=', 1)
    .select([
      's.user_id',
      's.position',
      's.multiple',
      's.code',
      's.window_trades',
      's.window_wins',
      's.window_net_micros',
      's.window_margin_micros',
      's.total_trades',
      's.total_net_micros',
      's.total_margin_micros',
      'u.uid',
      'u.email',
      'u.mobile',
    ])
    .orderBy('s.position')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    userId: Number(r.user_id),
    position: Number(r.position),
    multiple: Number(r.multiple),
    code: r.code,
    windowTrades: Number(r.window_trades),
    windowWins: Number(r.window_wins),
    windowNetMicros: Number(r.window_net_micros),
    windowMarginMicros: Number(r.window_margin_micros),
    totalTrades: Number(r.total_trades),
    totalNetMicros: Number(r.total_net_micros),
    totalMarginMicros: Number(r.total_margin_micros),
    uid: r.uid,
    email: r.email,
    mobile: r.mobile,
  }));
}

export async function selectRefreshedAt(db: Q): Promise<number | null> {
  const row = await db
    .selectFrom('ranking_state')
    .select('refreshed_at')
    .where('id', '=', STATE_ID)
    .executeTakeFirst();
  return row ? Number(row.refreshed_at) : null;
}

export async function selectOptIn(db: Q, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('ranking_opt_ins')
    .select('opted_in')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.opted_in ?? 0) === 1;
}

export async function upsertOptIn(db: Q, userId: number, on: boolean, at: number): Promise<void> {
  const opted_in = on ? 1 : 0;
  await db
    .insertInto('ranking_opt_ins')
    .values({ user_id: userId, opted_in, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ opted_in, updated_at: at }))
    .execute();
}

export async function selectPublicIdentity(
  db: Q,
  userId: number,
): Promise<{ uid: string; email: string | null; mobile: string | null } | undefined> {
  return db
    .selectFrom('users')
    .select(['uid', 'email', 'mobile'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
