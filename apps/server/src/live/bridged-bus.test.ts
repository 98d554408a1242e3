import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgedBus } from './bridged-bus.js';

const open: BridgedBus[] = [];
afterEach(async () => {
  for (const bus of open.splice(0)) await bus.close();
});

function pair(options: { held?: boolean; ignore?: string[] } = {}) {
  const { port1, port2 } = new MessageChannel();
  const server = new BridgedBus(port1, true);
  const thread = new BridgedBus(port2, false, options);
  open.push(server, thread);
  return { server, thread };
}

/** Resolves once `cond` holds (each look a turn of the event loop apart: port messages come in between). */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** What the bus knows of the channels the thread at the other end of its (first) port wants. */
const peerWantsOf = (bus: BridgedBus) =>
  (bus as unknown as { peers: Array<{ wants: Set<string> | null }> }).peers[0]?.wants ?? null;

/** Collects what a channel delivers; `next(n)` resolves once n events have come. */
function collect(bus: BridgedBus, channel: string) {
  const got: unknown[] = [];
  let waiting: { n: number; done: () => void } | undefined;
  bus.subscribe(channel, (payload) => {
    got.push(payload);
    if (waiting && got.length >= waiting.n) waiting.done();
  });
  return {
    got,
    next: (n: number) =>
      new Promise<void>((resolve) => {
        if (got.length >= n) resolve();
        else waiting = { n, done: resolve };
      }),
  };
}

describe('the bus bridged between two threads', () => {
  it('delivers each side’s events on both sides, in order, and never sends one back', async () => {
    const { server, thread } = pair();
    const onServer = collect(server, 'orders');
    const onThread = collect(thread, 'orders');
    // Both subscriptions are told before anything is published on them.
    await until(
      () => peerWantsOf(server)?.has('orders') === true && peerWantsOf(thread)?.has('orders') === true,
    );
    for (let i = 0; i < 5; i++) thread.publish('orders', { i });
    server.publish('orders', { i: 5 });
    await onServer.next(6);
    await onThread.next(6);
    expect(onServer.got.map((p) => (p as { i: number }).i).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(onThread.got.slice(0, 5)).toEqual([0, 1, 2, 3, 4].map((i) => ({ i })));
    // A last event from each side: one port carries everything in order, so an echo of the events
    // before it would have arrived before it.
    thread.publish('orders', 'end');
    server.publish('orders', 'end');
    await onServer.next(8);
    await onThread.next(8);
    expect(onServer.got.slice(6)).toEqual(['end', 'end']);
    expect(onThread.got.slice(6)).toEqual(['end', 'end']);
  });

  it('sends a side only the channels it subscribes to, and stops when it unsubscribes', async () => {
    const { server, thread } = pair();
    const wanted = collect(thread, 'wanted');
    const seen: string[] = [];
    const off = thread.subscribe('later', () => seen.push('later'));
    const posted: string[] = [];
    // What crosses the port: spy on the server side's port.
    type Message = { kind: string; channel?: string; messages?: Message[] };
    const port = (server as unknown as { peers: Array<{ port: { postMessage: (m: Message) => void } }> })
      .peers[0]?.port;
    if (!port) throw new Error('no port');
    const post = port.postMessage.bind(port);
    const note = (m: Message) => {
      if (m.kind === 'event' && m.channel) posted.push(m.channel);
      for (const inner of m.messages ?? []) note(inner);
    };
    port.postMessage = (m) => {
      note(m);
      post(m);
    };
    await until(() => peerWantsOf(server)?.size === 2);
    server.publish('unwanted', 1);
    server.publish('wanted', 2);
    server.publish('later', 3);
    await wanted.next(1);
    await until(() => seen.length === 1);
    off();
    await until(() => peerWantsOf(server)?.has('later') === false);
    server.publish('later', 4);
    server.publish('wanted', 5);
    await wanted.next(2);
    expect(posted).toEqual(['wanted', 'later', 'wanted']);
    expect(seen).toEqual(['later']);
  });

  it('holds a starting side: what the server sends meanwhile is delivered at open, nothing is lost', async () => {
    const { server, thread } = pair({ held: true, ignore: ['live'] });
    const onThread = collect(thread, 'orders');
    const live = collect(thread, 'live');
    // The server does not know the thread's channels yet: it sends everything.
    server.publish('orders', 'before open');
    server.publish('live', 'a push');
    expect(peerWantsOf(server)).toBeNull();
    thread.open();
    await onThread.next(1);
    await live.next(1);
    expect(onThread.got).toEqual(['before open']);
    expect(live.got).toEqual(['a push']);
    // Once told, the server sends only the thread's channels, never an ignored one.
    await until(() => peerWantsOf(server) !== null);
    expect([...(peerWantsOf(server) ?? [])]).toEqual(['orders']);
  });

  it('joins the server to several threads: each thread’s events reach the server in order, in turns, and never another thread', async () => {
    const a = new MessageChannel();
    const b = new MessageChannel();
    let turns = 0;
    const server = new BridgedBus([a.port1, b.port1], true, {
      turn: () => new Promise<void>((resolve) => setImmediate(() => resolve(void turns++))),
    });
    const threadA = new BridgedBus(a.port2, false);
    const threadB = new BridgedBus(b.port2, false);
    open.push(server, threadA, threadB);
    const onServer = collect(server, 'orders');
    const onB = collect(threadB, 'orders');
    await until(
      () =>
        peerWantsOf(threadA)?.has('orders') === true &&
        (server as unknown as { peers: Array<{ wants: Set<string> | null }> }).peers[1]?.wants?.has(
          'orders',
        ) === true,
    );
    for (let i = 0; i < 40; i++) threadA.publish('orders', i);
    await onServer.next(40);
    expect(onServer.got).toEqual(Array.from({ length: 40 }, (_, i) => i));
    // Delivered over several turns of the server's loop, not in one go.
    expect(turns).toBeGreaterThan(1);
    server.publish('orders', 'from the server');
    await onB.next(1);
    expect(onB.got).toEqual(['from the server']);
  });
});
