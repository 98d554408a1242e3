import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RequestOf, realRoute, userRoute, visitorRoute } from '@meridian/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type ApiEnvironment, ApiError, createApiClient, type RequestOptions } from './api';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: Seen, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
let seen: Seen[];

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const entry: Seen = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      handler(entry, res);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((ok) => server.close(() => ok()));
});

interface Recorder {
  messages: { kind: 'success' | 'error'; text: string }[];
  loading: string[];
  expired: { redirect: boolean }[];
  token: string | null;
}

let rec: Recorder;

function client(overrides: Partial<ApiEnvironment> = {}) {
  return createApiClient({
    baseUrl,
    getToken: () => rec.token,
    getLang: () => 'jp',
    onSessionExpired: (o) => rec.expired.push(o),
    showMessage: (kind, text) => rec.messages.push({ kind, text }),
    showLoading: () => rec.loading.push('show'),
    hideLoading: () => rec.loading.push('hide'),
    networkErrorText: (code) => `network:${code}`,
    now: () => 1700000000000,
    ...overrides,
  });
}

beforeEach(() => {
  seen = [];
  rec = { messages: [], loading: [], expired: [], token: 'tok-123' };
  handler = (_req, res) => json(res, 200, { code: 1, msg: 'ok', data: { fine: true } });
});

describe('requests', () => {
  it('GET sends the payload as query parameters with t, and the lang and authorization headers', async () => {
    const res = await client().get<{ fine: boolean }>('/fake/news/list', {
      category_id: 1,
      page: 2,
      skip: undefined,
    });
    expect(res).toEqual({ code: 1, msg: 'ok', data: { fine: true } });
    const req = seen[0]!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/fake/news/list');
    expect(req.query.get('category_id')).toBe('1');
    expect(req.query.get('page')).toBe('2');
    expect(req.query.has('skip')).toBe(false);
    expect(req.query.get('t')).toBe('1700000000000');
    expect(req.headers.lang).toBe('jp');
    expect(req.headers.authorization).toBe('tok-123');
  });

  it('DELETE also carries t and query parameters', async () => {
    await client().del('/fake/thing', { id: 7 });
    expect(seen[0]!.method).toBe('DELETE');
    expect(seen[0]!.query.get('id')).toBe('7');
    expect(seen[0]!.query.get('t')).toBe('1700000000000');
  });

  it('POST is form-encoded by default and carries no t', async () => {
    await client().post('/fake/user/loginForU', { account: 'a@b.c', password: 'p&ss w', login_type: 1 });
    const req = seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(req.query.has('t')).toBe(false);
    const form = new URLSearchParams(req.body);
    expect(form.get('account')).toBe('a@b.c');
    expect(form.get('password')).toBe('p&ss w');
    expect(form.get('login_type')).toBe('1');
  });

  it('POST sends JSON when asked', async () => {
    await client().post('/fake/x', { a: 1, b: 'two' }, { json: true });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({ a: 1, b: 'two' });
  });

  it('uploads multipart with the file, shows the loading toast and closes it', async () => {
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    await client().upload('/fake/common/image_upload', file, 'front.png', { kind: 'id' });
    const req = seen[0]!;
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.body).toContain('name="file"; filename="front.png"');
    expect(req.body).toContain('name="kind"');
    expect(rec.loading).toEqual(['show', 'hide']);
  });

  it('sends an empty authorization header when logged out', async () => {
    rec.token = null;
    await client().get('/fake/default/area_list');
    expect(seen[0]!.headers.authorization).toBe('');
  });
});

