/**
 * The SQL of copy trading: strategies, copies, links and skips. Callers pass the transaction
 * (a write-queue job) or the database for reads.
 */
import { type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import { precompiledArrays, precompiledQuery, type Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import {
  ORDER_COLUMNS,
  type OrderRecord,
  recordOf,
  STATUS_HISTORY as STATUS_HISTORY_CODE,
  STATUS_HOLDING as STATUS_HOLDING_CODE,
} from '../trading/index.js';
import type { CopiesTable, StrategiesTable } from './copy.schema.js';
import './copy.schema.js';

type Executor = Kysely<Database> | Tx;

export type StrategyRow = Selectable<StrategiesTable>;
export type CopyRow = Selectable<CopiesTable>;

/** Money columns come back from PostgreSQL's BIGINT as numbers through the pool's parser; ids too. */
function strategy(r: StrategyRow): StrategyRow {
  return {
    ...r,
    min_invest_micros: Number(r.min_invest_micros),
    fees_earned_micros: Number(r.fees_earned_micros),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

function copy(r: CopyRow): CopyRow {
  return {
    ...r,
    invested_micros: Number(r.invested_micros),
    hwm_micros: Number(r.hwm_micros),
    equity_stop_micros: r.equity_stop_micros === null ? null : Number(r.equity_stop_micros),
    fees_paid_micros: Number(r.fees_paid_micros),
    returned_micros: Number(r.returned_micros),
    started_at: Number(r.started_at),
    stopped_at: r.stopped_at === null ? null : Number(r.stopped_at),
  };
}

// ---- strategies -----------------------------------------------------------------------------

export async function selectStrategy(db: Executor, id: number): Promise<StrategyRow | undefined> {
  const row = await db.selectFrom('strategies').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? strategy(row) : undefined;
}

export async function selectStrategyOf(db: Executor, userId: number): Promise<StrategyRow | undefined> {
  const row = await db.selectFrom('strategies').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row ? strategy(row) : undefined;
}

export async function selectStrategies(db: Executor): Promise<StrategyRow[]> {
  const rows = await db.selectFrom('strategies').selectAll().orderBy('id').execute();
  return rows.map(strategy);
}

export interface NewStrategy {
  userId: number;
  name: string;
  description: string;
  feeRateBp: number;
  minInvestMicros: number;
  isDemo: boolean;
  isSample: boolean;
  at: number;
}

export async function insertStrategy(db: Executor, s: NewStrategy): Promise<StrategyRow> {
  const row = await db
    .insertInto('strategies')
    .values({
      user_id: s.userId,
      name: s.name,
      description: s.description,
      fee_rate_bp: s.feeRateBp,
      min_invest_micros: s.minInvestMicros,
      is_demo: s.isDemo ? 1 : 0,
      is_sample: s.isSample ? 1 : 0,
      status: 'active',
      created_at: s.at,
      updated_at: s.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return strategy(row);
}

export type StrategyChange = Partial<
  Pick<StrategyRow, 'name' | 'description' | 'fee_rate_bp' | 'min_invest_micros' | 'status' | 'avatar_key'>
>;

/** Changes a strategy unless it is closed; undefined when it is (or is gone). */
export async function updateStrategy(
  db: Executor,
  id: number,
  change: StrategyChange,
  at: number,
): Promise<StrategyRow | undefined> {
  const row = await db
    .updateTable('strategies')
    .set({ ...change, updated_at: at })
    .where('id', '=', id)
    .where('status', '<>', 'closed')
    .returningAll()
    .executeTakeFirst();
  return row ? strategy(row) : undefined;
}

/** Gives a strategy an avatar if it has none; false when it had one. */
export async function setAvatarIfNone(db: Executor, id: number, key: string, at: number): Promise<boolean> {
  const row = await db
    .updateTable('strategies')
    .set({ avatar_key: key, updated_at: at })
    .where('id', '=', id)
    .where('avatar_key', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Clears a strategy's avatar if it is still `key` (any status); false when it was not. */
export async function clearAvatar(db: Executor, id: number, key: string, at: number): Promise<boolean> {
  const row = await db
    .updateTable('strategies')
    .set({ avatar_key: null, updated_at: at })
    .where('id', '=', id)
    .where('avatar_key', '=', key)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function addFeesEarned(db: Executor, id: number, micros: number): Promise<void> {
  await db
    .updateTable('strategies')
    .set((eb) => ({ fees_earned_micros: eb('fees_earned_micros', '+', micros) }))
    .where('id', '=', id)
    .execute();
}

/** The published (not closed) strategy of each of these users, by user id. */
export async function selectStrategyIdsOf(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, { id: number; name: string; sample: boolean }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('strategies')
    .select(['id', 'user_id', 'name', 'is_sample'])
    .where('user_id', 'in', userIds)
    .where('status', '<>', 'closed')
    .execute();
  return new Map(rows.map((r) => [r.user_id, { id: r.id, name: r.name, sample: Number(r.is_sample) === 1 }]));
}

/** Provider user ids of the active strategies (what the mirror listens for). */
export async function selectActiveProviders(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('strategies')
    .select(['id', 'user_id'])
    .where('status', '=', 'active')
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.id]));
}

// ---- copies ---------------------------------------------------------------------------------

export interface NewCopy {
  strategyId: number;
  followerId: number;
  isDemo: boolean;
  feeRateBp: number;
  investedMicros: number;
  equityStopMicros: number | null;
  feeMonth: string;
  at: number;
}

export async function insertCopy(db: Executor, c: NewCopy): Promise<CopyRow> {
  const row = await db
    .insertInto('copies')
    .values({
      strategy_id: c.strategyId,
      follower_id: c.followerId,
      account_id: null,
      status: 'active',
      stop_reason: null,
      is_demo: c.isDemo ? 1 : 0,
      fee_rate_bp: c.feeRateBp,
      invested_micros: c.investedMicros,
      hwm_micros: c.investedMicros,
      equity_stop_micros: c.equityStopMicros,
      fee_month: c.feeMonth,
      started_at: c.at,
      stopped_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return copy(row);
}

export async function selectCopy(db: Executor, id: number): Promise<CopyRow | undefined> {
  const row = await db.selectFrom('copies').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? copy(row) : undefined;
}

export async function selectCopiesOf(db: Executor, followerId: number): Promise<CopyRow[]> {
  const rows = await db
    .selectFrom('copies')
    .selectAll()
    .where('follower_id', '=', followerId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(copy);
}

/** A share of the copies: those whose id modulo `count` is `index` (one copy thread's, mirror-thread.ts). */
export interface CopyPartition {
  index: number;
  count: number;
}

/** A strategy's copies in these statuses, in id order (the mirror reads pages: selectMirrorCopies). */
export async function selectStrategyCopies(
  db: Executor,
  strategyId: number,
  statuses: CopyRow['status'][],
): Promise<CopyRow[]> {
  const rows = await db
    .selectFrom('copies')
    .selectAll()
    .where('strategy_id', '=', strategyId)
    .where('status', 'in', statuses)
    .orderBy('id')
    .execute();
  return rows.map(copy);
}

/** What the mirror needs of a copy to book into it, or to skip it. */
export type MirrorCopy = Pick<CopyRow, 'id' | 'follower_id' | 'account_id' | 'is_demo'>;

/**
 * A page of a strategy's running copies for the mirror, in id order after `afterId`
 * (copies_strategy_idx serves a page as a range): the four columns it uses, not the row's
 * sixteen (each a value to build: 400 against about 100 µs a page of 64 on SQLite).
 */
export async function selectMirrorCopies(
  db: Executor,
  strategyId: number,
  page: { afterId: number; limit: number },
  partition?: CopyPartition,
): Promise<MirrorCopy[]> {
  const rows = partition
    ? await mirrorCopiesShareQuery(
        db,
        strategyId,
        'active',
        page.afterId,
        partition.count,
        partition.index,
        page.limit,
      )
    : await mirrorCopiesQuery(db, strategyId, 'active', page.afterId, page.limit);
  return rows.map((r) => ({
    id: Number(r[0]),
    follower_id: Number(r[1]),
    account_id: r[2] === null ? null : Number(r[2]),
    is_demo: Number(r[3]),
  }));
}

function mirrorCopiesPage(db: Executor, strategyId: number, status: 'active', afterId: number) {
  return db
    .selectFrom('copies')
    .select(['id', 'follower_id', 'account_id', 'is_demo'])
    .where('strategy_id', '=', strategyId)
    .where('status', '=', status)
    .where('id', '>', afterId);
}

/** A page of the mirror's copies, compiled once (a page is read per 64 copies of every provider event). */
const mirrorCopiesQuery = precompiledArrays(
  (db, strategyId: number, status: 'active', afterId: number, limit: number) =>
    mirrorCopiesPage(db, strategyId, status, afterId).orderBy('id').limit(limit),
);

/** The same page of one copy thread's share (mirror-thread.ts): the copies whose id modulo count is index. */
const mirrorCopiesShareQuery = precompiledArrays(
  (db, strategyId: number, status: 'active', afterId: number, count: number, index: number, limit: number) =>
    mirrorCopiesPage(db, strategyId, status, afterId)
      .where(sql<number>`copies.id % ${count}`, '=', index)
      .orderBy('id')
      .limit(limit),
);

/** A page of the running copies in id order after `afterId`, for the watcher's filters below (no columns chosen yet). */
function activeCopiesPage(db: Executor, page: { afterId: number; limit: number }) {
  return (
    db
      .selectFrom('copies')
      // A literal, not a parameter: the guarded copies' partial index (migration 0017) holds running
      // copies only, and a planner uses it only when it sees that the query asks for those.
      .where('status', '=', sql.lit('active'))
      .where('id', '>', page.afterId)
      .orderBy('id')
      .limit(page.limit)
  );
}

/**
 * A page of the running copies with an equity stop-loss, which the watcher checks every second.
 * Filtered here, not in the caller: reading every running copy each second, twice with the fee
 * check below, held the server's thread 4.4 ms at a time on SQLite with 1,000 copies (some 40 ms
 * with 10,000).
 */
export async function selectGuardedCopies(
  db: Executor,
  page: { afterId: number; limit: number },
): Promise<GuardedCopy[]> {
  const rows = await activeCopiesPage(db, page)
    .select(['id', 'follower_id', 'account_id', 'equity_stop_micros'])
    .where('equity_stop_micros', 'is not', null)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    follower_id: Number(r.follower_id),
    account_id: r.account_id === null ? null : Number(r.account_id),
    equity_stop_micros: Number(r.equity_stop_micros),
  }));
}

/** What the equity-stop watcher needs of a guarded copy (the four of the row's sixteen columns). */
export interface GuardedCopy {
  id: number;
  follower_id: number;
  account_id: number | null;
  equity_stop_micros: number;
}

/**
 * Whether any running copy's fee month is behind `month` ("YYYY-MM"): between month ends, none is,
 * and this asks the partial index of migration 0020 alone (the page read below, ordered by id, is
 * one SQLite answers by reading every copy, having no statistics: 0.6 ms against 13 µs with 10,000
 * copies, on the thread that serves requests, every second).
 */
export async function anyCopyDueFees(db: Executor, month: string): Promise<boolean> {
  const row = await db
    .selectFrom('copies')
    .select('id')
    .where('status', '=', sql.lit('active'))
    .where('fee_month', '<', month)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A page of the running copies whose fee month is behind `month` ("YYYY-MM"): month-end settlement's. */
export async function selectCopiesDueFees(
  db: Executor,
  month: string,
  page: { afterId: number; limit: number },
): Promise<CopyRow[]> {
  const rows = await activeCopiesPage(db, page).selectAll().where('fee_month', '<', month).execute();
  return rows.map(copy);
}

/**
 * The copies whose stop began and has not finished (the watcher resumes them every second), from
 * their partial index (migration 0020): the status is a literal, as in activeCopiesPage, so both
 * databases see that the query asks for what the index holds.
 */
export async function selectStoppingCopies(db: Executor): Promise<CopyRow[]> {
  const rows = await db
    .selectFrom('copies')
    .selectAll()
    .where('status', '=', sql.lit('stopping'))
    .orderBy('id')
    .execute();
  return rows.map(copy);
}

export type CopyChange = Partial<
  Pick<
    CopyRow,
    | 'account_id'
    | 'status'
    | 'stop_reason'
    | 'invested_micros'
    | 'hwm_micros'
    | 'fees_paid_micros'
    | 'returned_micros'
    | 'fee_month'
    | 'stopped_at'
  >
>;

/** Changes a copy only while it has status `from`; undefined otherwise. */
export async function updateCopyIf(
  db: Executor,
  id: number,
  from: CopyRow['status'],
  change: CopyChange,
): Promise<CopyRow | undefined> {
  const row = await db
    .updateTable('copies')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
  return row ? copy(row) : undefined;
}

/** The account user ids of a follower's copies, with the strategy names (for their Orders). */
export async function selectCopyAccounts(
  db: Executor,
  followerId: number,
): Promise<Array<{ accountId: number; copyId: number; name: string }>> {
  const rows = await db
    .selectFrom('copies')
    .innerJoin('strategies', 'strategies.id', 'copies.strategy_id')
    .select(['copies.id as copyId', 'copies.account_id as accountId', 'strategies.name as name'])
    .where('copies.follower_id', '=', followerId)
    .where('copies.account_id', 'is not', null)
    .execute();
  return rows.map((r) => ({ copyId: r.copyId, accountId: r.accountId as number, name: r.name }));
}

/** Creates the copy account: a users row of kind 1 nobody can log in with, and its accounts row. */
export async function insertCopyAccountUser(
  db: Executor,
  copyId: number,
  isDemo: boolean,
  at: number,
): Promise<number> {
  const user = await db
    .insertInto('users')
    .values({
      uid: `C${String(copyId).padStart(7, '0')}`,
      email: null,
      mobile: null,
      area_id: null,
      password_hash: null,
      is_demo: isDemo ? 1 : 0,
      demo_device_id: null,
      invite_code: null,
      invited_by: null,
      kind: 1,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('accounts')
    .values({ user_id: user.id, balance_micros: 0, frozen_micros: 0, updated_at: at })
    .execute();
  return user.id;
}

// ---- links and skips ----------------------------------------------------------------------

export async function insertLink(
  db: Executor,
  copyId: number,
  providerOrderId: number,
  copyOrderId: number | null,
  at: number,
): Promise<void> {
  await db
    .insertInto('copy_links')
    .values({
      copy_id: copyId,
      provider_order_id: providerOrderId,
      copy_order_id: copyOrderId,
      created_at: at,
    })
    .execute();
}

/**
 * The copied order's link, written only while the copy is active (one statement: the status check
 * and the insert). False when the copy stopped meanwhile, or the link is there already: the caller
 * rolls the copied order back.
 *
 * On PostgreSQL the links a transaction asks for together go out as one statement, as the copies'
 * placements do (trading's placement.repository.ts): a fan-out's batch starts its copies at once,
 * and each asks for its link as its placement comes back, so a batch of copies took one round trip
 * per copy for its links alone, each a socket write that cost more than the statement.
 */
export function insertLinkIfActive(db: Executor, link: CopyLink): Promise<boolean> {
  if (db.isTransaction && db.getExecutor().adapter instanceof PostgresAdapter) {
    return new Promise((resolve, reject) => {
      const tx = db as Tx;
      let queued = waitingLinks.get(tx);
      if (!queued) {
        const fresh: WaitingLink[] = [];
        queued = fresh;
        waitingLinks.set(tx, fresh);
        queueMicrotask(() => void sendLinks(tx, fresh));
      }
      queued.push({ ...link, resolve, reject });
    });
  }
  return insertOneLink(db, link);
}

/** A copied order's link to the provider order it copies. */
export interface CopyLink {
  copyId: number;
  providerOrderId: number;
  copyOrderId: number;
  at: number;
}

/**
 * One link, while its copy is active: compiled once, re-bound for each copied order (on SQLite's
 * writer it runs directly, a copied open's statements all do). Both dialects' texts are kept.
 */
const insertOneLinkQuery = precompiledQuery(
  (db, providerOrderId: number, copyOrderId: number, at: number, copyId: number) =>
    db
      .insertInto('copy_links')
      .columns(['copy_id', 'provider_order_id', 'copy_order_id', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('copies')
          .select((s) => [
            'id',
            s.val(providerOrderId).as('provider_order_id'),
            s.val(copyOrderId).as('copy_order_id'),
            s.val(at).as('created_at'),
          ])
          .where('id', '=', copyId)
          .where('status', '=', sql.lit('active')),
      ),
);

async function insertOneLink(db: Executor, link: CopyLink): Promise<boolean> {
  const result = await insertOneLinkQuery(db, link.providerOrderId, link.copyOrderId, link.at, link.copyId);
  return Number(result.numAffectedRows ?? 0n) > 0;
}

interface WaitingLink extends CopyLink {
  resolve: (linked: boolean) => void;
  reject: (error: unknown) => void;
}

/** Links asked for in a transaction and not yet sent (PostgreSQL). */
const waitingLinks = new WeakMap<Tx, WaitingLink[]>();

/**
 * One statement for the waiting links: each is written when its copy is active and no link of that
 * copy to that provider order exists (ON CONFLICT DO NOTHING, where one link alone raised a unique
 * violation: both mean nothing to book, and the caller throws either way). The copy's status is read
 * per link on its primary key: joined, the planner hashed every active copy of the table for each
 * statement (a sequential scan of 10,000 copies for a batch of 20 links).
 */
async function sendLinks(tx: Tx, links: WaitingLink[]): Promise<void> {
  waitingLinks.delete(tx);
  try {
    const result = await sql<{ copy_id: number; provider_order_id: number }>`
      INSERT INTO copy_links (copy_id, provider_order_id, copy_order_id, created_at)
      SELECT i.copy_id, i.provider_order_id, i.copy_order_id, i.created_at
      FROM unnest(${links.map((l) => l.copyId)}::integer[], ${links.map((l) => l.providerOrderId)}::integer[],
        ${links.map((l) => l.copyOrderId)}::integer[], ${links.map((l) => l.at)}::bigint[])
        AS i(copy_id, provider_order_id, copy_order_id, created_at)
      WHERE (SELECT c.status FROM copies c WHERE c.id = i.copy_id) = 'active'
      ON CONFLICT DO NOTHING
      RETURNING copy_id, provider_order_id`.execute(tx);
    const written = new Set(result.rows.map((r) => `${Number(r.copy_id)}:${Number(r.provider_order_id)}`));
    // Two asks for one link in a statement: the first one's row is written, the other is refused.
    const answered = new Set<string>();
    for (const l of links) {
      const key = `${l.copyId}:${l.providerOrderId}`;
      l.resolve(written.has(key) && !answered.has(key));
      answered.add(key);
    }
  } catch (error) {
    for (const l of links) l.reject(error);
  }
}

/** Which of these copies are already linked to a provider order (copied or skipped). */
export async function selectLinkedCopies(
  db: Executor,
  providerOrderId: number,
  copyIds: readonly number[],
): Promise<Set<number>> {
  if (copyIds.length === 0) return new Set();
  // Asked as the range the copies span (a page of them, in key order), which is a range of
  // copy_links_provider_idx: with an IN list PostgreSQL read every link of the provider order and
  // filtered them, each page reading all the pages before it (10,000 followers: 8-10 ms a page).
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const id of copyIds) {
    if (id < first) first = id;
    if (id > last) last = id;
  }
  const wanted = new Set(copyIds);
  const rows = await db
    .selectFrom('copy_links')
    .select('copy_id')
    .where('provider_order_id', '=', providerOrderId)
    .where('copy_id', '>=', first)
    .where('copy_id', '<=', last)
    .execute();
  return new Set(rows.map((r) => r.copy_id).filter((id) => wanted.has(id)));
}

/**
 * One page of a provider order's copied orders (in any status: the caller keeps the holdings), with
 * their copy account and follower, in copy order after copy `afterId`. The page is taken from the
 * links first, `limit` of them in the order of copy_links_provider_idx, and only those are joined:
 * filtering the orders' status in the same query let PostgreSQL, its statistics stale after a burst
 * of new copies, read every link of the provider order and hash every holding order for each page
 * (10,000 followers: 20-30 ms a page, over 150 pages). Paging by links keeps each page's work to its
 * own rows whatever the planner thinks, and a page of closed orders still moves the page on.
 */
export async function selectCopiedOrders(
  db: Executor,
  providerOrderId: number,
  page: { afterId: number; limit: number },
  partition?: CopyPartition,
): Promise<
  Array<{
    copyId: number;
    followerId: number;
    orderId: number;
    accountId: number;
    tp: string | null;
    sl: string | null;
    /** The copied order as read (a holding: its prices, lots and margin no longer change). */
    order: OrderRecord;
  }>
> {
  // Built and compiled once (precompiledArrays): per page of 64 rows that took longer than the read.
  const rows = partition
    ? await copiedOrdersShareQuery(
        db,
        providerOrderId,
        page.afterId,
        partition.count,
        partition.index,
        page.limit,
      )
    : await copiedOrdersQuery(db, providerOrderId, page.afterId, page.limit);
  return rows.map((r) => {
    const order = recordOf(r, 2);
    return {
      copyId: Number(r[0]),
      followerId: Number(r[1]),
      orderId: order.id,
      accountId: order.userId,
      tp: order.tp,
      sl: order.sl,
      order,
    };
  });
}

/** The links of one page of a provider order's copied orders (see selectCopiedOrders), of one share. */
function copiedLinks(
  db: Executor,
  providerOrderId: number,
  afterId: number,
  share: CopyPartition | undefined,
  limit: number,
) {
  let links = db
    .selectFrom('copy_links')
    .select(['copy_links.copy_id', 'copy_links.copy_order_id'])
    .where('copy_links.provider_order_id', '=', providerOrderId)
    .where('copy_links.copy_id', '>', afterId)
    .where('copy_links.copy_order_id', 'is not', null);
  if (share) links = links.where(sql<number>`copy_links.copy_id % ${share.count}`, '=', share.index);
  return links.orderBy('copy_links.copy_id').limit(limit);
}

/** One page's copied orders with their follower, read as arrays: copy id, follower, ORDER_COLUMNS. */
function copiedOrdersPage(db: Executor, page: ReturnType<typeof copiedLinks>) {
  return (
    db
      .selectFrom(page.as('page'))
      .innerJoin('orders', 'orders.id', 'page.copy_order_id')
      // The follower read per row on the copy's primary key (a link's copy always exists: its foreign
      // key): joined, PostgreSQL's plan could hash every copy of the table for a page of 64 (seen in
      // sampled plans with 10,000 followers: 1.1-1.7 ms a page, where a close reads 150 pages).
      .select((eb) => [
        'page.copy_id as copyId',
        eb
          .selectFrom('copies')
          .select('copies.follower_id')
          .whereRef('copies.id', '=', 'page.copy_id')
          .as('followerId'),
        ...ORDER_COLUMNS,
      ])
      .orderBy('page.copy_id')
  );
}

const copiedOrdersQuery = precompiledArrays((db, providerOrderId: number, afterId: number, limit: number) =>
  copiedOrdersPage(db, copiedLinks(db, providerOrderId, afterId, undefined, limit)),
);

const copiedOrdersShareQuery = precompiledArrays(
  (db, providerOrderId: number, afterId: number, count: number, index: number, limit: number) =>
    copiedOrdersPage(db, copiedLinks(db, providerOrderId, afterId, { count, index }, limit)),
);

export interface NewSkip {
  copyId: number;
  providerOrderId: number;
  instrumentId: number;
  side: 'buy' | 'sell';
  providerLots: string;
  wantedLots: string;
  reason: string;
  detail: string | null;
  at: number;
}

export async function insertSkip(db: Executor, s: NewSkip): Promise<void> {
  await db
    .insertInto('copy_skips')
    .values({
      copy_id: s.copyId,
      provider_order_id: s.providerOrderId,
      instrument_id: s.instrumentId,
      side: s.side === 'buy' ? 1 : 2,
      provider_lots: s.providerLots,
      wanted_lots: s.wantedLots,
      reason: s.reason,
      detail: s.detail,
      created_at: s.at,
    })
    .execute();
}

export async function selectSkips(db: Executor, copyId: number, limit: number) {
  const rows = await db
    .selectFrom('copy_skips')
    .selectAll()
    .where('copy_id', '=', copyId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...r,
    provider_order_id: Number(r.provider_order_id),
    created_at: Number(r.created_at),
  }));
}

export async function countSkips(db: Executor, copyIds: readonly number[]): Promise<Map<number, number>> {
  if (copyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('copy_skips')
    .select((eb) => ['copy_id', eb.fn.countAll<number | string>().as('n')])
    .where('copy_id', 'in', copyIds)
    .groupBy('copy_id')
    .execute();
  return new Map(rows.map((r) => [r.copy_id, Number(r.n)]));
}

// ---- reconciling ----------------------------------------------------------------------------

/** These providers' orders closed at or after `since` (orders_user_status_idx), for the reconciler. */
export async function selectClosedProviderOrders(
  db: Executor,
  userIds: readonly number[],
  since: number,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', 'in', userIds)
    .where('status', '=', STATUS_HISTORY_CODE)
    .where('closed_at', '>=', since)
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Provider orders that are closed while a running copy still holds their copied order: what the
 * reconciler's first pass after a start looks for (a crash mid fan-out, or anything before it).
 */
export async function selectOrphanedProviderOrders(db: Executor, limit: number): Promise<number[]> {
  const result = await sql<{ provider_order_id: number }>`
    SELECT DISTINCT l.provider_order_id FROM copies c
    JOIN copy_links l ON l.copy_id = c.id
    JOIN orders co ON co.id = l.copy_order_id
    JOIN orders po ON po.id = l.provider_order_id
    WHERE c.status = 'active' AND co.status = ${STATUS_HOLDING_CODE} AND po.status = ${STATUS_HISTORY_CODE}
    LIMIT ${limit}`.execute(db);
  return result.rows.map((r) => Number(r.provider_order_id));
}
