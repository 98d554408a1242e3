import type { CompiledQuery } from 'kysely';
import type { Tx } from '../../../db/database.js';
import type { PlacementRow } from '../placement.repository.js';

/** A market buy of 0.01 lot at 1.10000 for `userId`: `marginMicros` frozen and a 1,000 µ fee paid. */
export function placementRow(userId: number, marginMicros: number): PlacementRow {
  return {
    userId,
    instrumentId: 1,
    side: 1,
    status: 1,
    lots: '0.01',
    leverage: 10,
    openPrice: '1.10000',
    targetPrice: null,
    fillDirection: null,
    tp: null,
    sl: null,
    marginMicros,
    feeMicros: 1_000,
    createdAt: 1,
    filledAt: 1,
    chargeMicros: 1_000,
    code: 'EURUSD',
    marginKind: 'margin_freeze',
    marginMemo: 'ledger_margin_freeze',
    feeKind: 'trade_fee',
    feeMemo: 'ledger_trade_fee',
  };
}

/** Records the text of every statement `tx` sends from now on, as sent, into `statements`. */
export function recordStatements(tx: Tx, statements: string[]): void {
  const spy = tx.getExecutor() as { executeQuery: (query: CompiledQuery) => Promise<unknown> };
  const original = spy.executeQuery.bind(spy);
  spy.executeQuery = (query) => {
    statements.push(query.sql);
    return original(query);
  };
}
