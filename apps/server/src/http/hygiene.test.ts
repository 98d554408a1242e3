import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { ERRORS } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../test/harness.js';
import { redactUrl } from './log-redaction.js';
import { SECURITY_HEADERS } from './security.js';

/** Issue 11, item 7: caching of account data, framework-level errors, secrets in the access log. */

const logLines: string[] = [];
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({
    env: { LOG_LEVEL: 'info' },
    overrides: { logStream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterAll(async () => {
  await t?.close();
});

/** Sends raw bytes (what fetch refuses to send) and reads the whole answer until the server closes. */
function raw(text: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = all.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

async function demoToken(): Promise<string> {
  const res = await call(t.baseUrl, `/api/user/createAccountDemoForU?demo_id=${randomUUID()}`);
  return (res.body.data as { token: string }).token;
}

describe('Cache-Control on API answers', () => {
  it('marks account data no-store, answers and failures alike', async () => {
    const token = await demoToken();
    for (const path of ['/v1/api/main/account/forexDetail', '/v1/api/main/accountLog/forexChange?page=1']) {
      const res = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: token } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const refused = await fetch(`${t.baseUrl}/v1/api/main/account/forexDetail`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});

describe('framework-level errors are inside the envelope', () => {
  it('answers a path that is not valid percent-encoding with bad_request', async () => {
    const res = await fetch(`${t.baseUrl}/api/%zz`, { headers: { lang: 'en', 'x-request-id': 'bad-url-1' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: ERRORS.bad_request.code,
      msg: 'The request could not be read. Please check it and try again.',
      data: null,
    });
    expect(res.headers.get('x-request-id')).toBe('bad-url-1');
    expect(res.headers.get('cache-control')).toBe('no-store');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name)).toBe(value);
  });

  it('answers a header block past the limit with 431 and headers_too_large', async () => {
    const res = await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.body)).toEqual({
      code: ERRORS.headers_too_large.code,
      msg: 'The request headers are too large.',
      data: null,
    });
  });

  it('answers a request the HTTP parser cannot read with 400 and bad_request', async () => {
    for (const text of ['HELLO\r\n\r\n', 'G@T / HTTP/1.1\r\nHost: x\r\n\r\n', 'GET / HTTP/9.9\r\n\r\n']) {
      const res = await raw(text);
      expect(res.status, text).toBe(400);
      expect(JSON.parse(res.body), text).toMatchObject({ code: ERRORS.bad_request.code, data: null });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('the access log', () => {
  it('never contains the demo_id (it logs a demo account in)', async () => {
    const demoId = randomUUID();
    const res = await call(t.baseUrl, `/api/user/createAccountDemoForU?demo_id=${demoId}&t=1`);
    expect(res.body.code).toBe(1);
    const lines = logLines.filter((l) => l.includes('createAccountDemoForU'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain('demo_id=[redacted]&t=1');
    expect(logLines.join('\n')).not.toContain(demoId);
  });

  it('redacts every credential-like query parameter, however it is written', () => {
    expect(redactUrl('/api/user/createAccountDemoForU?demo_id=abc&t=1')).toBe(
      '/api/user/createAccountDemoForU?demo_id=[redacted]&t=1',
    );
    expect(redactUrl('/x?t=1&DEMO_ID=abc')).toBe('/x?t=1&DEMO_ID=[redacted]');
    expect(redactUrl('/x?demo%5Fid=abc')).toBe('/x?demo%5Fid=[redacted]');
    expect(redactUrl('/api/common/image/k?exp=1&sig=s3cret')).toBe(
      '/api/common/image/k?exp=1&sig=[redacted]',
    );
    expect(redactUrl('/x?token=a&password=b&page=2')).toBe('/x?token=[redacted]&password=[redacted]&page=2');
    expect(redactUrl('/x?proofImg=/api/common/image/k%3Fexp%3D1%26sig%3Dabc&t=1')).toBe(
      '/x?proofImg=/api/common/image/k%3Fexp%3D1%26sig%3D[redacted]&t=1',
    );
    expect(redactUrl('/x?p=%252Fk%253Fexp%253D1%2526SIG%253Dabc%2526t%253D1')).toBe(
      '/x?p=%252Fk%253Fexp%253D1%2526SIG%253D[redacted]%2526t%253D1',
    );
    expect(redactUrl('/x?mysig=1&design=2')).toBe('/x?mysig=1&design=2');
    expect(redactUrl('/x?%zz=1&page=2')).toBe('/x?%zz=1&page=2');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });
});
