import SQLite from 'better-sqlite3';

/**
 * A fixed workload that says how fast this machine is right now, printed with a benchmark's
 * figures so runs on different days (or VMs) can be compared: bench:copy's build of session 16 read
 * 63-68 µs of CPU per copy at 10,000 followers that day and 190 µs the next, with nothing else
 * running. SQLite in memory, a ledger-like table with an index on (user, id): µs per row inserted
 * (in transactions of 48, as the write queue's background batches) and per guarded point UPDATE,
 * the median of five rounds.
 */
export function machineReference(): string {
  const db = new SQLite(':memory:');
  try {
    db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, kind TEXT NOT NULL,
      delta INTEGER NOT NULL, after INTEGER NOT NULL, memo TEXT, at INTEGER NOT NULL);
      CREATE INDEX t_user ON t (user_id, id);
      CREATE TABLE a (user_id INTEGER PRIMARY KEY, balance INTEGER NOT NULL, version INTEGER NOT NULL);`);
    const USERS = 1000;
    const ROWS = 20_000;
    const account = db.prepare('INSERT INTO a VALUES (?, 1000000000, 0)');
    db.transaction(() => {
      for (let u = 0; u < USERS; u++) account.run(u);
    })();
    const insert = db.prepare(
      'INSERT INTO t (user_id, kind, delta, after, memo, at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const update = db.prepare(
      'UPDATE a SET balance = balance + ?, version = version + 1 WHERE user_id = ? AND balance + ? >= 0 RETURNING balance',
    );
    const batch = (work: (i: number) => void) => {
      for (let i = 0; i < ROWS; i += 48)
        db.transaction(() => {
          for (let k = i; k < Math.min(ROWS, i + 48); k++) work(k);
        })();
    };
    const timed = (work: (i: number) => void): number => {
      const rounds: number[] = [];
      for (let r = 0; r < 5; r++) {
        const t0 = performance.now();
        batch(work);
        rounds.push(((performance.now() - t0) * 1000) / ROWS);
      }
      return rounds.sort((x, y) => x - y)[2] as number;
    };
    const inserted = timed((i) => insert.run((i * 7919) % USERS, 'pnl', i, i, '{"code":"EURUSD"}', i));
    const updated = timed((i) => update.all(-1, (i * 7919) % USERS, -1));
    return `machine reference (SQLite in memory): ${inserted.toFixed(2)} µs per row inserted, ${updated.toFixed(2)} µs per guarded UPDATE`;
  } finally {
    db.close();
  }
}