describe('envelope handling', () => {
  it('shows the success msg only when asked', async () => {
    handler = (_r, res) => json(res, 200, { code: 1, msg: 'Saved', data: null });
    await client().post('/fake/a', {});
    expect(rec.messages).toEqual([]);
    await client().post('/fake/a', {}, { showSuccessMessage: true });
    expect(rec.messages).toEqual([{ kind: 'success', text: 'Saved' }]);
  });

  it('rejects other codes with a typed ApiError and shows msg, unless showErrorMessage is false', async () => {
    handler = (_r, res) => json(res, 409, { code: 3009, msg: 'Insufficient balance', data: { need: '5' } });
    const err = await client()
      .get('/fake/v1/forex/submit')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const apiErr = err as ApiError;
    expect(apiErr.kind).toBe('envelope');
    expect(apiErr.code).toBe(3009);
    expect(apiErr.status).toBe(409);
    expect(apiErr.message).toBe('Insufficient balance');
    expect(apiErr.data).toEqual({ need: '5' });
    expect(rec.messages).toEqual([{ kind: 'error', text: 'Insufficient balance' }]);

    rec.messages = [];
    await expect(
      client().get('/fake/v1/forex/submit', {}, { showErrorMessage: false }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(rec.messages).toEqual([]);
  });

  it('999 clears the session and redirects, except on the silent start-up check', async () => {
    handler = (_r, res) => json(res, 401, { code: 999, msg: 'Session expired', data: null });
    const err = (await client()
      .get('/fake/user/info')
      .catch((e: unknown) => e)) as ApiError;
    expect(err.isSessionExpired).toBe(true);
    expect(rec.expired).toEqual([{ redirect: true }]);

    const silent: RequestOptions = { showErrorMessage: false, redirectOnExpiry: false };
    await expect(client().get('/fake/user/info', undefined, silent)).rejects.toMatchObject({ code: 999 });
    expect(rec.expired).toEqual([{ redirect: true }, { redirect: false }]);
    expect(rec.messages).toEqual([{ kind: 'error', text: 'Session expired' }]);
  });

  it('closes the loading toast on failure as well as on success', async () => {
    handler = (_r, res) => json(res, 400, { code: 1001, msg: 'Bad', data: null });
    await expect(client().get('/fake/news/info', { id: 1 }, { loading: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(rec.loading).toEqual(['show', 'hide']);
  });
});

describe('transport failures', () => {
  it('a refused connection rejects with ERR_NETWORK and a translated toast', async () => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((ok) => probe.close(() => ok()));

    const err = (await client({ baseUrl: `http://127.0.0.1:${port}` })
      .get('/fake/x', undefined, { loading: true })
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.kind).toBe('network');
    expect(err.transportCode).toBe('ERR_NETWORK');
    expect(rec.messages).toEqual([{ kind: 'error', text: 'network:ERR_NETWORK' }]);
    expect(rec.loading).toEqual(['show', 'hide']);
  });

  it('a body that is not an envelope is a network error carrying the HTTP status', async () => {
    handler = (_r, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    };
    const err = (await client()
      .get('/fake/x')
      .catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('network');
    expect(err.transportCode).toBe('HTTP_502');
    expect(rec.messages).toEqual([{ kind: 'error', text: 'network:HTTP_502' }]);
  });

  it('the manifest request fails without a toast', async () => {
    handler = (_r, res) => {
      res.writeHead(404);
      res.end('nope');
    };
    await expect(client().get('/manifest.json')).rejects.toBeInstanceOf(ApiError);
    expect(rec.messages).toEqual([]);
  });

  it('an aborted request rejects as aborted and shows nothing', async () => {
    const held: ServerResponse[] = [];
    handler = (_r, res) => held.push(res);
    const controller = new AbortController();
    const pending = client().get('/fake/slow', undefined, { signal: controller.signal, loading: true });
    while (seen.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const err = (await pending.catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('aborted');
    expect(rec.messages).toEqual([]);
    expect(rec.loading).toEqual(['show', 'hide']);
    for (const res of held) res.destroy();
  });

  it('a request that outlives its time-out reports ETIMEDOUT', async () => {
    const held: ServerResponse[] = [];
    handler = (_r, res) => held.push(res);
    const err = (await client()
      .get('/fake/slow', undefined, { timeoutMs: 50 })
      .catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('network');
    expect(err.transportCode).toBe('ETIMEDOUT');
    expect(rec.messages).toEqual([{ kind: 'error', text: 'network:ETIMEDOUT' }]);
    for (const res of held) res.destroy();
  });
});

describe('call: by endpoint of the contract', () => {
  type Q = z.ZodObject<{ id: z.ZodNumber }>;
  type R = z.ZodObject<{ fine: z.ZodBoolean }>;
  const read = visitorRoute<Q, R>('GET', '/fake/read');
  const write = userRoute<Q, R>('POST', '/fake/write');
  const book = userRoute<Q, R>('GET', '/fake/book', { idempotent: true });
  const picture = visitorRoute<z.ZodObject<{ key: z.ZodString }>, R>('GET', '/fake/picture/:key');
  const upload = realRoute<z.ZodObject<Record<string, never>>, R>('POST', '/fake/upload', {
    encoding: 'multipart',
  });

  it('takes method, path and encoding from the route and resolves with data', async () => {
    const payload: RequestOf<typeof read> = { id: 5 };
    expect(await client().call(read, payload)).toEqual({ fine: true });
    expect(await client().call(write, { id: 6 })).toEqual({ fine: true });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /fake/read', 'POST /fake/write']);
    expect(seen[0]!.query.get('id')).toBe('5');
    expect(seen[1]!.body).toBe('id=6');
  });

  it('fills path parameters and leaves them out of the query', async () => {
    await client().call(picture, { key: 'a b' });
    expect(seen[0]!.path).toBe('/fake/picture/a%20b');
    expect(seen[0]!.query.has('key')).toBe(false);
  });

  it('sends a fresh Idempotency-Key on every call of a money-booking route, and none elsewhere', async () => {
    await client().call(book, { id: 1 });
    await client().call(book, { id: 1 });
    await client().call(read, { id: 1 });
    const keys = seen.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBeUndefined();
    // A caller retrying the same tap passes its key again.
    await client().call(book, { id: 1 }, { idempotencyKey: 'tap-key-123' });
    expect(seen[3]!.headers['idempotency-key']).toBe('tap-key-123');
  });

  it('sends a multipart route as multipart with its file', async () => {
    await client().call(upload, {}, { file: { blob: new Blob(['png']), name: 'a.png' } });
    expect(seen[0]!.method).toBe('POST');
    expect(String(seen[0]!.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]!.body).toContain('filename="a.png"');
  });
});
