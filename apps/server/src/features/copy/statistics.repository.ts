/** The reads the statistics are computed from: the provider's ledger and closed trades. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { LedgerPoint } from './statistics.js';

export async function providerLedger(db: Kysely<Database>, userId: number): Promise<LedgerPoint[]> {
  const rows = await db
    .selectFrom('ledger')
    .select([
      'kind',
      'free_delta_micros',
      'frozen_delta_micros',
      'balance_after_micros',
      'frozen_after_micros',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    deltaMicros: Number(r.free_delta_micros) + Number(r.frozen_delta_micros),
    cashAfterMicros: Number(r.balance_after_micros) + Number(r.frozen_after_micros),
    at: Number(r.created_at),
  }));
}

export interface TradeFigures {
  /** Closed trades (filled, then closed; cancelled pending orders are not trades). */
  total: number;
  wins: number;
  averageLeverage: number;
  instrumentIds: number[];
}

export async function closedTradeFigures(db: Kysely<Database>, userId: number): Promise<TradeFigures> {
  const closed = db
    .selectFrom('orders')
    .where('user_id', '=', userId)
    .where('status', '=', 3)
    .where('filled_at', 'is not', null);
  const [row, instruments] = await Promise.all([
    closed
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn
          .sum<number | string | null>(eb.case().when('pnl_micros', '>', 0).then(1).else(0).end())
          .as('wins'),
        eb.fn.sum<number | string | null>('leverage').as('lev'),
      ])
      .executeTakeFirstOrThrow(),
    closed.select('instrument_id').distinct().orderBy('instrument_id').execute(),
  ]);
  const total = Number(row.n);
  return {
    total,
    wins: Number(row.wins ?? 0),
    averageLeverage: total === 0 ? 0 : Number(row.lev ?? 0) / total,
    instrumentIds: instruments.map((r) => r.instrument_id),
  };
}
