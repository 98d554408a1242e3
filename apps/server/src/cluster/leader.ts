import type { Tx } from '../db/database.js';

/**
 * Exactly one node runs the singletons (the price feed, candle writing, the trigger and stop-out
 * worker, the ranking refresh). With PostgreSQL the nodes hold a lease with a term number in the
 * database (lease.ts); embedded (SQLite) there is only one node, and it always leads, in term 1.
 */
export interface LeaderElection {
  readonly isLeader: boolean;
  /**
   * While leading, the term this node leads in; otherwise the newest term it knows of (0: none).
   * Terms only grow: every change of leader takes the next one.
   */
  readonly term: number;
  /**
   * True while this node leads and its lease has surely not lapsed, by its own monotonic clock. Cheap
   * and synchronous: the tick path and every publication check it, so a leader that wakes up from a
   * hang after its lease ran out drops what it would send before it even learns it lost.
   */
  holdsLease(): boolean;
  /**
   * Run first inside a transaction that books for the leader (the trigger worker, candle storage):
   * throws `LeaseLostError` unless `term` still holds the lease on the database's clock, and keeps
   * a successor from taking over until the transaction ends.
   */
  fence(tx: Tx, term: number): Promise<void>;
  /** A term seen elsewhere (another node's ticks on the bus): keeps `term` the newest known. */
  observeTerm(term: number): void;
  /** Stops leading at once (another leader's ticks were seen) and stays out for a while. */
  standDown(reason: string): void;
  /** Called when this node becomes leader (start the singletons) and when it stops being one. */
  onChange(listener: (leader: boolean) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A booking or a candle write refused because its term no longer holds the lease. */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor(readonly term: number) {
    super(`term ${term} no longer holds the leader lease`);
  }
}

export class AlwaysLeader implements LeaderElection {
  private leader = false;
  private readonly listeners = new Set<(leader: boolean) => void>();

  get isLeader(): boolean {
    return this.leader;
  }

  /** One node, one term, forever. */
  get term(): number {
    return 1;
  }

  holdsLease(): boolean {
    return this.leader;
  }

  async fence(): Promise<void> {
    // The only node: nothing can have taken over.
  }

  observeTerm(): void {
    // No bus between nodes: nobody else publishes ticks.
  }

  standDown(): void {
    // Nobody to hand over to.
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

/**
 * The copy thread of an embedded node (features/copy/mirror-thread.ts): it follows the server's
 * thread, which always leads in term 1, and never runs a singleton itself.
 */
export class NeverLeader implements LeaderElection {
  private known = 0;

  get isLeader(): boolean {
    return false;
  }

  get term(): number {
    return this.known;
  }

  holdsLease(): boolean {
    return false;
  }

  async fence(_tx: Tx, term: number): Promise<void> {
    throw new LeaseLostError(term);
  }

  observeTerm(term: number): void {
    this.known = Math.max(this.known, term);
  }

  standDown(): void {
    // Never leads.
  }

  onChange(): () => void {
    return () => undefined;
  }

  async start(): Promise<void> {
    // Nothing to elect.
  }

  async stop(): Promise<void> {
    // Nothing to hand over.
  }
}
