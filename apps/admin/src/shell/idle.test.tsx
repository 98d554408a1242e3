import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, lastSessionEnd, reloadSessionForTests, startSession } from '../session';
import { useIdleSignOut } from './session-hooks';

function Idle({ minutes }: { minutes: number }) {
  useIdleSignOut(minutes);
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  reloadSessionForTests();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useIdleSignOut', () => {
  it('signs out after the idle minutes without activity, and tells the server with the old token', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ code: 1, msg: '', data: { ok: true } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    startSession('tok-idle', { id: 1, email: 'a@meridian.test', role: 'support', idle_minutes: 1 });
    render(<Idle minutes={1} />);

    // Activity keeps it alive.
    await vi.advanceTimersByTimeAsync(45_000);
    fireEvent.keyDown(window, { key: 'a' });
    await vi.advanceTimersByTimeAsync(45_000);
    expect(getToken()).toBe('tok-idle');

    await vi.advanceTimersByTimeAsync(30_000);
    expect(getToken()).toBeNull();
    expect(lastSessionEnd()).toEqual({ kind: 'idle', minutes: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/staff/logout');
    expect((init.headers as Record<string, string>)['x-staff-token']).toBe('tok-idle');
  });
});
