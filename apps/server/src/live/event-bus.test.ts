import { describe, expect, it } from 'vitest';
import { InProcessEventBus, jsonCopy } from './event-bus.js';

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('InProcessEventBus', () => {
  it('delivers one frozen copy to every subscriber of the channel, after publish returns', async () => {
    const bus = new InProcessEventBus();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const other: unknown[] = [];
    bus.subscribe('quotes', (p) => a.push(p));
    bus.subscribe('quotes', (p) => b.push(p));
    bus.subscribe('orders', (p) => other.push(p));
    const payload = { code: 'EURUSD', bid: '1.1' };
    bus.publish('quotes', payload);
    expect(a).toEqual([]);
    await flush();
    expect(a).toEqual([payload]);
    expect(b).toEqual([payload]);
    expect(a[0]).not.toBe(payload);
    // One parse for all subscribers, frozen to the leaves: no subscriber changes what another reads.
    expect(b[0]).toBe(a[0]);
    expect(() => {
      (a[0] as { bid: string }).bid = '9';
    }).toThrow(TypeError);
    expect(other).toEqual([]);
  });

  it('freezes the nested objects and arrays of the copy too', async () => {
    const bus = new InProcessEventBus();
    const got: unknown[] = [];
    bus.subscribe('orders', (p) => got.push(p));
    bus.publish('orders', { order: { id: 1, levels: [{ price: '1.1' }] }, free: 5 });
    await flush();
    const event = got[0] as { order: { id: number; levels: Array<{ price: string }> } };
    expect(Object.isFrozen(event.order)).toBe(true);
    expect(Object.isFrozen(event.order.levels)).toBe(true);
    expect(Object.isFrozen(event.order.levels[0])).toBe(true);
  });

  it('stops delivering after unsubscribe and after close', async () => {
    const bus = new InProcessEventBus();
    const got: unknown[] = [];
    const off = bus.subscribe('c', (p) => got.push(p));
    bus.publish('c', 1);
    await flush();
    off();
    bus.publish('c', 2);
    await flush();
    expect(got).toEqual([1]);
    bus.subscribe('c', (p) => got.push(p));
    await bus.close();
    bus.publish('c', 3);
    await flush();
    expect(got).toEqual([1]);
  });

  it('rejects payloads that would not survive Redis', () => {
    const bus = new InProcessEventBus();
    expect(() => bus.publish('c', { n: 1n })).toThrow();
    expect(() => bus.publish('c', undefined)).toThrow(/not JSON-serialisable/);
  });

  it('keeps delivering to others when one handler throws', async () => {
    const errors: unknown[] = [];
    const bus = new InProcessEventBus({ error: (obj) => errors.push(obj) });
    const got: unknown[] = [];
    bus.subscribe('c', () => {
      throw new Error('boom');
    });
    bus.subscribe('c', (p) => got.push(p));
    bus.publish('c', 'x');
    await flush();
    expect(got).toEqual(['x']);
    expect(errors).toHaveLength(1);
  });

  it('hands subscribers what the publisher had at publish time, not what it changed afterwards', async () => {
    const bus = new InProcessEventBus();
    const got: unknown[] = [];
    bus.subscribe('c', (p) => got.push(p));
    const payload = { order: { status: 1 } };
    bus.publish('c', payload);
    payload.order.status = 3;
    await flush();
    expect(got).toEqual([{ order: { status: 1 } }]);
  });
});

describe('jsonCopy', () => {
  /** A small deterministic generator (mulberry32): the same values on every run. */
  function random(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const odd: unknown[] = [
    undefined,
    null,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -0,
    0,
    -1.5e300,
    '',
    'é\u0000"\\',
    true,
    false,
    new Date(1_795_756_431_824),
    () => 1,
    Symbol('s'),
    new Map([[1, 2]]),
    { toJSON: () => ({ swapped: true }) },
    Object.create(null),
    JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'),
    new (class Row {
      a = 1;
    })(),
  ];
  function value(next: () => number, depth: number): unknown {
    const r = next();
    if (depth > 3 || r < 0.35) return odd[Math.floor(next() * odd.length)];
    if (r < 0.5) return Math.round((next() - 0.5) * 1e9) / 1e3;
    if (r < 0.6) return `s${Math.floor(next() * 1e6)}`;
    if (r < 0.8) return Array.from({ length: Math.floor(next() * 4) }, () => value(next, depth + 1));
    const out: Record<string, unknown> = {};
    for (let i = Math.floor(next() * 5); i > 0; i--)
      out[next() < 0.2 ? String(i) : `k${i}`] = value(next, depth + 1);
    return out;
  }
  function frozenThrough(v: unknown): boolean {
    if (typeof v !== 'object' || v === null) return true;
    return Object.isFrozen(v) && Object.values(v).every(frozenThrough);
  }

  it('gives what the JSON round trip gives, frozen to the leaves, over random values and every odd one', () => {
    const next = random(13);
    const values = [...odd, ...Array.from({ length: 3_000 }, () => value(next, 0))];
    for (const v of values) {
      const text = JSON.stringify(v);
      const copy = jsonCopy(v);
      if (text === undefined) {
        expect(copy).toBeUndefined();
        continue;
      }
      // Same text: same keys in the same order, the same numbers (-0 as 0), null where JSON puts it.
      expect(JSON.stringify(copy)).toBe(text);
      expect(copy).toEqual(JSON.parse(text));
      expect(Object.is(copy, -0)).toBe(false);
      expect(frozenThrough(copy)).toBe(true);
      if (typeof v === 'object' && v !== null) expect(copy).not.toBe(v);
    }
  });

  it('refuses what JSON refuses: a bigint, a cycle', () => {
    expect(() => jsonCopy({ n: 1n })).toThrow(TypeError);
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = { back: cycle };
    expect(() => jsonCopy(cycle)).toThrow(TypeError);
  });
});
