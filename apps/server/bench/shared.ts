/** What the benchmark processes tell each other over the fork IPC channel. */
export type ServerToParent =
  | { type: 'ready'; port: number }
  | { type: 'stats'; dropped: number; clients: number };
export type ParentToServer = { type: 'stats' };

export type ClientsToParent =
  | { type: 'connected'; clients: number; failed: number }
  | {
      type: 'result';
      messages: number;
      bytes: number;
      latencies: number[];
      ages: number[];
      klineAges: number[];
      closed: number;
    };
export type ParentToClients = { type: 'measure' } | { type: 'report' };

/** Instruments in the catalogue; client i subscribes to KLINE of code i mod this list. */
export const BENCH_CODES_ENV = 'BENCH_CODES';
/** Shifts the feed's clock to a weekday so every market (forex included) is open and ticking. */
export const BENCH_OFFSET_ENV = 'BENCH_CLOCK_OFFSET_MS';
/** bench:orders: the server's pino level (the parent sends the child's stdout to /dev/null). */
export const BENCH_LOG_LEVEL_ENV = 'BENCH_LOG_LEVEL';
/** bench:orders: the PostgreSQL URL the child runs on (unset: SQLite). */
export const BENCH_DATABASE_ENV = 'BENCH_DATABASE_URL';
export const BENCH_TICK_MS = 100;
export const BENCH_FLUSH_MS = 250;

export function send<T>(message: T): void {
  process.send?.(message);
}

/** Latency histogram in 0.25 ms buckets up to 5 s (the last bucket holds everything slower). */
export class Histogram {
  static readonly BUCKET_MS = 0.25;
  readonly counts: number[] = new Array(20_001).fill(0);

  add(ms: number): void {
    const i = Math.min(this.counts.length - 1, Math.max(0, Math.floor(ms / Histogram.BUCKET_MS)));
    this.counts[i] = (this.counts[i] ?? 0) + 1;
  }

  merge(counts: readonly number[]): void {
    counts.forEach((n, i) => {
      this.counts[i] = (this.counts[i] ?? 0) + n;
    });
  }

  get total(): number {
    return this.counts.reduce((a, b) => a + b, 0);
  }

  /** The upper edge of the bucket holding the q-quantile. */
  quantile(q: number): number {
    const target = q * this.total;
    let seen = 0;
    for (let i = 0; i < this.counts.length; i++) {
      seen += this.counts[i] ?? 0;
      if (seen >= target && seen > 0) return (i + 1) * Histogram.BUCKET_MS;
    }
    return Number.NaN;
  }
}
