import { TOPIC_COPY_TRADE } from '@meridian/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshBalance } from '../../lib/auth-actions';
import { socket } from '../../lib/services';
import type { ServerMessage } from '../../lib/socket';
import { useSession } from '../../lib/stores/session';
import { followKeys } from './queries';

/**
 * COPY_TRADE: something happened in one of the caller's copy accounts (a copied trade opened,
 * closed or was skipped, a fee was charged, the copy stopped). The figures are the server's to
 * compute, so the copies (and the detail open under them) are read again rather than patched.
 */
export function applyCopyTrade(queryClient: QueryClient, userId: number, message: ServerMessage): void {
  if (message.type !== 'COPY_TRADE') return;
  const { copy_id: copyId, event } = message.data;
  const detail = followKeys.copy(userId, copyId);
  // Invalidating restarts a read already in flight (TanStack cancels it and fetches again), so a
  // burst of events ends in one read made after the last booking, never in a stale answer.
  void queryClient.invalidateQueries({ queryKey: detail });
  void queryClient.invalidateQueries({ queryKey: followKeys.copies(userId), exact: true });
  // A stopped copy returns its funds to the free balance.
  if (event === 'stopped') refreshBalance().catch(() => undefined);
}

/**
 * The topic needs a verified socket login; the socket client sends login and subscriptions again on
 * every reconnect, so each successful login_result subscribes afresh (as features/trading/live.ts).
 */
function attach(queryClient: QueryClient, userId: number): () => void {
  let off: (() => void) | null = null;
  const subscribe = () => {
    off?.();
    off = socket.on(TOPIC_COPY_TRADE, (m) => applyCopyTrade(queryClient, userId, m));
  };
  const offLogin = socket.onMessage((m) => {
    if (m.type === 'login_result' && m.code === 1) subscribe();
  });
  if (socket.loggedIn) subscribe();
  return () => {
    offLogin();
    off?.();
    off = null;
  };
}

/** Live copy-account events while a screen showing copies is mounted and the trader is logged in. */
export function useCopyLive(enabled = true): void {
  const queryClient = useQueryClient();
  const isLogin = useSession((s) => s.isLogin);
  const userId = useSession((s) => Number(s.user?.id ?? 0));
  useEffect(() => {
    if (!enabled || !isLogin || userId <= 0) return;
    return attach(queryClient, userId);
  }, [enabled, isLogin, userId, queryClient]);
}
