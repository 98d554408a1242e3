/**
 * The back office's read model over other features' tables (users, accounts, ledger, orders,
 * copies, sessions, real-name submissions) and its two writes on a user row (restrictions, credit
 * score). A console view joins across features by nature; keeping its SQL here keeps it out of
 * the features' hot paths. Reads only what the views show.
 */
import { sql } from 'kysely';
import type { Executor } from './staff.repository.js';

export interface DeskUserRow {
  id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  isDemo: boolean;
  kind: number;
  creditScore: number;
  tradingFrozen: boolean;
  withdrawalsFrozen: boolean;
  createdAt: number;
  kycStatus: number;
}

const USER_COLUMNS = [
  'u.id',
  'u.uid',
  'u.email',
  'u.mobile',
  'u.is_demo',
  'u.kind',
  'u.credit_score',
  'u.trading_frozen',
  'u.withdrawals_frozen',
  'u.created_at',
] as const;

interface RawUser {
  id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  is_demo: number;
  kind: number;
  credit_score: number;
  trading_frozen: number;
  withdrawals_frozen: number;
  created_at: number | string;
  kyc_status: number | string | null;
}

function toUser(r: RawUser): DeskUserRow {
  const kyc = r.kyc_status == null ? 0 : Number(r.kyc_status);
  return {
    id: Number(r.id),
    uid: r.uid,
    email: r.email,
    mobile: r.mobile,
    isDemo: Number(r.is_demo) === 1,
    kind: Number(r.kind),
    creditScore: Number(r.credit_score),
    tradingFrozen: Number(r.trading_frozen) === 1,
    withdrawalsFrozen: Number(r.withdrawals_frozen) === 1,
    createdAt: Number(r.created_at),
    // The spec's review_status: 1 waiting, 2 verified; a refusal reads as not submitted.
    kycStatus: kyc === 1 || kyc === 2 ? kyc : 0,
  };
}

/** The latest real-name submission's status, per user. */
const latestKyc = sql<
  number | null
>`(SELECT k.status FROM kyc_submissions k WHERE k.user_id = u.id ORDER BY k.id DESC LIMIT 1)`;

