import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeatureContext } from '../app-context.js';
import { eventually, startTestServer, type TestServer } from '../test/harness.js';
import { TestSocket } from '../test/ws-client.js';
import { RedisEventBus } from './redis-event-bus.js';

// Runs only in the scale-out suite (REDIS_URL set); see apps/server/vitest.config.ts.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('Redis event bus', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('delivers a publication to subscribers on every node, including the publisher, as a JSON copy', async () => {
    const prefix = `bus-test-${randomUUID()}:`;
    const a = await RedisEventBus.connect(REDIS_URL, { prefix });
    const b = await RedisEventBus.connect(REDIS_URL, { prefix });
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    a.subscribe('quotes', (p) => gotA.push(p));
    const unsubscribeB = b.subscribe('quotes', (p) => gotB.push(p));
    await Promise.all([a.ready(), b.ready()]);

    const payload = { code: 'EURUSD', bid: '1.16512' };
    a.publish('quotes', payload);
    await eventually(() => gotA.length === 1 && gotB.length === 1, 'both nodes receive');
    expect(gotB[0]).toEqual(payload);
    expect(gotA[0]).not.toBe(payload);

    unsubscribeB();
    await b.ready();
    a.publish('quotes', { n: 2 });
    await eventually(() => gotA.length === 2, 'the publisher receives the second message');
    expect(gotB).toHaveLength(1);
  });

  it('keeps deployments apart by prefix', async () => {
    const a = await RedisEventBus.connect(REDIS_URL, { prefix: `bus-a-${randomUUID()}:` });
    const b = await RedisEventBus.connect(REDIS_URL, { prefix: `bus-b-${randomUUID()}:` });
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    const got: unknown[] = [];
    const gotOwn: unknown[] = [];
    b.subscribe('x', (p) => got.push(p));
    a.subscribe('x', (p) => gotOwn.push(p));
    await Promise.all([a.ready(), b.ready()]);
    a.publish('x', 1);
    await eventually(() => gotOwn.length === 1, 'own deployment receives');
    expect(got).toHaveLength(0);
  });

  it('fails fast with a clear error when Redis is unreachable', async () => {
    await expect(RedisEventBus.connect('redis://127.0.0.1:1', {})).rejects.toThrow(
      /REDIS_URL: cannot connect/,
    );
  });

  it('carries a socket push from node A to a client connected to node B', async () => {
    const prefix = `nodes-${randomUUID()}:`;
    let ctxA: FeatureContext | undefined;
    const probe = (capture: (ctx: FeatureContext) => void) => [
      {
        name: 'probe',
        register: (ctx: FeatureContext) => {
          capture(ctx);
          ctx.topics.register({ name: 'PROBE' });
        },
      },
    ];
    const env = { REDIS_URL, REDIS_PREFIX: prefix };
    const nodeA: TestServer = await startTestServer({
      env,
      overrides: {
        extraFeatures: probe((ctx) => {
          ctxA = ctx;
        }),
      },
    });
    cleanups.push(() => nodeA.close());
    const nodeB: TestServer = await startTestServer({ env, overrides: { extraFeatures: probe(() => {}) } });
    cleanups.push(() => nodeB.close());

    const client = await TestSocket.open(nodeB.wsUrl);
    cleanups.push(async () => {
      await client.close();
    });
    client.sendJson({ type: 'sub', topic: 'PROBE' });
    expect(await client.nextJson()).toMatchObject({ type: 'sub_result', code: 1, topic: 'PROBE' });
    await (nodeB.server.ctx.bus as RedisEventBus).ready();

    const frame = { type: 'FEED_STATUS', code: 1, data: { Stale: false, AgeMs: 4242 } } as const;
    ctxA?.live.publish('PROBE', frame);
    expect(await client.nextJson()).toEqual(frame);
  });
});
