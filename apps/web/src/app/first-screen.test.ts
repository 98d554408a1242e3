// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { initialPath, tradeListNeedsRefresh } from './first-screen';

describe('the first screen', () => {
  it('is read from the hash router part of the address', () => {
    expect(initialPath('')).toBe('/');
    expect(initialPath('#/')).toBe('/');
    expect(initialPath('#/trade')).toBe('/trade');
    expect(initialPath('#/login?from=/order')).toBe('/login');
  });

  it('does not refetch the trade list it has just fetched for the screen the page opened on', () => {
    const start = 1_000;
    const fetched = { dataUpdatedAt: 1_500, fetchStatus: 'idle', isInvalidated: false } as const;
    expect(tradeListNeedsRefresh(fetched, true, start)).toBe(false);
    expect(
      tradeListNeedsRefresh({ ...fetched, dataUpdatedAt: 0, fetchStatus: 'fetching' }, true, start),
    ).toBe(false);
    // The session copy from before this page load, a list marked stale, or any later visit: refetch.
    expect(tradeListNeedsRefresh({ ...fetched, dataUpdatedAt: 900 }, true, start)).toBe(true);
    expect(tradeListNeedsRefresh({ ...fetched, isInvalidated: true }, true, start)).toBe(true);
    expect(tradeListNeedsRefresh(undefined, true, start)).toBe(true);
    expect(tradeListNeedsRefresh(fetched, false, start)).toBe(true);
  });
});
