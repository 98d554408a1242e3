/**
 * Measures failover on this machine with real processes: three nodes on one PostgreSQL schema and
 * one Redis prefix, default lease timings (renewed every 500 ms, lapsing after 2 s), then for each
 * round: the leader killed with SIGKILL, the leader hung with SIGSTOP (and woken), and the leader's
 * database sessions killed with pg_terminate_backend. Prints, per fault, how long the market had no
 * price (the last batch of ticks before it to the first after it, as every node and client sees
 * them), whether the term changed, and the worst price age a follower reported meanwhile.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx --conditions source apps/server/src/cluster/tools/measure-takeover.ts [rounds]
 *
 * The README's scale-out section quotes its output.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { BusWatch, type ServerNode, startNode, waitFor } from '../testing/nodes.js';

const baseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!baseUrl || !redisUrl) throw new Error('set DATABASE_URL and REDIS_URL');
const rounds = Number(process.argv[2] ?? 3);

interface Outcome {
  fault: string;
  /** From the fault to the first ticks of a new term (kill, hang); none when the term held. */
  takeoverMs: number | null;
  /** The longest time without ticks on the bus around the fault: what every client sees. */
  gapMs: number;
  termBefore: number;
  termAfter: number;
  worstAgeMs: number;
}

const schema = `measure_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE SCHEMA "${schema}"`);
const url = new URL(baseUrl);
url.searchParams.set('options', `-c search_path=${schema}`);
const prefix = `measure-${randomUUID()}:`;
const watch = await BusWatch.open(redisUrl, prefix);
const nodes: ServerNode[] = [];
let serial = 0;

async function spawnNode(): Promise<ServerNode> {
  const name = `node-${++serial}`;
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  const node = await startNode({
    name,
    databaseUrl: u.toString(),
    redisUrl: redisUrl ?? '',
    redisPrefix: prefix,
  });
  nodes.push(node);
  return node;
}

async function leader(): Promise<ServerNode> {
  return waitFor(async () => {
    for (const n of nodes) if (n.alive && (await n.healthOrNothing())?.leader) return n;
    return undefined;
  }, 'a leader');
}

const newestTerm = () => Math.max(0, ...watch.batches.map((b) => b.term));

/**
 * Runs `fault` on the leader and watches until prices flow again: from a new term after a kill or
 * a hang; after killed sessions, until a whole lease has passed (a takeover would have happened).
 */
async function measure(
  name: string,
  fault: (l: ServerNode) => Promise<void>,
  expectTakeover: boolean,
): Promise<Outcome> {
  const l = await leader();
  const termBefore = (await l.health()).term;
  await waitFor(
    () => watch.batches.find((b) => b.ticks.length > 0 && b.at > performance.now() - 300),
    'recent ticks',
  );
  const followers = nodes.filter((n) => n !== l && n.alive);
  let worstAgeMs = 0;
  let watching = true;
  const ages = (async () => {
    while (watching) {
      for (const f of followers) {
        const h = await f.healthOrNothing();
        if (h?.priceAgeMs !== null && h?.priceAgeMs !== undefined)
          worstAgeMs = Math.max(worstAgeMs, h.priceAgeMs);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const at = performance.now();
  await fault(l);
  const end = await waitFor(
    () =>
      watch.batches.find((b) =>
        expectTakeover ? b.term > termBefore && b.ticks.length > 0 : b.ticks.length > 0 && b.at > at + 2500,
      ),
    `prices after ${name}`,
    30_000,
  );
  watching = false;
  await ages;
  const flowing = watch.batches.filter((b) => b.ticks.length > 0 && b.at >= at - 1000 && b.at <= end.at);
  let gapMs = 0;
  for (let i = 1; i < flowing.length; i++) {
    gapMs = Math.max(gapMs, (flowing[i]?.at ?? 0) - (flowing[i - 1]?.at ?? 0));
  }
  const termAfter = Math.max(...watch.batches.filter((b) => b.at <= end.at).map((b) => b.term));
  return {
    fault: name,
    takeoverMs:
      termAfter > termBefore
        ? Math.round((watch.batches.find((b) => b.term > termBefore && b.ticks.length > 0)?.at ?? at) - at)
        : null,
    gapMs: Math.round(gapMs),
    termBefore,
    termAfter,
    worstAgeMs,
  };
}

const outcomes: Outcome[] = [];
try {
  await spawnNode();
  await Promise.all([spawnNode(), spawnNode()]);
  for (let round = 0; round < rounds; round++) {
    outcomes.push(
      await measure(
        'kill -9',
        async (l) => {
          await l.kill();
        },
        true,
      ),
    );
    await spawnNode();
    let hung: ServerNode | undefined;
    outcomes.push(
      await measure(
        'SIGSTOP',
        async (l) => {
          hung = l;
          l.pause();
        },
        true,
      ),
    );
    const wokeAt = performance.now();
    hung?.resume();
    await hung?.waitForLog(
      (line) => line.msg === 'leader election: lease lost',
      'the hung leader to learn it lost',
    );
    console.log(`  woken leader stood down ${Math.round(performance.now() - wokeAt)} ms after SIGCONT`);
    outcomes.push(
      await measure(
        'pg_terminate_backend',
        async (l) => {
          const killed = await admin.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
            [l.name],
          );
          console.log(`  killed ${killed.rowCount} database sessions of the leader`);
        },
        false,
      ),
    );
  }
} catch (err) {
  // What the nodes said about leadership: the first thing to read when a measurement fails.
  for (const n of nodes) {
    for (const line of n.lines) {
      if (Number(line.level) >= 40 || String(line.msg).includes('lead')) {
        console.error(n.name, JSON.stringify(line));
      }
    }
  }
  throw err;
} finally {
  await Promise.allSettled(nodes.map((n) => n.stop()));
  await watch.close();
  await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
  await admin.end();
}

for (const fault of ['kill -9', 'SIGSTOP', 'pg_terminate_backend']) {
  const mine = outcomes.filter((o) => o.fault === fault);
  const list = (xs: Array<number | null>) => xs.map((x) => (x === null ? '-' : String(x))).join(', ');
  console.log(
    `${fault.padEnd(22)} takeover ${list(mine.map((o) => o.takeoverMs))} ms; ` +
      `longest gap in ticks ${list(mine.map((o) => o.gapMs))} ms; ` +
      `new term ${mine.filter((o) => o.termAfter > o.termBefore).length}/${mine.length}; ` +
      `worst follower price age ${list(mine.map((o) => o.worstAgeMs))} ms`,
  );
}
console.log(`newest term ${newestTerm()}`);
