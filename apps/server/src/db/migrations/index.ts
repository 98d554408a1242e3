import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_markets.js';
import * as m0003 from './0003_identity.js';
import * as m0004 from './0004_content.js';
import * as m0005 from './0005_trading.js';
import * as m0006 from './0006_funding.js';
import * as m0007 from './0007_ranking.js';
import * as m0008 from './0008_cluster.js';
import * as m0009 from './0009_withdraw_precision.js';
import * as m0010 from './0010_idempotency.js';
import * as m0011 from './0011_two_factor.js';
import * as m0012 from './0012_copy_trading.js';
import * as m0013 from './0013_back_office.js';
import * as m0014 from './0014_order_counts.js';
import * as m0015 from './0015_copy_pages.js';
import * as m0016 from './0016_account_versions.js';
import * as m0017 from './0017_copy_watch.js';
import * as m0018 from './0018_open_orders.js';
import * as m0019 from './0019_strategy_avatars.js';
import * as m0020 from './0020_copy_watch_indexes.js';
import * as m0021 from './0021_equity_backed_balance.js';
import * as m0022 from './0022_copy_outbox.js';

/**
 * Every migration, by number, imported statically so the list is the same under tsx, vitest and
 * the compiled dist/ (no directory scanning). Forward-only: a shipped migration is never edited;
 * fix it with the next number. What each one is for:
 *   0001 foundation (settings, areas)
 *   0002 markets    (categories, instruments, quotes, candles)
 *   0003 identity   (users, sessions, verification codes, captchas, throttles, accounts, ledger)
 *   0004 content    (news, news translations, companies; ranking comes with trading)
 *   0005 trading    (orders, positions, ledger)
 *   0006 funding    (deposits, withdrawals, withdrawal methods, balances)
 *   0007 ranking    (who appears on the leaders' ranking, and its snapshot)
 *   0008 cluster    (the scale-out leader lease)
 *   0009 funding    (withdrawal currencies' payout precision)
 *   0010 idempotency (the first answer to each Idempotency-Key)
 *   0011 identity   (two-factor authentication: sealed TOTP secrets, recovery codes)
 *   0012 copy       (strategies, copy accounts, copied-order links, skipped copies)
 *   0013 back office (staff, staff sessions, audit log, approvals, restrictions)
 *   0014 trading    (each account's holding and pending order counts, for the caps)
 *   0015 copy       (page-ordered indexes for the mirror's reads)
 *   0016 accounts   (each account's version, bumped by every change: a new order's free-margin estimate)
 *   0017 copy       (a partial index of the guarded running copies, for the copy watcher)
 *   0018 trading    (a partial index of the open orders, in place of one of every order by status)
 *   0019 copy       (a strategy's avatar)
 *   0020 copy       (partial indexes of the running copies by fee month and of the stopping copies, for the watcher)
 *   0021 accounts   (a flat account's balance is never below zero; equity backs an open account's)
 *   0022 copy       (the copy outbox: what each provider event owes its copies, durable)
 *   0023 funding    (one proof picture backs one deposit)
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_markets': m0002,
  '0003_identity': m0003,
  '0004_content': m0004,
  '0005_trading': m0005,
  '0006_funding': m0006,
  '0007_ranking': m0007,
  '0008_cluster': m0008,
  '0009_withdraw_precision': m0009,
  '0010_idempotency': m0010,
  '0011_two_factor': m0011,
  '0012_copy_trading': m0012,
  '0013_back_office': m0013,
  '0014_order_counts': m0014,
  '0015_copy_pages': m0015,
  '0016_account_versions': m0016,
  '0017_copy_watch': m0017,
  '0018_open_orders': m0018,
  '0019_strategy_avatars': m0019,
  '0020_copy_watch_indexes': m0020,
  '0021_equity_backed_balance': m0021,
  '0022_copy_outbox': m0022,
};
