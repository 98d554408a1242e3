import type { IncomingMessage } from 'node:http';
import { ERRORS } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { eventually, startTestServer, type TestServer } from '../test/harness.js';
import { TestSocket } from '../test/ws-client.js';

/** Issue 11, item 6: one address may hold only so many live sockets; the refusal is an envelope. */

let t: TestServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestServer({ overrides: { gateway: { maxSocketsPerAddress: 2 } } });
});
afterAll(async () => {
  for (const s of sockets) if (s.isOpen) await s.close();
  await t?.close();
});

/** Opens a socket expecting the upgrade to be refused; resolves with the HTTP status and the body. */
function refused(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => reject(new Error('the upgrade was accepted')));
    ws.once('unexpected-response', (_req, res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    ws.once('error', () => undefined);
  });
}

describe('sockets per address', () => {
  it('refuses a socket past the limit with 429 and a translated envelope, and admits one again after a close', async () => {
    const gateway = t.server.gateway;
    sockets.push(await TestSocket.open(t.wsUrl), await TestSocket.open(t.wsUrl));
    expect(gateway.socketsFrom('127.0.0.1')).toBe(2);

    const res = await refused(`${t.wsUrl}?lang=fr`);
    expect(res.status).toBe(429);
    const body = JSON.parse(res.body) as { code: number; msg: string; data: unknown };
    expect(body.code).toBe(ERRORS.too_many_sockets.code);
    expect(body.msg).toBe(
      'Trop de connexions en direct depuis votre réseau. Fermez-en quelques-unes et réessayez.',
    );
    expect(body.data).toBeNull();
    // The refused attempt changed nothing.
    expect(gateway.clientCount).toBe(2);
    expect(gateway.socketsFrom('127.0.0.1')).toBe(2);

    await sockets[0]?.close();
    await eventually(() => gateway.socketsFrom('127.0.0.1') === 1, 'the closed socket released');
    sockets.push(await TestSocket.open(t.wsUrl));
    expect(gateway.clientCount).toBe(2);
  });
});
