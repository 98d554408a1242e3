import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { call, eventually, startTestServer, type TestServer } from '../../test/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('operations endpoints', () => {
  it('reports health with the database reachable', async () => {
    const res = await call(t.baseUrl, '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 1,
      msg: 'Success',
      data: { status: 'ok', db: process.env.DATABASE_URL ? 'postgres' : 'sqlite' },
    });
  });

  it('exposes Prometheus metrics: defaults, request durations by route, socket gauge', async () => {
    await call(t.baseUrl, '/api/default/area_list');
    const ws = new WebSocket(t.wsUrl);
    await new Promise((resolve) => ws.once('open', resolve));
    await eventually(() => t.server.gateway.clientCount === 1, 'socket counted');

    const res = await fetch(`${t.baseUrl}/metrics`);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toMatch(
      /meridian_http_request_duration_seconds_count\{method="GET",route="\/api\/default\/area_list",status_code="200"\} 1/,
    );
    expect(text).toMatch(/meridian_ws_connections 1\b/);
    ws.close();
    await eventually(() => t.server.gateway.clientCount === 0, 'socket gone');
  });
});
