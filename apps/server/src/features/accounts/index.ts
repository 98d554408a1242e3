/**
 * Money accounts and the ledger: the only code that changes balances. Later features book through
 * postLedgerEntry inside their own transaction (see ledger.ts).
 */
export type { AccountRow, LedgerRow, OrderCountDeltas, PostedAccount } from './accounts.repository.js';
export { isPostgres, sumLedger } from './accounts.repository.js';
export type { AccountsTable, LedgerTable } from './accounts.schema.js';
export {
  type Balance,
  LEDGER_PAGE_SIZE,
  type LedgerLine,
  type LedgerPosting,
  moveOrderCounts,
  OPENING_GRANT_KIND,
  OPENING_GRANT_MEMO,
  type OpeningGrant,
  openAccount,
  type PostedEntry,
  parseAmount,
  parseMemoParams,
  postLedgerEntry,
  readBalance,
  readLedgerPage,
  refusedPosting,
  toMoney,
  tryPostLedgerPair,
  wholeCents,
} from './ledger.js';
