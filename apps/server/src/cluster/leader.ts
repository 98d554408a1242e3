import pg from 'pg';

/**
 * Exactly one node runs the singletons (the price feed, the trigger and stop-out worker). With
 * PostgreSQL the nodes compete for a session-level advisory lock: the holder leads until its
 * connection drops — when a leader dies, PostgreSQL releases the lock and another node takes over
 * at its next attempt. Embedded (SQLite) there is only one node, and it always leads.
 */
export interface LeaderElection {
  readonly isLeader: boolean;
  /** Called when this node becomes leader (start the singletons) and when it stops being one. */
  onChange(listener: (leader: boolean) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export class AlwaysLeader implements LeaderElection {
  private leader = false;
  private readonly listeners = new Set<(leader: boolean) => void>();

  get isLeader(): boolean {
    return this.leader;
  }

  onChange(listener: (leader: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    this.leader = true;
    for (const l of this.listeners) l(true);
  }

  async stop(): Promise<void> {
    if (!this.leader) return;
    this.leader = false;
    for (const l of this.listeners) l(false);
  }
}

export interface AdvisoryLockOptions {
  connectionString: string;
  /** The advisory lock key; every node of one deployment uses the same. */
  lockKey: number;
  /** How often a follower retries, and a leader checks its connection. */
  intervalMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

export class AdvisoryLockLeader implements LeaderElection {
  private client: pg.Client | null = null;
  private leader = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private attempt: Promise<void> | null = null;
  private readonly listeners = new Set<(leader: boolean) => void>();

  constructor(private readonly options: AdvisoryLockOptions) {}

  get isLeader(): boolean {
    return this.leader;
  }

  onChange(listener: (leader: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.tick();
    this.timer = setInterval(() => {
      void this.tick();
    }, this.options.intervalMs ?? 2000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.attempt;
    const client = this.client;
    this.client = null;
    // Closing the session releases the lock at once, so a standby takes over without waiting.
    await client?.end().catch(() => undefined);
    this.setLeader(false);
  }

  private tick(): Promise<void> {
    this.attempt ??= this.tryLead().finally(() => {
      this.attempt = null;
    });
    return this.attempt;
  }

  private async tryLead(): Promise<void> {
    if (this.stopped) return;
    try {
      if (!this.client) {
        const client = new pg.Client({ connectionString: this.options.connectionString });
        client.on('error', () => this.dropClient());
        await client.connect();
        this.client = client;
      }
      if (this.leader) {
        // Still ours as long as the session is alive.
        await this.client.query('SELECT 1');
        return;
      }
      const res = await this.client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
        this.options.lockKey,
      ]);
      if (res.rows[0]?.ok && !this.stopped) this.setLeader(true);
    } catch (err) {
      this.options.log?.warn({ err }, 'leader election: database unreachable; standing down');
      this.dropClient();
    }
  }

  private dropClient(): void {
    const client = this.client;
    this.client = null;
    client?.end().catch(() => undefined);
    this.setLeader(false);
  }

  private setLeader(leader: boolean): void {
    if (this.leader === leader) return;
    this.leader = leader;
    for (const l of this.listeners) l(leader);
  }
}
