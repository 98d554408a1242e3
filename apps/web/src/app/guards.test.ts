import { describe, expect, it } from 'vitest';
import { decide, loginRedirect, needsLogin, needsRealAccount, safeFrom } from '../lib/guards';
import { ROUTES } from './route-table';

const visitor = { isLogin: false, isDemo: false };
const demo = { isLogin: true, isDemo: true };
const real = { isLogin: true, isDemo: false };

describe('route guards', () => {
  it('needs login on /order, /user, /mine and every /mine/* page, nowhere else', () => {
    const guarded = ROUTES.map((r) => r.path).filter(needsLogin);
    expect(guarded).toEqual(ROUTES.map((r) => r.path).filter((p) => /^\/(order|user|mine)(\/|$)/.test(p)));
    expect(needsLogin('/')).toBe(false);
    expect(needsLogin('/trade')).toBe(false);
    expect(needsLogin('/mineral')).toBe(false);
  });

  it('sends a visitor to /login with the wanted path and query in from', () => {
    expect(decide('/mine/withdraw-way', '?type=2', visitor)).toEqual({
      kind: 'login',
      to: `/login?from=${encodeURIComponent('/mine/withdraw-way?type=2')}`,
    });
    expect(loginRedirect('/order', '')).toBe('/login?from=%2Forder');
  });

  it('blocks exactly the real-account pages (the nine of the spec, the funding records and security) for a demo account', () => {
    const blocked = ROUTES.map((r) => r.path).filter(needsRealAccount);
    expect(blocked.sort()).toEqual(
      [
        '/mine/auth',
        '/mine/bank-card-list',
        '/mine/charge',
        '/mine/charge-record',
        '/mine/coin-address-list',
        '/mine/invite',
        '/mine/password',
        '/mine/security',
        '/mine/wallet',
        '/mine/withdraw',
        '/mine/withdraw-record',
        '/mine/withdraw-way',
      ].sort(),
    );
    expect(decide('/mine/charge', '', demo)).toEqual({ kind: 'real-only' });
    expect(decide('/mine/charge', '', real)).toEqual({ kind: 'allow' });
    expect(decide('/mine/history', '', demo)).toEqual({ kind: 'allow' });
  });

  it('only follows in-app from paths after login', () => {
    expect(safeFrom('/order?tab=1')).toBe('/order?tab=1');
    expect(safeFrom('//evil.example')).toBe('/');
    expect(safeFrom('https://evil.example')).toBe('/');
    expect(safeFrom('/login?from=/x')).toBe('/');
    expect(safeFrom(null)).toBe('/');
  });

  it('registers every route of spec section 2', () => {
    const spec = [
      '/',
      '/trade',
      '/order',
      '/user',
      '/mine',
      '/news',
      '/news/detail',
      '/rank',
      '/feedback',
      '/login',
      '/register',
      '/forgot',
      '/product',
      '/mine/auth',
      '/mine/invite',
      '/mine/email',
      '/mine/announcement',
      '/mine/password',
      '/mine/history',
      '/mine/charge',
      '/mine/withdraw',
      '/mine/withdraw-way',
      '/mine/wallet',
      '/mine/bank-card-list',
      '/mine/coin-address-list',
      '/mine/chat',
      '/mine/system',
      '/language',
    ];
    // Beyond the spec's list: the deposit and withdrawal record lists of /mine/charge and /mine/withdraw,
    // and two-factor authentication's page.
    // And copy trading (the documentary tab): the strategies, one strategy, the caller's copies and strategy.
    const extra = [
      '/mine/charge-record',
      '/mine/withdraw-record',
      '/mine/security',
      '/follow',
      '/follow/strategy',
      '/follow/copies',
      '/follow/copy',
      '/follow/mine',
    ];
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...spec, ...extra].sort());
    const chrome = ROUTES.filter((r) => r.chrome).map((r) => r.path);
    expect(chrome.sort()).toEqual(['/', '/follow', '/news', '/order', '/rank', '/trade', '/user']);
    const kept = ROUTES.filter((r) => r.keepAlive).map((r) => r.path);
    expect(kept.sort()).toEqual(['/', '/follow', '/mine', '/news', '/order', '/rank', '/trade', '/user']);
  });
});
