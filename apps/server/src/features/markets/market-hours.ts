/**
 * Market hours as the live market sees them: whether an instrument's market is open at an instant
 * (the schedule of schedule.ts, with the current session cached per slot because Intl is too slow to
 * ask on every tick), and the once-a-second watch that notices a market opening or closing.
 *
 * Public API: `statusAt(slot, t)`, `MarketHours` (isOpen, marketStatus, refresh).
 */
import type { Instrument } from './catalogue.js';
import type { Clock } from './clock.js';
import type { MarketBook, Slot } from './market-book.js';
import { nextOpen, sessionAt } from './schedule.js';

/** The spec's MarketStatus of the slot's instrument at `t`: 1 open, 0 closed. */
export function statusAt(s: Slot, t: number): 0 | 1 {
  const w = s.window;
  if (t >= w.from && t < w.until) return w.open ? 1 : 0;
  const session = sessionAt(s.inst.scheduleId, t);
  s.window = session
    ? { from: session.start, until: session.end, open: true }
    : { from: t, until: nextOpen(s.inst.scheduleId, t) ?? Number.POSITIVE_INFINITY, open: false };
  return s.window.open ? 1 : 0;
}

export class MarketHours {
  constructor(
    private readonly book: MarketBook,
    private readonly clock: Clock,
  ) {}

  isOpen(instrument: Instrument | string, nowMs = this.clock.now()): boolean {
    return statusAt(this.book.slot(instrument), nowMs) === 1;
  }

  /** The spec's MarketStatus: 1 open, 0 closed. */
  marketStatus(instrument: Instrument | string, nowMs = this.clock.now()): 0 | 1 {
    return statusAt(this.book.slot(instrument), nowMs);
  }

  /** Brings every slot's status to `nowMs`; calls `flipped` for each market that opened or closed. */
  refresh(nowMs: number, flipped: (instrument: Instrument) => void): void {
    for (const s of this.book.slots) {
      const status = statusAt(s, nowMs);
      if (status !== s.status) {
        s.status = status;
        flipped(s.inst);
      }
    }
  }
}
