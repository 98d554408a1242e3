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

const peerWantsOf = (bus: BridgedBus) => (bus as unknown as { peerWants: Set<string> | null }).peerWants;

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
    // A round trip later nothing more came: no echo.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onServer.got).toHaveLength(6);
    expect(onThread.got).toHaveLength(6);
  });

  it('sends a side only the channels it subscribes to, and stops when it unsubscribes', async () => {
    const { server, thread } = pair();
    const wanted = collect(thread, 'wanted');
    const seen: string[] = [];
    const off = thread.subscribe('later', () => seen.push('later'));
    const posted: string[] = [];
    // What crosses the port: spy on the server side's port.
    const port = (
      server as unknown as { port: { postMessage: (m: { kind: string; channel: string }) => void } }
    ).port;
    const post = port.postMessage.bind(port);
    port.postMessage = (m) => {
      if (m.kind === 'event') posted.push(m.channel);
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
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onThread.got).toEqual([]);
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
});
