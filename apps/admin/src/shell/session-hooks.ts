import { routes } from '@meridian/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, callRoute } from '../api';
import { showError } from '../lib/notify';
import { useCallQuery } from '../lib/queries';
import { endSession, getToken, updateMe } from '../session';

/** Sign out: ends the session on the server, and here whatever the server says. */
export function useSignOut() {
  return useMutation({
    mutationFn: () => call(routes.staffLogout),
    onError: (error) => showError(error),
    onSettled: () => endSession({ kind: 'signed_out' }),
  });
}

/** Keeps the member's role current (it may change while signed in). */
export function useRefreshMe(): void {
  const me = useCallQuery(routes.staffMe, {});
  useEffect(() => {
    if (me.data) updateMe(me.data);
  }, [me.data]);
}

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Signs out after `minutes` without the member touching the console. The pages that poll (dashboard,
 * risk, dealing) keep calling the server, so the server's own idle limit never sees the member
 * leave: the console watches the member instead.
 */
export function useIdleSignOut(minutes: number): void {
  useEffect(() => {
    const limit = minutes * 60_000;
    let last = Date.now();
    const mark = () => {
      last = Date.now();
    };
    const check = () => {
      if (Date.now() - last < limit) return;
      const token = getToken();
      endSession({ kind: 'idle', minutes });
      if (token) callRoute(routes.staffLogout, {}, { token }).catch(() => undefined);
    };
    for (const name of ACTIVITY) window.addEventListener(name, mark, { passive: true });
    document.addEventListener('visibilitychange', check);
    const timer = window.setInterval(check, 15_000);
    return () => {
      for (const name of ACTIVITY) window.removeEventListener(name, mark);
      document.removeEventListener('visibilitychange', check);
      window.clearInterval(timer);
    };
  }, [minutes]);
}
