import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from './event-bus.js';

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
});
