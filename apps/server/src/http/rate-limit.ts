/**
 * Token buckets by key (an account, an address), in this node's memory: `capacity` requests at once,
 * then `capacity` per window, refilled evenly. Per node on purpose — the check is on hot paths (every
 * order) and a shared store would cost a round trip each time; behind N nodes a client that spreads
 * its requests gets at most N times the rate, which still bounds it.
 */
export class RateLimiter {
  private readonly buckets = new Map<string | number, { tokens: number; at: number }>();
  private calls = 0;

  constructor(private readonly windowMs: number) {}

  /** Takes one token from `key`'s bucket; false (and nothing taken) when it is empty. */
  take(key: string | number, capacity: number, now: number): boolean {
    if (++this.calls % 1024 === 0) this.sweep(now);
    const bucket = this.buckets.get(key);
    const refill = bucket ? ((now - bucket.at) * capacity) / this.windowMs : capacity;
    const tokens = Math.min(capacity, (bucket?.tokens ?? 0) + Math.max(0, refill));
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return false;
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    return true;
  }

  /** Forgets buckets that have refilled completely: they read the same as no bucket. */
  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.at >= this.windowMs) this.buckets.delete(key);
    }
  }
}
