import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { call, eventually, startTestServer, type TestServer } from '../../test/harness.js';

let t: TestServer;
beforeAll(async () => {
  // Metrics on their own listener (a free loopback port), as METRICS_PORT would put them.
  t = await startTestServer({ env: { METRICS_PORT: '0' } });
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
      // The only node leads, in the first term, and its prices are its own (age 0): embedded, and
      // on PostgreSQL too, where it holds the lease of its fresh database alone.
      data: {
        status: 'ok',
        db: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
        leader: true,
        term: 1,
        priceAgeMs: 0,
      },
    });
  });

  it('exposes Prometheus metrics: defaults, request durations by route, socket gauge', async () => {
    await call(t.baseUrl, '/api/default/area_list');
    const ws = new WebSocket(t.wsUrl);
    await new Promise((resolve) => ws.once('open', resolve));
    await eventually(() => t.server.gateway.clientCount === 1, 'socket counted');

    const url = t.server.metricsUrl ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(url).port).not.toBe(new URL(t.baseUrl).port);
    const res = await fetch(url);
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

  it('does not serve metrics on the public port', async () => {
    const res = await call(t.baseUrl, '/metrics');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 1004, data: null });
  });
});
