import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { TestSocket } from '../test/ws-client.js';

/**
 * Issue 42, section 4, item 2: idle and slow connections, and how many one address may hold.
 * Deadlines are short here so the tests wait on the server closing, never on a clock of their own.
 */

let timed: TestServer;
let capped: TestServer;
/** A live socket opened before every slow client below, and silent while they are cut. */
let live: TestSocket;

beforeAll(async () => {
  [timed, capped] = await Promise.all([
    startTestServer({
      env: {
        HTTP_HEADERS_TIMEOUT_MS: '300',
        HTTP_REQUEST_TIMEOUT_MS: '600',
        HTTP_IDLE_TIMEOUT_MS: '400',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '400',
      },
    }),
    startTestServer({ env: { HTTP_MAX_CONNECTIONS_PER_ADDRESS: '3' } }),
  ]);
  live = await TestSocket.open(timed.wsUrl);
});
afterAll(async () => {
  await live?.close();
  await Promise.all([timed?.close(), capped?.close()]);
});

async function open(server: TestServer): Promise<Socket> {
  const { hostname, port } = new URL(server.baseUrl);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => {});
  await once(socket, 'connect');
  return socket;
}

/** Everything the server wrote before it closed the connection. */
async function untilClosed(socket: Socket): Promise<string> {
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  if (!socket.destroyed) await once(socket, 'close');
  return Buffer.concat(chunks).toString('latin1');
}

/** Writes `bytes` one at a time, 50 ms apart (a slow client), until the connection closes. */
function drip(socket: Socket, bytes: string): void {
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || at >= bytes.length) return clearInterval(timer);
    socket.write(bytes[at++] ?? '');
  }, 50);
  socket.once('close', () => clearInterval(timer));
}

/**
 * One keep-alive GET /healthz on `socket`: the status, or 'closed' when the server closed the
 * connection instead of answering.
 */
function healthz(socket: Socket): Promise<number | 'closed'> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (c: Buffer) => {
      text += c.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      if (end >= 0 && length !== undefined && text.length >= end + 4 + Number(length)) {
        socket.off('data', onData);
        socket.off('close', onClose);
        resolve(Number(text.split(' ')[1]));
      }
    };
    const onClose = () => {
      socket.off('data', onData);
      resolve('closed');
    };
    socket.on('data', onData);
    socket.once('close', onClose);
    if (socket.destroyed) return onClose();
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
  });
}

describe('idle and slow connections', () => {
  it('closes a connection that never sends a byte', async () => {
    const socket = await open(timed);
    await untilClosed(socket);
    expect(socket.destroyed).toBe(true);
  });

  it('cuts a client that drips its headers (slowloris) with 408, though bytes keep coming', async () => {
    const socket = await open(timed);
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    drip(socket, Array.from({ length: 200 }, (_, i) => `X-${i}: y\r\n`).join(''));
    const answer = await untilClosed(socket);
    expect(answer.startsWith('HTTP/1.1 408 ')).toBe(true);
  });

  it('ends a POST whose body comes too slowly with 408 (the request deadline)', async () => {
    const socket = await open(timed);
    socket.write(
      'POST /api/user/loginForU HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 200\r\n\r\n',
    );
    drip(socket, `account=a%40b.example&password=${'x'.repeat(200)}`);
    const answer = await untilClosed(socket);
    expect(answer.startsWith('HTTP/1.1 408 ')).toBe(true);
  });

  it('answers a connection that keeps to the deadlines, and keeps it alive between requests', async () => {
    const socket = await open(timed);
    expect(await healthz(socket)).toBe(200);
    expect(await healthz(socket)).toBe(200);
    socket.destroy();
  });

  it('leaves the live socket alone: silent through every deadline above, it still answers', async () => {
    // Opened before the slow clients, so it has been silent longer than the idle, keep-alive,
    // headers and request deadlines that cut them: had one applied to it, it would be closed.
    live.send('ping');
    const reply = await Promise.race([live.next(), live.closed.then(() => 'closed')]);
    expect(reply).toBe('pong');
  });
});

describe('connections per address', () => {
  it('closes the connections past the cap at once and keeps the first ones usable', async () => {
    const first = await Promise.all([open(capped), open(capped), open(capped)]);
    // Answered, so the server has counted each of them before the next one arrives.
    for (const socket of first) expect(await healthz(socket)).toBe(200);

    const extra = await open(capped);
    expect(await healthz(extra)).toBe('closed');
    const another = await open(capped);
    expect(await healthz(another)).toBe('closed');

    for (const socket of first) expect(await healthz(socket)).toBe(200);

    // A closed one frees its place: a new connection gets in once the server has seen it go.
    const [gone, ...kept] = first;
    gone?.end();
    if (gone) await once(gone, 'close');
    let admitted: Socket | undefined;
    for (let attempt = 0; attempt < 100 && !admitted; attempt++) {
      const next = await open(capped);
      if ((await healthz(next)) === 200) admitted = next;
    }
    expect(admitted).toBeDefined();
    for (const socket of kept) expect(await healthz(socket)).toBe(200);
    for (const socket of [...kept, admitted]) socket?.destroy();
  });
});