/** Traders (kind 0) matching an email, phone, uid or id; newest first. */
export async function searchUsers(
  db: Executor,
  q: string,
  limit: number,
  offset: number,
): Promise<{ rows: DeskUserRow[]; total: number }> {
  let query = db.selectFrom('users as u').where('u.kind', '=', 0);
  if (q) {
    const lowered = q.toLowerCase();
    const digits = q.replace(/\D/g, '');
    query = query.where((eb) =>
      eb.or([
        eb('u.email', '=', lowered),
        eb('u.email', 'like', `${lowered.replace(/[%_\\]/g, '')}%`),
        eb('u.uid', '=', q),
        ...(digits ? [eb('u.mobile', '=', digits)] : []),
        ...(/^\d{1,9}$/.test(q) ? [eb('u.id', '=', Number(q))] : []),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select(USER_COLUMNS)
      .select(latestKyc.as('kyc_status'))
      .orderBy('u.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => toUser(r as RawUser)), total: Number(count.n) };
}

export async function selectDeskUser(db: Executor, id: number): Promise<DeskUserRow | undefined> {
  const row = await db
    .selectFrom('users as u')
    .select(USER_COLUMNS)
    .select(latestKyc.as('kyc_status'))
    .where('u.id', '=', id)
    .executeTakeFirst();
  return row ? toUser(row as RawUser) : undefined;
}

export async function updateRestrictions(
  db: Executor,
  id: number,
  change: { tradingFrozen?: boolean; withdrawalsFrozen?: boolean },
): Promise<void> {
  const values: Record<string, number> = {};
  if (change.tradingFrozen !== undefined) values.trading_frozen = change.tradingFrozen ? 1 : 0;
  if (change.withdrawalsFrozen !== undefined) values.withdrawals_frozen = change.withdrawalsFrozen ? 1 : 0;
  if (Object.keys(values).length === 0) return;
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

export async function updateCreditScore(db: Executor, id: number, score: number): Promise<void> {
  await db.updateTable('users').set({ credit_score: score }).where('id', '=', id).execute();
}

/** An account's holds as stored (funding's withdrawal check reads them here, exactly). */
export async function readRestrictions(
  db: Executor,
  userId: number,
): Promise<{ tradingFrozen: boolean; withdrawalsFrozen: boolean }> {
  const row = await db
    .selectFrom('users')
    .select(['trading_frozen', 'withdrawals_frozen'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return {
    tradingFrozen: Number(row?.trading_frozen ?? 0) === 1,
    withdrawalsFrozen: Number(row?.withdrawals_frozen ?? 0) === 1,
  };
}

/** Every account whose trading is frozen (loaded once per node; changes arrive on the bus). */
export async function selectTradingFrozen(db: Executor): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('trading_frozen', '=', 1).execute();
  return rows.map((r) => Number(r.id));
}

export async function selectAccountBalance(
  db: Executor,
  userId: number,
): Promise<{ balance: number; frozen: number }> {
  const row = await db
    .selectFrom('accounts')
    .select(['balance_micros', 'frozen_micros'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { balance: Number(row?.balance_micros ?? 0), frozen: Number(row?.frozen_micros ?? 0) };
}

export async function countOrders(db: Executor, userId: number): Promise<{ open: number; pending: number }> {
  const rows = await db
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('status', 'in', [0, 1])
    .groupBy('status')
    .execute();
  const n = (status: number) => Number(rows.find((r) => Number(r.status) === status)?.n ?? 0);
  return { open: n(1), pending: n(0) };
}

export async function selectLogins(
  db: Executor,
  userId: number,
  now: number,
): Promise<{ at: number; address: string; device: string; active: boolean }[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['created_at', 'address', 'device', 'revoked_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return rows.map((r) => ({
    at: Number(r.created_at),
    address: r.address,
    device: r.device,
    active: r.revoked_at === null && Number(r.expires_at) > now,
  }));
}

export async function selectCopiesOf(
  db: Executor,
  userId: number,
): Promise<{ id: number; strategy: string; status: string; accountId: number | null }[]> {
  const rows = await db
    .selectFrom('copies as c')
    .innerJoin('strategies as s', 's.id', 'c.strategy_id')
    .select(['c.id', 's.name', 'c.status', 'c.account_id'])
    .where('c.follower_id', '=', userId)
    .orderBy('c.id', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    strategy: r.name,
    status: r.status,
    accountId: r.account_id === null ? null : Number(r.account_id),
  }));
}

export async function selectLatestKycOf(
  db: Executor,
  userId: number,
): Promise<{ name: string; reason: string } | undefined> {
  return db
    .selectFrom('kyc_submissions')
    .select(['name', 'reason'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface DeskLedgerRow {
  id: number;
  kind: string;
  free: number;
  frozen: number;
  balanceAfter: number;
  frozenAfter: number;
  ref: string;
  createdAt: number;
}

export async function selectLedgerOf(
  db: Executor,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: DeskLedgerRow[]; total: number }> {
  const q = db.selectFrom('ledger').where('user_id', '=', userId);
  const [rows, count] = await Promise.all([
    q
      .select([
        'id',
        'kind',
        'free_delta_micros',
        'frozen_delta_micros',
        'balance_after_micros',
        'frozen_after_micros',
        'ref_type',
        'ref_id',
        'created_at',
      ])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      free: Number(r.free_delta_micros),
      frozen: Number(r.frozen_delta_micros),
      balanceAfter: Number(r.balance_after_micros),
      frozenAfter: Number(r.frozen_after_micros),
      ref: r.ref_type ? `${r.ref_type}:${r.ref_id ?? ''}` : '',
      createdAt: Number(r.created_at),
    })),
  };
}

export interface DeskOrderRow {
  id: number;
  instrumentId: number;
  side: number;
  lots: string;
  status: number;
  openPrice: string;
  closePrice: string;
  margin: number;
  pnl: number;
  fee: number;
  createdAt: number;
  closedAt: number | null;
}

export async function selectOrdersOf(
  db: Executor,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: DeskOrderRow[]; total: number }> {
  const q = db.selectFrom('orders').where('user_id', '=', userId);
  const [rows, count] = await Promise.all([
    q
      .select([
        'id',
        'instrument_id',
        'side',
        'lots',
        'status',
        'open_price',
        'target_price',
        'close_price',
        'margin_micros',
        'pnl_micros',
        'fee_micros',
        'created_at',
        'closed_at',
      ])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      id: Number(r.id),
      instrumentId: Number(r.instrument_id),
      side: Number(r.side),
      lots: r.lots,
      status: Number(r.status),
      openPrice: r.open_price ?? r.target_price ?? '',
      closePrice: r.close_price ?? '',
      margin: Number(r.margin_micros),
      pnl: Number(r.pnl_micros),
      fee: Number(r.fee_micros),
      createdAt: Number(r.created_at),
      closedAt: r.closed_at === null ? null : Number(r.closed_at),
    })),
  };
}

/** Open positions (holding) for the risk view: who, what, which way, how much. */
export async function selectOpenPositions(db: Executor): Promise<
  {
    id: number;
    userId: number;
    uid: string;
    instrumentId: number;
    side: number;
    lots: string;
    leverage: number;
    openPrice: string;
    margin: number;
  }[]
> {
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.user_id',
      'u.uid',
      'o.instrument_id',
      'o.side',
      'o.lots',
      'o.leverage',
      'o.open_price',
      'o.margin_micros',
    ])
    .where('o.status', '=', 1)
    .where('u.is_demo', '=', 0)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    uid: r.uid,
    instrumentId: Number(r.instrument_id),
    side: Number(r.side),
    lots: r.lots,
    leverage: Number(r.leverage),
    openPrice: r.open_price ?? '0',
    margin: Number(r.margin_micros),
  }));
}

/** Today's money in and out (real accounts), from the ledger: deposits, withdrawals paid, trading fees. */
export async function selectFlowsSince(
  db: Executor,
  since: number,
): Promise<{ deposits: number; withdrawals: number; fees: number }> {
  const rows = await db
    .selectFrom('ledger as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select([
      'l.kind',
      (eb) => eb.fn.sum<number>(sql`l.free_delta_micros + l.frozen_delta_micros`).as('total'),
    ])
    .where('l.created_at', '>=', since)
    .where('u.is_demo', '=', 0)
    .where('l.kind', 'in', ['deposit', 'withdraw_paid', 'withdraw_fee', 'trade_fee'])
    .groupBy('l.kind')
    .execute();
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.total ?? 0);
  return {
    deposits: of('deposit'),
    withdrawals: -(of('withdraw_paid') + of('withdraw_fee')),
    fees: -of('trade_fee'),
  };
}
