/**
 * Scale-out leadership: a lease with a term number, in one row of the database (`cluster_leases`,
 * migration 0008), on the database's clock. The leader renews it every `renewMs`; it expires
 * `leaseMs` after the last renewal, and then any node may take it, which raises the term by one. The
 * row lives inside the database, so every node of that database competes for the same lease however
 * its DATABASE_URL is spelled (a host with or without its default port, another user).
 *
 * Why not a session-bound lock: a leader that hangs (SIGSTOP, a stalled VM, a long GC) keeps its
 * session and so its lock, and the market freezes while followers keep trading at frozen prices. A
 * lease runs out whatever its holder is doing.
 *
 * Fencing. The leader also keeps a local deadline on its monotonic clock, a little before the lease
 * can expire in the database (renewal sent at t ⇒ expiry ≥ t + leaseMs); `holdsLease()` is false past
 * it, so a leader that wakes from a hang drops its ticks and frames before it learns it lost. What it
 * books is checked by the database: `fence(tx, term)` locks the lease row FOR KEY SHARE when, and only
 * when, `term` still holds an unexpired lease. Renewals change no key column and never wait for it; a
 * takeover changes the term (a key column: UNIQUE (name, term)) and so waits until every fenced
 * transaction has ended — a booking either commits inside its term or is refused. A hung process
 * holding that lock is cut off by `idle_in_transaction_session_timeout`, set for the transaction.
 */

import { sql } from 'kysely';
import pg from 'pg';
import type { Tx } from '../db/database.js';
import { type LeaderElection, LeaseLostError } from './leader.js';

export interface LeaseOptions {
  connectionString: string;
  /** This node (a random id per process). */
  nodeId: string;
  /** How long a lease lasts after its last renewal (2 s). */
  leaseMs: number;
  /** How often the leader renews and a follower looks (500 ms). */
  renewMs: number;
  /** The lease row; one per deployment, so a fixed name. */
  name?: string;
  log?: LeaseLog;
}

export interface LeaseLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const LEASE_NAME = 'cluster';

/**
 * The next term is above both the stored one and any this node has seen on the bus ($4), so a node
 * that saw a bogus high term (another deployment on the same Redis prefix) still gets followed.
 */
const ACQUIRE = `
  INSERT INTO cluster_leases AS l (name, term, holder, expires_at)
  VALUES ($1, $4::bigint + 1, $2, clock_timestamp() + $3::int * interval '1 millisecond')
  ON CONFLICT (name) DO UPDATE
    SET term = GREATEST(l.term, $4::bigint) + 1, holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
    WHERE l.expires_at <= clock_timestamp()
  RETURNING term`;
const RENEW = `
  UPDATE cluster_leases SET expires_at = clock_timestamp() + $4::int * interval '1 millisecond'
  WHERE name = $1 AND term = $2 AND holder = $3
  RETURNING term`;
const RELEASE = `
  UPDATE cluster_leases SET expires_at = clock_timestamp()
  WHERE name = $1 AND term = $2 AND holder = $3`;
const READ = `
  SELECT term, GREATEST(0, EXTRACT(EPOCH FROM expires_at - clock_timestamp()) * 1000)::float8 AS remaining_ms
  FROM cluster_leases WHERE name = $1`;

/** PostgreSQL's lock_not_available: a takeover waited on a fenced transaction of the old term. */
const LOCK_NOT_AVAILABLE = '55P03';

export class LeaseLeader implements LeaderElection {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private leading = false;
  private myTerm = 0;
  private known = 0;
  /** performance.now() past which this node no longer counts on its lease. */
  private deadline = 0;
  private timer: NodeJS.Timeout | null = null;
  private deadlineTimer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;
  /** After standing down, this node does not compete again until then. */
  private restUntil = 0;
  private readonly releases = new Set<Promise<void>>();
  private readonly listeners = new Set<(leader: boolean) => void>();
  private readonly name: string;

  constructor(private readonly o: LeaseOptions) {
    this.name = o.name ?? LEASE_NAME;
  }

  get isLeader(): boolean {
    return this.leading;
  }

  get term(): number {
    return this.leading ? this.myTerm : this.known;
  }

  holdsLease(): boolean {
    return this.leading && performance.now() < this.deadline;
  }

  async fence(tx: Tx, term: number): Promise<void> {
    // A fenced transaction left idle this long (its process hung) is ended by the database, so it
    // cannot hold up a takeover for longer than the lease itself would.
    await sql`SELECT set_config('idle_in_transaction_session_timeout', ${String(this.o.leaseMs)}, true)`.execute(
      tx,
    );
    const held = await sql<{ ok: number }>`
      SELECT 1 AS ok FROM cluster_leases
      WHERE name = ${this.name} AND term = ${term} AND expires_at > clock_timestamp()
      FOR KEY SHARE`.execute(tx);
    if (held.rows.length === 0) throw new LeaseLostError(term);
  }

  observeTerm(term: number): void {
    if (term > this.known) this.known = term;
  }

  standDown(reason: string): void {
    this.o.log?.error({ node: this.o.nodeId, term: this.term, reason }, 'leader election: standing down');
    this.restUntil = performance.now() + 2 * this.o.leaseMs;
    if (this.leading) {
      this.trackRelease();
      this.setLeader(false);
    }
  }

