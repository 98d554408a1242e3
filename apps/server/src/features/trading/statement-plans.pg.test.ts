import { type CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Db, inTransaction } from '../../db/database.js';
import { insertFundedUser } from '../../test/accounts.js';
import { useMigratedDatabase } from '../../test/database.js';
import { recordQueries } from '../../test/plans.js';
import type { Instrument } from '../markets/index.js';
import { closeHolding } from './booking.js';
import { toRecord } from './orders.repository.js';
import { placeOrderRow } from './placement.repository.js';
import { placementRow } from './testing/placement.js';

/**
 * Runs only with DATABASE_URL. The one-statement placement and close (placement.repository.ts,
 * closing.repository.ts) run as prepared statements, whose generic plan is made once per connection
 * and kept: joined only to their unnested input, which the planner guesses at 10 rows, a table of a
 * couple of thousand accounts was read whole (a hash join over a sequential scan) on every order.
 * Their plans must read the accounts and orders they move on the primary keys, whatever the size.
 */
let db: Db;
useMigratedDatabase((opened) => {
  db = opened;
});

const EURUSD = { showCode: 'EURUSD' } as Instrument;
/** `value` (a number, a string, null or an array of them) as an SQL literal. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = Array.isArray(value) ? arrayLiteral(value) : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

function arrayLiteral(values: unknown[]): string {
  const items = values.map((v) => (v === null ? 'NULL' : `"${String(v).replaceAll('"', '\\"')}"`));
  return `{${items.join(',')}}`;
}

/** The generic plan PostgreSQL keeps for `query` once prepared, as EXPLAIN prints it. */
async function genericPlan(query: CompiledQuery): Promise<string> {
  return inTransaction(db, async (tx) => {
    await sql`SET LOCAL plan_cache_mode = force_generic_plan`.execute(tx);
    await sql.raw(`PREPARE plan_probe AS ${query.sql}`).execute(tx);
    try {
      const args = query.parameters.map(literal).join(', ');
      const { rows } = await sql
        .raw<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE plan_probe(${args})`)
        .execute(tx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await sql`DEALLOCATE plan_probe`.execute(tx);
    }
  });
}

describe('the one-statement placement and close on PostgreSQL', () => {
  it('read the accounts and orders they move on their primary keys in their cached plans', async () => {
    expect(db.dialect).toBe('postgres');
    // A couple of thousand accounts, as analysed statistics see them.
    // (Rows of accounts alone: their users' rows are not what the plans read.)
    await inTransaction(db, async (tx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(tx);
      await sql`
        INSERT INTO accounts (user_id, balance_micros, frozen_micros, updated_at)
        SELECT g, 1000000000, 0, 0 FROM generate_series(1000000, 1002500) g`.execute(tx);
    });
    const userId = await insertFundedUser(db, '43000001', 10_000_000);
    const statements: CompiledQuery[] = [];
    const placed = await inTransaction(db, (tx) => {
      recordQueries(tx, statements);
      return placeOrderRow(tx, placementRow(userId, 100_000));
    });
    if (!placed) throw new Error('placement refused');
    // And as many closed orders.
    await sql`
      INSERT INTO orders (user_id, instrument_id, side, status, lots, leverage, open_price,
        margin_micros, fee_micros, created_at, filled_at)
      SELECT user_id, instrument_id, side, 3, lots, leverage, open_price, margin_micros, fee_micros,
        created_at, filled_at
      FROM orders, generate_series(1, 2500)`.execute(db.kysely);
    await inTransaction(db, (tx) => {
      recordQueries(tx, statements);
      return closeHolding(tx, toRecord(placed), EURUSD, '1.10100', 25_000, 'manual', 2);
    });
    await sql`ANALYZE accounts`.execute(db.kysely);
    await sql`ANALYZE orders`.execute(db.kysely);

    const placement = statements.find((q) => q.sql.includes('INSERT INTO orders'));
    const close = statements.find((q) => q.sql.includes('UPDATE orders o'));
    if (!placement || !close) throw new Error('the placement or the close was not captured');
    for (const query of [placement, close]) {
      const plan = await genericPlan(query);
      expect(plan).not.toMatch(/Seq Scan on (accounts|orders)/);
      expect(plan).toContain('accounts_pkey');
    }
    expect(await genericPlan(close)).toContain('orders_pkey');
  });
});
