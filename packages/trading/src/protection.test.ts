import { describe, expect, it } from 'vitest';
import { closingPrice, openingPrice, type Quote, type Side } from './instrument.js';
import { EURUSD } from './instruments.fixtures.js';
import { feeMicros, marginMicros } from './margin.js';
import { pnlMicrosAt } from './pnl.js';
import { closeProtectionMicros } from './protection.js';
import { equityMicros, isStopOut, stopOutPlan } from './risk.js';

/** mulberry32: a tiny seeded PRNG, so every run checks the same cases and a failure reproduces. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const START = 100_000_000_000;
const SPREAD_TICKS = 10;

interface Position {
  id: number;
  side: Side;
  lots: string;
  openPrice: string;
  marginMicros: number;
}

interface Account {
  free: number;
  frozen: number;
  positions: Position[];
}

/** The house's lines: what it earned (fees, the traders' losses) and what it paid (profits, protection). */
interface House {
  fees: number;
  pnl: number;
  protection: number;
}

/** The world as the server books it: the same maths, the same order of ledger steps. */
class World {
  private nextId = 1;
  midTicks = 110_000;
  readonly house: House = { fees: 0, pnl: 0, protection: 0 };
  /** Each protection paid, with the account's equity just before that close. */
  readonly protections: Array<{ paid: number; equityBefore: number }> = [];

  constructor(readonly accounts: Account[]) {}

  quote(): Quote<string> {
    const bid = this.midTicks - SPREAD_TICKS / 2;
    return { bid: (bid / 100_000).toFixed(5), ask: ((bid + SPREAD_TICKS) / 100_000).toFixed(5) };
  }

  pnl(p: Position): number {
    return pnlMicrosAt({
      side: p.side,
      terms: EURUSD,
      lots: p.lots,
      openPrice: p.openPrice,
      closePrice: closingPrice(p.side, this.quote()),
      quoteToUsd: 1,
    });
  }

  equity(a: Account): number {
    const floating = a.positions.reduce((n, p) => n + this.pnl(p), 0);
    return equityMicros({ freeMicros: a.free, frozenMicros: a.frozen, floatingPnlMicros: floating });
  }

  /** Opens like the placement: refused (false) when the free balance cannot pay margin + fee. */
  open(a: Account, side: Side, lots: string, leverage: number): boolean {
    const price = openingPrice(side, this.quote());
    const margin = marginMicros({ terms: EURUSD, lots, price, leverage, quoteToUsd: 1 });
    const fee = feeMicros({ tradeFeeType: 2, terms: EURUSD, lots, marginMicros: margin });
    if (a.free - margin - fee < 0) return false;
    a.free -= margin + fee;
    a.frozen += margin;
    this.house.fees += fee;
    a.positions.push({ id: this.nextId++, side, lots, openPrice: price, marginMicros: margin });
    return true;
  }

  /** Closes like closeHolding: release, the protection rule, then the P&L (the free balance may go below zero). */
  close(a: Account, id: number): void {
    const at = a.positions.findIndex((p) => p.id === id);
    const p = a.positions[at] as Position;
    const equityBefore = this.equity(a);
    const pnl = this.pnl(p);
    a.positions.splice(at, 1);
    a.free += p.marginMicros;
    a.frozen -= p.marginMicros;
    const paid = closeProtectionMicros({
      freeMicros: a.free,
      frozenMicros: a.frozen,
      pnlMicros: pnl,
      holdingAfter: a.positions.length,
    });
    a.free += paid + pnl;
    this.house.pnl -= pnl;
    this.house.protection -= paid;
    if (paid > 0) this.protections.push({ paid, equityBefore });
  }

  /** The trade monitor after a tick: each account at or below the stop-out level closes worst first. */
  stopOuts(): void {
    for (const a of this.accounts) {
      const used = a.positions.reduce((n, p) => n + p.marginMicros, 0);
      const equity = this.equity(a);
      if (!isStopOut({ equityMicros: equity, usedMarginMicros: used })) continue;
      const plan = stopOutPlan(
        equity,
        a.positions.map((p) => ({ id: p.id, marginMicros: p.marginMicros, floatingPnlMicros: this.pnl(p) })),
      );
      for (const id of plan) this.close(a, id);
    }
  }

  total(): number {
    const accounts = this.accounts.reduce((n, a) => n + a.free + a.frozen, 0);
    return accounts + this.house.fees + this.house.pnl + this.house.protection;
  }
}

function fresh(n: number): World {
  return new World(Array.from({ length: n }, () => ({ free: START, frozen: 0, positions: [] })));
}

const LOTS = ['0.5', '1', '3', '8', '12', '20'];
const LEVERAGES = [50, 100, 200];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** A price step: mostly small, now and then a gap of several percent either way. */
function step(w: World, random: () => number): void {
  const move = random() < 0.08 ? (random() - 0.5) * 0.25 : (random() - 0.5) * 0.004;
  w.midTicks = Math.max(20_000, Math.round(w.midTicks * (1 + move)));
}