  onChange(listener: (leader: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves after the first attempt: leading if the lease was free. */
  async start(): Promise<void> {
    this.stopped = false;
    const next = await this.cycle();
    this.schedule(next);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    this.timer = null;
    this.deadlineTimer = null;
    await this.running;
    // Released, not left to expire: a successor takes over at its next look, not 2 s later.
    if (this.leading) this.trackRelease();
    this.setLeader(false);
    await Promise.allSettled([...this.releases]);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.cycle().then((next) => this.schedule(next));
    }, delayMs);
    this.timer.unref();
  }

  /** One look at the lease; resolves with the delay until the next one. */
  private cycle(): Promise<number> {
    this.running ??= this.attempt().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async attempt(): Promise<number> {
    if (this.stopped) return this.o.renewMs;
    if (this.leading) return this.renew();
    const resting = this.restUntil - performance.now();
    if (resting > 0) return Math.min(resting, this.o.renewMs);
    return this.acquire();
  }

  private async renew(): Promise<number> {
    const term = this.myTerm;
    const sentAt = performance.now();
    try {
      const client = await this.connect();
      const res = await client.query(RENEW, [this.name, term, this.o.nodeId, this.o.leaseMs]);
      // The deadline may have passed while the answer was on its way: that term is over here.
      if (!this.leading || this.myTerm !== term) return this.o.renewMs;
      if (res.rowCount === 1) {
        this.extend(sentAt);
      } else {
        this.lose('another node holds the lease');
      }
    } catch (err) {
      // The lease may still be ours: keep trying until the local deadline says otherwise.
      this.o.log?.warn({ err, term }, 'leader election: renewing the lease failed');
      this.dropClient();
    }
    return this.o.renewMs;
  }

  private async acquire(): Promise<number> {
    const sentAt = performance.now();
    try {
      const client = await this.connect();
      const taken = await client.query<{ term: string }>(ACQUIRE, [
        this.name,
        this.o.nodeId,
        this.o.leaseMs,
        this.known,
      ]);
      const row = taken.rows[0];
      if (row) {
        this.myTerm = Number(row.term);
        this.observeTerm(this.myTerm);
        if (this.stopped) {
          this.trackRelease();
          return this.o.renewMs;
        }
        this.extend(sentAt);
        this.o.log?.info({ node: this.o.nodeId, term: this.myTerm }, 'leader election: leading');
        this.setLeader(true);
        return this.o.renewMs;
      }
      const current = await client.query<{ term: string; remaining_ms: number }>(READ, [this.name]);
      const lease = current.rows[0];
      if (!lease) return this.o.renewMs;
      this.observeTerm(Number(lease.term));
      // Look again just after the holder's lease would run out, so a hung leader is replaced promptly.
      return Math.max(10, Math.min(this.o.renewMs, Math.ceil(lease.remaining_ms) + 5));
    } catch (err) {
      if ((err as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return Math.min(50, this.o.renewMs);
      this.o.log?.warn({ err }, 'leader election: database unreachable');
      this.dropClient();
      return this.o.renewMs;
    }
  }

  private extend(sentAt: number): void {
    // The database set expiry ≥ sentAt + leaseMs; a tenth is kept back for clock-rate differences.
    this.deadline = sentAt + this.o.leaseMs - Math.max(20, this.o.leaseMs / 10);
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    this.deadlineTimer = setTimeout(
      () => {
        this.deadlineTimer = null;
        if (this.leading && performance.now() >= this.deadline)
          this.lose('the lease lapsed before it was renewed');
      },
      Math.max(0, this.deadline - performance.now()),
    );
    this.deadlineTimer.unref();
  }

  private lose(reason: string): void {
    this.o.log?.warn({ node: this.o.nodeId, term: this.myTerm, reason }, 'leader election: lease lost');
    this.setLeader(false);
  }

  private trackRelease(): void {
    const term = this.myTerm;
    const done = this.connect()
      .then((client) => client.query(RELEASE, [this.name, term, this.o.nodeId]))
      .then(
        () => undefined,
        (err: unknown) => this.o.log?.warn({ err, term }, 'leader election: releasing the lease failed'),
      )
      .finally(() => this.releases.delete(done));
    this.releases.add(done);
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.o.connectionString,
      application_name: 'meridian-leader',
    });
    client.on('error', () => {
      if (this.client === client) this.dropClient();
    });
    try {
      await client.connect();
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    // A takeover must not queue behind a fenced transaction for long (it retries shortly), and no
    // election query may outlast a lease.
    await client.query(`SET lock_timeout = ${Math.min(250, this.o.renewMs)}`);
    await client.query(`SET statement_timeout = ${this.o.leaseMs}`);
    this.client = client;
    return client;
  }

  private dropClient(): void {
    const client = this.client;
    this.client = null;
    client?.end().catch(() => undefined);
  }

  private setLeader(leader: boolean): void {
    if (this.leading === leader) return;
    this.leading = leader;
    if (!leader && this.deadlineTimer) {
      clearTimeout(this.deadlineTimer);
      this.deadlineTimer = null;
    }
    for (const l of this.listeners) l(leader);
  }
}
