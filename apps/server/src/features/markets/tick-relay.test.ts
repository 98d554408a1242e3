import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../../live/event-bus.js';
import type { Tick } from './feed.js';
import { isTickBatch, TICKS_CHANNEL, TickRelay } from './tick-relay.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('TickRelay', () => {
  it('carries every tick of a flush to the other nodes, in order, in one message, and not to its sender', async () => {
    const bus = new InProcessEventBus();
    const leader = new TickRelay(bus, 'node-a');
    const follower = new TickRelay(bus, 'node-b');
    const atLeader: Tick[] = [];
    const atFollower: Tick[] = [];
    let messages = 0;
    bus.subscribe(TICKS_CHANNEL, () => messages++);
    leader.listen((b) => atLeader.push(...b.ticks));
    follower.listen((b) => atFollower.push(...b.ticks));
    const ticks: Tick[] = [
      { code: 'EURUSD', bid: '1.10000', ask: '1.10010', timeMs: 1 },
      { code: 'XAUUSD', bid: '4200.10', ask: '4200.45', timeMs: 2 },
      { code: 'EURUSD', bid: '1.10002', ask: '1.10012', timeMs: 3 },
    ];
    for (const t of ticks) leader.add(t);
    expect(leader.pending).toBe(3);
    leader.flush();
    leader.flush();
    await settle();
    expect(atFollower).toEqual(ticks);
    expect(atLeader).toEqual([]);
    expect(messages).toBe(1);
    await bus.close();
  });

  it('ignores what is not a tick batch', async () => {
    const bus = new InProcessEventBus();
    const received: Tick[] = [];
    new TickRelay(bus, 'node-b').listen((b) => received.push(...b.ticks));
    bus.publish(TICKS_CHANNEL, { node: 'node-a', term: 1, ticks: [['EURUSD', 1.1, '1.2', 5]] });
    bus.publish(TICKS_CHANNEL, { node: 'node-a', ticks: [['EURUSD', '1.1', '1.2', 5]] });
    bus.publish(TICKS_CHANNEL, { term: 1, ticks: [] });
    await settle();
    expect(received).toEqual([]);
    expect(isTickBatch({ node: 'x', term: 2, ticks: [['EURUSD', '1.1', '1.2', 5]] })).toBe(true);
    expect(isTickBatch({ node: 'x', term: 2, ticks: [['EURUSD', '1.1', '1.2', Number.NaN]] })).toBe(false);
    await bus.close();
  });

  it('while leading, sends a batch of its term at every flush, empty or not, and nothing once its lease is in doubt', async () => {
    const bus = new InProcessEventBus();
    const leader = new TickRelay(bus, 'node-a', { heartbeatMs: 0 });
    const batches: Array<{ term: number; ticks: number }> = [];
    new TickRelay(bus, 'node-b').listen((b) => batches.push({ term: b.term, ticks: b.ticks.length }));
    let leaseHolds = true;
    leader.speak(7, () => leaseHolds);
    leader.add({ code: 'EURUSD', bid: '1.10000', ask: '1.10010', timeMs: 1 });
    leader.flush();
    leader.flush();
    leaseHolds = false;
    leader.add({ code: 'EURUSD', bid: '1.10001', ask: '1.10011', timeMs: 2 });
    leader.flush();
    leaseHolds = true;
    leader.flush();
    leader.silence();
    leader.flush();
    await settle();
    expect(batches).toEqual([
      { term: 7, ticks: 1 },
      { term: 7, ticks: 0 },
      { term: 7, ticks: 0 },
    ]);
    await bus.close();
  });

  it('sends an empty batch at most once per heartbeat interval, and every batch with ticks', async () => {
    const bus = new InProcessEventBus();
    const leader = new TickRelay(bus, 'node-a', { heartbeatMs: 60_000 });
    const batches: number[] = [];
    new TickRelay(bus, 'node-b').listen((b) => batches.push(b.ticks.length));
    leader.speak(1, () => true);
    for (let i = 0; i < 1000; i++) leader.flush();
    leader.add({ code: 'EURUSD', bid: '1.10000', ask: '1.10010', timeMs: 1 });
    leader.flush();
    await settle();
    expect(batches).toEqual([0, 1]);
    await bus.close();
  });
});
