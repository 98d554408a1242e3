// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';

describe('a page opened by its path', () => {
  it('opens the route the path names, with its query; the app root and hash URLs stay as they are', async () => {
    const { hashRouteFor } = await import('./path-route');
    expect(hashRouteFor('/login', '', '')).toBe('/#/login');
    expect(hashRouteFor('/trade', '?lang=jp', '')).toBe('/#/trade?lang=jp');
    expect(hashRouteFor('/', '', '')).toBeNull();
    expect(hashRouteFor('/index.html', '', '')).toBeNull();
    expect(hashRouteFor('/', '?lang=ar', '#/trade')).toBeNull();
    expect(hashRouteFor('/trade', '', '#/login')).toBeNull();
    // Never another origin: the result is a path of this one.
    expect(hashRouteFor('//elsewhere.example/x', '', '')).toBe('/#//elsewhere.example/x');
  });
});
