/**
 * Real server processes for scale-out tests and measurements: each node is `src/main.ts` run by
 * node + tsx in a child process, listening on 127.0.0.1 port 0 with its own data folder, on a shared
 * database schema and Redis prefix. A test can hang a node (SIGSTOP), wake it (SIGCONT) or kill it
 * (SIGKILL) and wait on what it logs, what its /healthz says and what crosses the bus — never on a
 * fixed sleep: every wait has a deadline and names what it waited for.
 *
 * Public API: `startNode`, `ServerNode`, `BusWatch`, `waitFor`, `respell`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Health } from '@meridian/contract';
import { Redis } from 'ioredis';

const SERVER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const REPO_ROOT = resolve(SERVER_ROOT, '../..');

export type LogLine = Record<string, unknown> & { msg?: string; time?: number };

/** Polls `probe` until it returns a value (not undefined), or fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 20_000,
  everyMs = 25,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * The same database under another spelling of its URL: the default port written out or left out,
 * and the other scheme name. Two nodes given the two spellings must still elect one leader.
 */
export function respell(url: string): string {
  const u = new URL(url);
  const scheme = u.protocol === 'postgres:' ? 'postgresql:' : 'postgres:';
  const port = u.port === '' ? ':5432' : u.port === '5432' ? '' : `:${u.port}`;
  const auth = u.username ? `${u.username}${u.password ? `:${u.password}` : ''}@` : '';
  return `${scheme}//${auth}${u.hostname}${port}${u.pathname}${u.search}`;
}

export interface NodeOptions {
  name: string;
  /** Empty, with `redisUrl` empty too: the embedded default (SQLite in the data folder). */
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /**
   * A data folder to use (and keep when the node stops), so a node started again after a kill finds
   * its SQLite file; a fresh one, removed on stop, when absent.
   */
  dataDir?: string;
  /** More environment (lease timings, STALE_PRICE_MS...). */
  env?: Record<string, string>;
}

