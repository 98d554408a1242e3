import { routes } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../test/harness.js';
import { decodedBody, type RawAnswer, rawGet } from '../test/raw-http.js';
import { COMPRESS_THRESHOLD_BYTES } from './compression.js';

function envelopeOf(answer: RawAnswer): { code: number; data: unknown } {
  return JSON.parse(decodedBody(answer).toString('utf8')) as { code: number; data: unknown };
}

describe('API answers are compressed above a threshold', () => {
  let t: TestServer;
  const tradeList = () => `${t.baseUrl}${routes.tradeList.path}`;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends a large envelope in brotli, or gzip, with vary: accept-encoding', async () => {
    const br = await rawGet(tradeList(), { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toContain('application/json');
    const envelope = envelopeOf(br);
    expect(envelope.code).toBe(1);
    expect(Array.isArray(envelope.data)).toBe(true);

    const gz = await rawGet(tradeList(), { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    // Prices move between the two calls: the same list, not the same figures.
    const again = envelopeOf(gz);
    expect(again.code).toBe(1);
    expect((again.data as unknown[]).length).toBe((envelope.data as unknown[]).length);
  });

  it('sends the same envelope uncompressed to a client that accepts no encoding', async () => {
    const plain = await rawGet(tradeList(), {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(envelopeOf(plain).code).toBe(1);
  });

  it('leaves small envelopes (below the threshold) as they are', async () => {
    const small = await rawGet(`${t.baseUrl}/healthz`, { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(envelopeOf(small).code).toBe(1);
  });

  it('compresses error envelopes too, still in the envelope, and never the live socket', async () => {
    const missing = await rawGet(`${t.baseUrl}/api/missing`, { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(typeof envelopeOf(missing).code).toBe('number');

    // The socket is upgraded by the gateway, outside Fastify's routes: it offers no permessage-deflate.
    const ws = new WebSocket(t.wsUrl, { perMessageDeflate: true, headers: { 'accept-encoding': 'br' } });
    const extensions = await new Promise<string>((resolve, reject) => {
      ws.once('open', () => resolve(ws.extensions));
      ws.once('error', reject);
    });
    ws.close();
    expect(extensions).toBe('');
  });
});
