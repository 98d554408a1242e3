// Purpose: each withdrawal currency is paid out at its own precision (receive_decimals).
import { type Kysely, sql } from 'kysely';

/**
 * The amount received used to be rounded to 2 decimals for every currency: 1,000 USD of BTC paid
 * "0.01" (4 % short), 100 USD of ETH "0.03" (overpaid). The precision is stored with the currency,
 * so an operator who adds a coin sets it there. Existing rows get the usual precision of their code
 * (the same table as packages/trading's defaultReceiveDecimals); anything else stays fiat, 2.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('draw_currencies')
    .addColumn('receive_decimals', 'smallint', (c) => c.notNull().defaultTo(2))
    .execute();
  await sql`UPDATE draw_currencies SET receive_decimals = 8 WHERE upper(code) IN ('BTC', 'ETH')`.execute(db);
  await sql`UPDATE draw_currencies SET receive_decimals = 6 WHERE upper(code) IN ('USDT', 'USDC')`.execute(
    db,
  );
}