describe('negative balance protection guards the equity (seeded)', () => {
  it('the hedge of the report: 12 lots long and short, a 10 % fall, the losing leg closed first, earns nothing', () => {
    const w = fresh(1);
    const a = w.accounts[0] as Account;
    expect(w.open(a, 'buy', '12', 50)).toBe(true);
    expect(w.open(a, 'sell', '12', 50)).toBe(true);
    const fees = START - a.free - a.frozen;
    w.midTicks = Math.round(w.midTicks * 0.9);
    const equity = w.equity(a);
    const [long, short] = a.positions as [Position, Position];
    w.close(a, long.id);
    // The loss is larger than the free balance: paid from it and from the short leg's frozen margin.
    expect(a.free).toBeLessThan(0);
    expect(a.frozen).toBe(short.marginMicros);
    expect(w.equity(a)).toBe(equity);
    w.close(a, short.id);
    expect(w.protections).toEqual([]);
    // What the hedge can lose: its fees and the spread, once per leg (2 × 12 lots × 100,000 × 0.00010).
    expect(a.free).toBe(START - fees - 240_000_000);
    expect(w.total()).toBe(START);
  });

  it('random hedged and unhedged sequences over random price paths', () => {
    const random = prng(20_261_207);
    let paidCount = 0;
    for (let run = 0; run < 60; run++) {
      const w = fresh(3);
      const deposits = w.total();
      for (let i = 0; i < 120; i++) {
        const a = pick(random, w.accounts);
        const r = random();
        if (r < 0.35) {
          step(w, random);
          w.stopOuts();
        } else if (r < 0.55) {
          w.open(a, random() < 0.5 ? 'buy' : 'sell', pick(random, LOTS), pick(random, LEVERAGES));
        } else if (r < 0.7) {
          // A hedge: the same lots both ways.
          const lots = pick(random, LOTS);
          const leverage = pick(random, LEVERAGES);
          if (w.open(a, 'buy', lots, leverage)) w.open(a, 'sell', lots, leverage);
        } else if (a.positions.length > 0) {
          w.close(a, pick(random, a.positions).id);
        }
        expect(w.total()).toBe(deposits);
        for (const acc of w.accounts) {
          expect(acc.frozen).toBe(acc.positions.reduce((n, p) => n + p.marginMicros, 0));
          // Flat, the balance is the equity, and protection keeps it at zero or more.
          if (acc.positions.length === 0) expect(acc.free).toBeGreaterThanOrEqual(0);
        }
      }
      for (const { paid, equityBefore } of w.protections) {
        expect(equityBefore).toBeLessThan(0);
        // Flat after the close, the protection is exactly what the equity could not cover.
        expect(paid).toBe(-equityBefore);
      }
      paidCount += w.protections.length;
    }
    // The paths must have reached negative equity, or they prove little.
    expect(paidCount).toBeGreaterThan(5);
  });

  it('perfectly hedged books never earn protection, whatever the path and the order of their closes', () => {
    const random = prng(7_042);
    for (let run = 0; run < 200; run++) {
      const w = fresh(1);
      const a = w.accounts[0] as Account;
      const pairs = 1 + Math.floor(random() * 3);
      for (let k = 0; k < pairs; k++) {
        // Small enough that both legs of every pair always fit: a lone leg is no hedge.
        const lots = pick(random, ['0.5', '1', '3', '5']);
        const leverage = pick(random, LEVERAGES);
        expect(w.open(a, 'buy', lots, leverage) && w.open(a, 'sell', lots, leverage)).toBe(true);
      }
      for (let i = 0; i < 40; i++) step(w, random);
      // Every leg closed at the path's last price, in a random order (the losing ones first, often).
      while (a.positions.length > 0) w.close(a, pick(random, a.positions).id);
      expect(w.protections).toEqual([]);
      expect(w.total()).toBe(START);
      expect(a.free).toBeLessThan(START);
    }
  });

  it('pays only when flat, and only what the balance (pending margin included) cannot cover', () => {
    expect(closeProtectionMicros({ freeMicros: -5, frozenMicros: 3, pnlMicros: 0, holdingAfter: 1 })).toBe(0);
    expect(closeProtectionMicros({ freeMicros: 10, frozenMicros: 0, pnlMicros: -25, holdingAfter: 0 })).toBe(
      15,
    );
    // A pending order's frozen margin is the trader's money: it covers part of the loss.
    expect(closeProtectionMicros({ freeMicros: 10, frozenMicros: 7, pnlMicros: -25, holdingAfter: 0 })).toBe(
      8,
    );
    expect(closeProtectionMicros({ freeMicros: 10, frozenMicros: 0, pnlMicros: -10, holdingAfter: 0 })).toBe(
      0,
    );
    expect(() =>
      closeProtectionMicros({ freeMicros: 0, frozenMicros: -1, pnlMicros: 0, holdingAfter: 0 }),
    ).toThrow(RangeError);
    expect(() =>
      closeProtectionMicros({ freeMicros: 0, frozenMicros: 0, pnlMicros: 0, holdingAfter: -1 }),
    ).toThrow(RangeError);
  });
});
