// Purpose: the copy watcher's month-end fee check and its resumption of stopping copies read only their copies.
import { type Kysely, sql } from 'kysely';

/**
 * Every second the leader's copy watcher asks for the running copies whose fee month is behind the
 * current one (selectCopiesDueFees). Between month ends there are none, and finding that out read
 * every copy: sampled plans on PostgreSQL with 10,000 followers show a sequential scan of `copies`
 * for it, 1.3-8.2 ms each time, every second, growing with the copies (0017 left this scan, cheap on
 * SQLite). This partial index holds the running copies by fee month, so the check reads only the
 * copies due; the query names the status as a literal, so the index's condition is seen to hold.
 * PostgreSQL takes it (copy.plans.pg.test.ts). SQLite, which keeps no statistics here, answers the
 * page read (ordered by id) by reading the copies by key (0.6 ms with 10,000 copies); the watcher
 * therefore first asks whether any copy is due at all (anyCopyDueFees), which both databases answer
 * from this index alone (13 µs on SQLite; copy.watch-plans.test.ts).
 *
 * The watcher also resumes, every second, the copies left `stopping` (a stop begun and not finished),
 * which is nearly always none: that read scanned every copy on both databases (0.18 ms a second on
 * PostgreSQL with 1,000 followers, growing with the copies). The second index holds only those
 * (copy.watch-plans.test.ts, on both databases).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX copies_fee_due_idx ON copies (fee_month, id) WHERE status = 'active'`.execute(db);
  await sql`CREATE INDEX copies_stopping_idx ON copies (id) WHERE status = 'stopping'`.execute(db);
}
