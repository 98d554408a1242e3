// @vitest-environment happy-dom
import { afterAll, describe, expect, it, vi } from 'vitest';
import { expireSession, setLoginRedirect, socket } from './services';
import { useSession } from './stores/session';

afterAll(() => socket.close());

describe('an expired session and the way to /login', () => {
  it('is sent to /login once the router exists when it expired before (the first requests go out first)', () => {
    useSession.getState().setToken('expired');
    // main.tsx makes the router a task after the first requests: a 999 may come back before it.
    expireSession(true);
    expect(useSession.getState().token).toBeFalsy();
    const toLogin = vi.fn();
    setLoginRedirect(toLogin);
    expect(toLogin).toHaveBeenCalledTimes(1);
    // Owed once, not again for the next router, nor for the quiet start-up check.
    setLoginRedirect(toLogin);
    expireSession(false);
    expect(toLogin).toHaveBeenCalledTimes(1);
    expireSession(true);
    expect(toLogin).toHaveBeenCalledTimes(2);
  });
});
