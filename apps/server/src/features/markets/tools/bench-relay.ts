/**
 * Relay cost: every tick as its own Redis message, or batched per flush (what TickRelay does).
 * `REDIS_URL=redis://127.0.0.1:6379 npx tsx --conditions source apps/server/src/features/markets/tools/bench-relay.ts`
 *
 * Publishes BENCH_TICKS ticks through two RedisEventBus connections (a leader and a follower in
 * one process) and prints, per mode, the messages sent, the bytes, the wall time until the follower
 * has every tick, and the process CPU per 1,000 ticks (both ends together). The default feed makes
 * ~90 ticks/s (36 instruments, one every 400 ms each), so a 250 ms flush carries ~22 ticks.
 */
import { randomUUID } from 'node:crypto';
import { RedisEventBus } from '../../../live/redis-event-bus.js';
import { INSTRUMENTS } from '../catalogue.js';
import type { Tick } from '../feed.js';
import { TICKS_CHANNEL, TickRelay } from '../tick-relay.js';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TICKS = Number(process.env.BENCH_TICKS ?? 20_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 22);

function tickAt(i: number): Tick {
  const inst = INSTRUMENTS[i % INSTRUMENTS.length];
  return { code: inst?.code ?? 'EURUSD', bid: '1.16512', ask: '1.16520', timeMs: 1_768_298_400_000 + i };
}

async function run(batch: number): Promise<void> {
  const prefix = `bench-${randomUUID()}:`;
  const leaderBus = await RedisEventBus.connect(url, { prefix });
  const followerBus = await RedisEventBus.connect(url, { prefix });
  const leader = new TickRelay(leaderBus, 'leader');
  const follower = new TickRelay(followerBus, 'follower');
  let received = 0;
  let bytes = 0;
  let messages = 0;
  const done = new Promise<void>((resolve) => {
    follower.listen((b) => {
      received += b.ticks.length;
      if (received === TICKS) resolve();
    });
  });
  followerBus.subscribe(TICKS_CHANNEL, (payload) => {
    messages++;
    bytes += JSON.stringify(payload).length;
  });
  await followerBus.ready();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < TICKS; i++) {
    leader.add(tickAt(i));
    if ((i + 1) % batch === 0) leader.flush();
  }
  leader.flush();
  await done;
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMsPer1000 = ((cpu.user + cpu.system) / 1000 / TICKS) * 1000;
  console.log(
    `${batch === 1 ? 'per tick' : `batches of ${batch}`}: ${messages} messages, ${(bytes / 1024).toFixed(0)} KB, ` +
      `${wall.toFixed(0)} ms wall, ${cpuMsPer1000.toFixed(1)} ms CPU per 1,000 ticks`,
  );
  await leaderBus.close();
  await followerBus.close();
}

await run(1);
await run(BATCH);