export class ServerNode {
  readonly lines: LogLine[] = [];
  /** What it wrote to stderr (a crash's stack trace). */
  readonly stderr: string[] = [];
  /** The id its relay batches carry; known once it has led (it logs it then). */
  nodeId: string | undefined;
  private exited: Promise<void>;
  private readonly waiters = new Set<() => void>();

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
    private readonly dataDir: string,
    private readonly ownsDataDir: boolean,
    readonly baseUrl: string,
  ) {
    this.exited = new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) done();
      else child.once('exit', () => done());
    });
  }

  get wsUrl(): string {
    return `${this.baseUrl.replace(/^http/, 'ws')}/v1/ws`;
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  static async start(o: NodeOptions): Promise<ServerNode> {
    const dataDir = o.dataDir ?? mkdtempSync(join(tmpdir(), `meridian-${o.name}-`));
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', join(SERVER_ROOT, 'src/main.ts')],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          WEB_DIST: join(dataDir, 'no-web-build'),
          LOG_LEVEL: 'info',
          DATABASE_URL: o.databaseUrl,
          REDIS_URL: o.redisUrl,
          REDIS_PREFIX: o.redisPrefix,
          ...o.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const lines: LogLine[] = [];
    const stderr: string[] = [];
    let onLine: (line: LogLine) => void = (line) => lines.push(line);
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let nl = buffered.indexOf('\n');
      while (nl >= 0) {
        const text = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        nl = buffered.indexOf('\n');
        try {
          onLine(JSON.parse(text) as LogLine);
        } catch {
          onLine({ msg: text });
        }
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    const listening = await waitFor(
      () => {
        if (child.exitCode !== null)
          throw new Error(`${o.name} exited (${child.exitCode}): ${stderr.join('')}`);
        const line = lines.find((l) => l.msg === 'Meridian is listening');
        return typeof line?.address === 'string' ? line.address : undefined;
      },
      `${o.name} to listen`,
      90_000,
    ).catch((err: unknown) => {
      child.kill('SIGKILL');
      throw err;
    });
    const node = new ServerNode(o.name, child, dataDir, o.dataDir === undefined, listening);
    node.lines.push(...lines);
    child.stderr?.on('data', (chunk: Buffer) => node.stderr.push(chunk.toString()));
    onLine = (line) => node.take(line);
    for (const line of lines) node.note(line);
    return node;
  }

  /** The first log line (from now or earlier) that `match` accepts. */
  waitForLog(match: (line: LogLine) => boolean, what: string, timeoutMs = 20_000): Promise<LogLine> {
    const found = this.lines.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((ok, fail) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        fail(new Error(`timed out after ${timeoutMs} ms waiting for ${this.name}: ${what}`));
      }, timeoutMs);
      const check = () => {
        const line = this.lines.find(match);
        if (!line) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        ok(line);
      };
      this.waiters.add(check);
    });
  }

  async health(): Promise<Health> {
    const res = await fetch(`${this.baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
    const body = (await res.json()) as { data: unknown };
    return Health.parse(body.data);
  }

  /** /healthz, or undefined while the node does not answer (hung, busy). */
  async healthOrNothing(): Promise<Health | undefined> {
    try {
      return await this.health();
    } catch {
      return undefined;
    }
  }

  /** SIGSTOP: the process hangs with every socket and database session still open. */
  pause(): void {
    this.child.kill('SIGSTOP');
  }

  resume(): void {
    this.child.kill('SIGCONT');
  }

  /** kill -9, and wait until it is gone. */
  async kill(): Promise<void> {
    if (this.alive) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** A clean stop (SIGTERM), forced after 10 s; removes its own data folder. Safe to call twice. */
  async stop(): Promise<void> {
    if (this.alive) {
      // A stopped process does not act on SIGTERM until it runs again.
      this.child.kill('SIGCONT');
      this.child.kill('SIGTERM');
      const forced = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
      await this.exited;
      clearTimeout(forced);
    }
    if (this.ownsDataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }

  private take(line: LogLine): void {
    this.lines.push(line);
    this.note(line);
    for (const check of [...this.waiters]) check();
  }

  private note(line: LogLine): void {
    if (line.msg === 'leader election: leading' && typeof line.node === 'string') this.nodeId = line.node;
  }
}

export function startNode(o: NodeOptions): Promise<ServerNode> {
  return ServerNode.start(o);
}

export interface SeenBatch {
  node: string;
  term: number;
  ticks: Array<[string, string, string, number]>;
  /** performance.now() when the watcher received it. */
  at: number;
}

export interface SeenEvent {
  channel: string;
  payload: unknown;
  at: number;
}

/**
 * Listens on the deployment's Redis channels the way a node does: every tick batch the leaders
 * relay (node, term, ticks) and every other message, each stamped with when it arrived. Redis
 * delivers one publisher's messages in order, so a message a node sends after an action proves that
 * everything it sent before has been seen.
 */
export class BusWatch {
  readonly batches: SeenBatch[] = [];
  readonly events: SeenEvent[] = [];

  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  static async open(redisUrl: string, prefix: string): Promise<BusWatch> {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
    await redis.connect();
    const watch = new BusWatch(redis, prefix);
    redis.on('pmessage', (_pattern: string, channel: string, message: string) =>
      watch.take(channel, message),
    );
    await redis.psubscribe(`${prefix}*`);
    return watch;
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }

  private take(fullChannel: string, message: string): void {
    const at = performance.now();
    const channel = fullChannel.slice(this.prefix.length);
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch {
      return;
    }
    if (channel === 'markets.ticks') {
      const b = payload as Partial<SeenBatch>;
      if (typeof b.node === 'string' && typeof b.term === 'number' && Array.isArray(b.ticks)) {
        this.batches.push({ node: b.node, term: b.term, ticks: b.ticks, at });
        return;
      }
    }
    this.events.push({ channel, payload, at });
  }
}
