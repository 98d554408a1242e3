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
    leader.listen((t) => atLeader.push(t));
    follower.listen((t) => atFollower.push(t));
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
    new TickRelay(bus, 'node-b').listen((t) => received.push(t));
    bus.publish(TICKS_CHANNEL, { node: 'node-a', ticks: [['EURUSD', 1.1, '1.2', 5]] });
    bus.publish(TICKS_CHANNEL, { ticks: [] });
    await settle();
    expect(received).toEqual([]);
    expect(isTickBatch({ node: 'x', ticks: [['EURUSD', '1.1', '1.2', 5]] })).toBe(true);
    expect(isTickBatch({ node: 'x', ticks: [['EURUSD', '1.1', '1.2', Number.NaN]] })).toBe(false);
    await bus.close();
  });
});
