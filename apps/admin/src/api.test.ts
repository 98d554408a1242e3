import { routes } from '@meridian/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, fetchPicture, NO_ENVELOPE } from './api';
import { t } from './i18n';
import { getToken, lastSessionEnd, reloadSessionForTests, startSession, TOKEN_KEY } from './session';

const me = { id: 7, email: 'ops@meridian.test', role: 'finance' as const, idle_minutes: 30 };

type Seen = { url: string; init: RequestInit };

function fakeFetch(body: unknown, init: ResponseInit = {}) {
  const seen: Seen[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, req?: RequestInit) => {
    seen.push({ url: String(url), init: req ?? {} });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status: 200, headers: { 'content-type': 'application/json' }, ...init });
  });
  vi.stubGlobal('fetch', fetchMock);
  return seen;
}

const headersOf = (s: Seen) => s.init.headers as Record<string, string>;

beforeEach(() => {
  sessionStorage.clear();
  reloadSessionForTests();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call', () => {
  it('returns the data of a success and sends a GET payload as the query string', async () => {
    const page = { list: [], total: 0, page: 2 };
    const seen = fakeFetch({ code: 1, msg: 'ok', data: page });
    startSession('tok-1', me);

    await expect(call(routes.adminDeposits, { status: 0, page: 2 })).resolves.toEqual(page);

    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.url).toBe('/api/admin/deposits?status=0&page=2');
    expect(request?.init.method).toBe('GET');
    expect(request?.init.body).toBeUndefined();
    expect(headersOf(request as Seen)['x-staff-token']).toBe('tok-1');
    expect(headersOf(request as Seen)['accept-language']).toBe('en');
  });

  it('leaves absent fields out of the query', async () => {
    const seen = fakeFetch({ code: 1, msg: '', data: { list: [], total: 0, page: 1 } });
    await call(routes.adminWithdrawals, { status: undefined, page: 1 });
    expect(seen[0]?.url).toBe('/api/admin/withdrawals?page=1');
  });

  it('POSTs the payload as a JSON body', async () => {
    const seen = fakeFetch({ code: 1, msg: '', data: { stage: 'code' } });
    await call(routes.staffLogin, { email: 'a@b.test', password: 'pw' });
    const [request] = seen;
    expect(request?.url).toBe('/api/staff/login');
    expect(request?.init.method).toBe('POST');
    expect(headersOf(request as Seen)['content-type']).toBe('application/json');
    expect(JSON.parse(String(request?.init.body))).toEqual({ email: 'a@b.test', password: 'pw' });
    // No session yet: no staff header at all.
    expect(headersOf(request as Seen)['x-staff-token']).toBeUndefined();
  });

  it('throws the server’s code and translated message when code is not 1', async () => {
    fakeFetch(
      { code: 5013, msg: 'Dieser Datensatz wurde bereits entschieden.', data: null },
      { status: 409 },
    );
    startSession('tok-2', me);

    const error = await call(routes.adminDepositApprove, { id: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(5013);
    expect((error as ApiError).message).toBe('Dieser Datensatz wurde bereits entschieden.');
    expect((error as ApiError).status).toBe(409);
    // Any other failure keeps the session.
    expect(getToken()).toBe('tok-2');
  });

  it('forgets the token on 8001 (the session has ended)', async () => {
    fakeFetch({ code: 8001, msg: 'Your session has ended.', data: null }, { status: 401 });
    startSession('tok-3', me);
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-3');

    await expect(call(routes.staffDashboard)).rejects.toMatchObject({
      code: 8001,
      message: 'Your session has ended.',
    });

    expect(getToken()).toBeNull();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(lastSessionEnd()).toEqual({ kind: 'expired', message: 'Your session has ended.' });
  });

  it('reports an answer without an envelope, and a failed connection, without a server code', async () => {
    fakeFetch('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    await expect(call(routes.staffDashboard)).rejects.toMatchObject({ code: NO_ENVELOPE, status: 502 });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(call(routes.staffDashboard)).rejects.toMatchObject({
      code: NO_ENVELOPE,
      message: t.errors.network,
    });
  });
});

describe('fetchPicture', () => {
  it('sends the staff header and returns the bytes', async () => {
    const seen: Seen[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        seen.push({ url, init });
        return new Response(new Uint8Array([1, 2, 3]), {
          status: 200,
          headers: { 'content-type': 'image/png' },
        });
      }),
    );
    startSession('tok-4', me);
    const blob = await fetchPicture('/api/admin/uploads/abc');
    expect(blob.size).toBe(3);
    expect(headersOf(seen[0] as Seen)['x-staff-token']).toBe('tok-4');
  });

  it('throws the envelope a failure comes in', async () => {
    fakeFetch({ code: 1004, msg: 'Not found.', data: null }, { status: 404 });
    await expect(fetchPicture('/api/admin/uploads/missing')).rejects.toMatchObject({
      code: 1004,
      message: 'Not found.',
    });
  });
});
