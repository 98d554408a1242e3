import type { TimerHandle, Timers } from '../socket';

interface Entry {
  id: number;
  at: number;
  fn: () => void;
  every: number | null;
}

/** A manual clock for the socket client: time moves only when a test calls `advance`. */
export class FakeTimers implements Timers {
  now = 0;
  private nextId = 1;
  private readonly entries = new Map<number, Entry>();

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.entries.set(id, { id, at: this.now + ms, fn, every: null });
    return id;
  }

  setInterval(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.entries.set(id, { id, at: this.now + ms, fn, every: ms });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.entries.delete(handle as number);
  }

  clearInterval(handle: TimerHandle): void {
    this.entries.delete(handle as number);
  }

  get pending(): number {
    return this.entries.size;
  }

  /** Runs every timer due within `ms`, in time order, as a real clock would. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      let next: Entry | undefined;
      for (const e of this.entries.values()) if (e.at <= end && (!next || e.at < next.at)) next = e;
      if (!next) break;
      this.now = next.at;
      if (next.every === null) this.entries.delete(next.id);
      else next.at += next.every;
      next.fn();
    }
    this.now = end;
  }
}
