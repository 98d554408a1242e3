/**
 * Time sources, injectable so that the feed, the schedule checks and the tests agree on "now".
 *
 * Public API:
 * - `Clock` { now(): epoch ms }, `Timers` { set(fn, ms) → handle, clear(handle) }
 * - `systemClock`, `systemTimers`: the real ones
 * - `VirtualTime`: a Clock and Timers in one for tests and offline generation; `advance(ms)` and
 *   `advanceTo(ms)` run the due timers in time order, moving `now()` to each timer's instant.
 */
export interface Clock {
  now(): number;
}

export type TimerHandle = { readonly id: number };

export interface Timers {
  set(fn: () => void, delayMs: number): TimerHandle;
  clear(handle: TimerHandle): void;
}

export const systemClock: Clock = { now: () => Date.now() };

export const systemTimers: Timers = (() => {
  const live = new Map<number, NodeJS.Timeout>();
  let seq = 0;
  return {
    set(fn, delayMs) {
      const id = ++seq;
      const t = setTimeout(() => {
        live.delete(id);
        fn();
      }, delayMs);
      // A price feed must never be the reason a process refuses to exit.
      t.unref();
      live.set(id, t);
      return { id };
    },
    clear(handle) {
      const t = live.get(handle.id);
      if (t) clearTimeout(t);
      live.delete(handle.id);
    },
  };
})();

interface Pending {
  id: number;
  at: number;
  fn: () => void;
}

export class VirtualTime implements Clock, Timers {
  private current: number;
  private seq = 0;
  private pending: Pending[] = [];

  constructor(startMs: number) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  set(fn: () => void, delayMs: number): TimerHandle {
    const id = ++this.seq;
    this.pending.push({ id, at: this.current + Math.max(0, delayMs), fn });
    return { id };
  }

  clear(handle: TimerHandle): void {
    this.pending = this.pending.filter((p) => p.id !== handle.id);
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  advance(ms: number): void {
    this.advanceTo(this.current + ms);
  }

  advanceTo(targetMs: number): void {
    for (;;) {
      let due: Pending | undefined;
      for (const p of this.pending) {
        // Equal instants run in the order they were scheduled, like real timers.
        if (p.at <= targetMs && (!due || p.at < due.at || (p.at === due.at && p.id < due.id))) due = p;
      }
      if (!due) break;
      const run = due;
      this.pending = this.pending.filter((p) => p !== run);
      this.current = Math.max(this.current, run.at);
      run.fn();
    }
    this.current = Math.max(this.current, targetMs);
  }
}
