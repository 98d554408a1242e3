import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
    expect(config.bodyLimitBytes).toBe(1024 * 1024);
    expect(config.webDist.endsWith('/apps/web/dist')).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/srv/web',
      BODY_LIMIT_BYTES: '2048',
      ADMIN_TOKEN: 'a'.repeat(32),
    });
    expect(config).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h:5432/db',
      redisUrl: 'redis://127.0.0.1:6379',
      logLevel: 'warn',
      webDist: '/srv/web',
      bodyLimitBytes: 2048,
      adminToken: 'a'.repeat(32),
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['BODY_LIMIT_BYTES', '-5'],
    ['ADMIN_TOKEN', 'short'],
  ])('names %s when it is %j', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(name);
    expect((error as ConfigError).problems).toHaveLength(1);
  });

  it('never prints secrets in the error', () => {
    expect(() => loadConfig({ ADMIN_TOKEN: 'sekret' })).toThrow(/ADMIN_TOKEN.*\(hidden\)/);
    expect(() => loadConfig({ ADMIN_TOKEN: 'sekret' })).not.toThrow(/sekret/);
  });

  it('reports several bad variables at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it('reads the HTTP deadlines and the connection cap, keeping the headers inside the request', () => {
    expect(loadConfig({})).toMatchObject({
      httpHeadersTimeoutMs: 10_000,
      httpRequestTimeoutMs: 30_000,
      httpIdleTimeoutMs: 60_000,
      httpKeepAliveTimeoutMs: 72_000,
      httpMaxConnectionsPerAddress: 200,
    });
    expect(
      loadConfig({
        HTTP_HEADERS_TIMEOUT_MS: '5000',
        HTTP_REQUEST_TIMEOUT_MS: '20000',
        HTTP_IDLE_TIMEOUT_MS: '30000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
        HTTP_MAX_CONNECTIONS_PER_ADDRESS: '50',
      }),
    ).toMatchObject({
      httpHeadersTimeoutMs: 5000,
      httpRequestTimeoutMs: 20_000,
      httpIdleTimeoutMs: 30_000,
      httpKeepAliveTimeoutMs: 65_000,
      httpMaxConnectionsPerAddress: 50,
    });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ HTTP_IDLE_TIMEOUT_MS: '5' })).toThrow(/HTTP_IDLE_TIMEOUT_MS/);
    expect(() => loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(
      /HTTP_MAX_CONNECTIONS_PER_ADDRESS/,
    );
  });

  it('reads TRUST_PROXY as off, on, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });
});
