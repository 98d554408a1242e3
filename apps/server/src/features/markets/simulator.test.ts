import { describe, expect, it } from 'vitest';
import { INSTRUMENTS, instrumentByCode } from './catalogue.js';
import { VirtualTime } from './clock.js';
import type { Tick } from './feed.js';
import { parsePrice } from './price.js';
import { isOpen, localHour } from './schedule.js';
import { PriceSimulator } from './simulator.js';

const T = (iso: string) => Date.parse(iso);
const MONDAY = T('2026-01-12T10:00:00Z');

function eurusd() {
  const inst = instrumentByCode('EURUSD');
  if (!inst) throw new Error('EURUSD missing from the catalogue');
  return inst;
}

function record(sim: PriceSimulator): Tick[] {
  const ticks: Tick[] = [];
  sim.onTick((t) => ticks.push(t));
  return ticks;
}

describe('PriceSimulator', () => {
  it('ticks a few times a second at irregular intervals, with bid < ask at the instrument precision', () => {
    const time = new VirtualTime(MONDAY);
    const sim = new PriceSimulator({ instruments: [eurusd()], seed: 7, clock: time, timers: time });
    const ticks = record(sim);
    sim.start();
    time.advance(60_000);
    sim.stop();

    expect(ticks.length).toBeGreaterThan(100);
    expect(ticks.length).toBeLessThan(250);
    const gaps = new Set(ticks.slice(1).map((t, i) => t.timeMs - (ticks[i]?.timeMs ?? 0)));
    expect(gaps.size).toBeGreaterThan(20);
    for (const t of ticks) {
      expect(t.bid).toMatch(/^\d+\.\d{5}$/);
      const spread = parsePrice(t.ask, 5) - parsePrice(t.bid, 5);
      expect(spread).toBeGreaterThanOrEqual(8);
    }
    expect(sim.quote('EURUSD')).toEqual({
      code: 'EURUSD',
      bid: ticks.at(-1)?.bid,
      ask: ticks.at(-1)?.ask,
      time: ticks.at(-1)?.timeMs,
    });
  });

  it('is reproducible for a seed and differs across seeds', () => {
    const run = (seed: number) => {
      const time = new VirtualTime(MONDAY);
      const sim = new PriceSimulator({
        instruments: INSTRUMENTS.slice(0, 3),
        seed,
        clock: time,
        timers: time,
      });
      const ticks = record(sim);
      sim.start();
      time.advance(10_000);
      sim.stop();
      return ticks;
    };
    expect(run(1)).toEqual(run(1));
    expect(run(1)).not.toEqual(run(2));
  });

  it('sends nothing while the market is closed and resumes at the Sunday open', () => {
    const time = new VirtualTime(T('2026-01-16T21:59:00Z')); // one minute before the Friday close
    const sim = new PriceSimulator({ instruments: [eurusd()], seed: 3, clock: time, timers: time });
    const ticks = record(sim);
    sim.start();
    time.advanceTo(T('2026-01-18T22:01:00Z'));
    sim.stop();

    const before = ticks.filter((t) => t.timeMs < T('2026-01-16T22:00:00Z'));
    const after = ticks.filter((t) => t.timeMs >= T('2026-01-18T22:00:00Z'));
    expect(before.length).toBeGreaterThan(50);
    expect(after.length).toBeGreaterThan(50);
    expect(before.length + after.length).toBe(ticks.length);
    // The quote survives the weekend: the list shows Friday's last price until Sunday.
    expect(sim.quote('EURUSD')?.time).toBe(ticks.at(-1)?.timeMs);
  });

  it('widens the spread around the daily roll compared with the London/New York overlap', () => {
    const time = new VirtualTime(MONDAY);
    const sim = new PriceSimulator({ instruments: [eurusd()], seed: 11, clock: time, timers: time });
    const ticks = record(sim);
    sim.start();
    time.advance(24 * 3_600_000);
    sim.stop();
    const avgSpread = (hours: number[]) => {
      const sel = ticks.filter((t) => hours.includes(localHour('forex', t.timeMs)));
      const sum = sel.reduce((s, t) => s + parsePrice(t.ask, 5) - parsePrice(t.bid, 5), 0);
      return sum / sel.length;
    };
    expect(avgSpread([17, 18])).toBeGreaterThan(avgSpread([9, 10, 11]) * 1.5);
  });

  it('stop() cancels its timer and start() after stop() resumes ticking', () => {
    const time = new VirtualTime(MONDAY);
    const sim = new PriceSimulator({ instruments: [eurusd()], seed: 5, clock: time, timers: time });
    const ticks = record(sim);
    sim.start();
    time.advance(2_000);
    sim.stop();
    expect(time.pendingCount).toBe(0);
    const count = ticks.length;
    time.advance(10_000);
    expect(ticks.length).toBe(count);
    sim.start();
    time.advance(2_000);
    sim.stop();
    expect(ticks.length).toBeGreaterThan(count);
  });

  it('keeps every instrument in a sane band over a simulated month, at its own volatility', () => {
    const start = T('2026-02-01T00:00:00Z');
    const time = new VirtualTime(start);
    // One tick per ~10 minutes keeps the month fast; the exact OU step makes the path equivalent.
    const sim = new PriceSimulator({
      instruments: INSTRUMENTS,
      seed: 2026,
      clock: time,
      timers: time,
      meanTickIntervalMs: 600_000,
    });
    const byCode = new Map<string, Tick[]>();
    sim.onTick((t) => {
      const list = byCode.get(t.code) ?? [];
      list.push(t);
      byCode.set(t.code, list);
    });
    sim.start();
    time.advanceTo(T('2026-03-01T00:00:00Z'));
    sim.stop();

    for (const inst of INSTRUMENTS) {
      const ticks = byCode.get(inst.code) ?? [];
      expect(ticks.length, inst.code).toBeGreaterThan(2000);
      const base = Number(inst.basePrice);
      let sumSq = 0;
      let openMs = 0;
      let prev: Tick | undefined;
      for (const t of ticks) {
        expect(isOpen(inst.scheduleId, t.timeMs), `${inst.code} ticked while closed`).toBe(true);
        const mid = (Number(t.bid) + Number(t.ask)) / 2;
        // Five standard deviations of a month's move: far outside is a broken model.
        expect(Math.abs(Math.log(mid / base)), inst.code).toBeLessThan(1.5 * inst.volatility);
        if (prev && t.timeMs - prev.timeMs < 3_600_000) {
          const prevMid = (Number(prev.bid) + Number(prev.ask)) / 2;
          sumSq += Math.log(mid / prevMid) ** 2;
          openMs += t.timeMs - prev.timeMs;
        }
        prev = t;
      }
      const yearMs = (inst.scheduleId === 'crypto' ? 365 : 260) * 86_400_000;
      const realised = Math.sqrt((sumSq / openMs) * yearMs);
      expect(realised / inst.volatility, inst.code).toBeGreaterThan(0.8);
      expect(realised / inst.volatility, inst.code).toBeLessThan(1.2);
    }
  });
});
