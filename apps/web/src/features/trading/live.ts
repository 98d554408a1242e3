import {
  type CloseReason,
  ORDER_STATUS_HOLDING,
  ORDER_STATUS_PENDING,
  type OrderStatus,
  TOPIC_FOREX_CLOSED,
  TOPIC_FOREX_TRADE,
  type TradeOrderTick,
} from '@meridian/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useEffect } from 'react';
import { i18n } from '../../i18n';
import { refreshBalance } from '../../lib/auth-actions';
import { socket } from '../../lib/services';
import type { ServerMessage } from '../../lib/socket';
import { useSession } from '../../lib/stores/session';
import { showMessage } from '../../lib/toast';
import { type DealPages, flattenDeals, mapCachedDeals, tradingKeys, writeFigures } from './queries';

/** The lists an order can leave without the user doing it here. */
const OPEN_STATUSES: readonly OrderStatus[] = [ORDER_STATUS_HOLDING, ORDER_STATUS_PENDING];

/** FOREX_TRADE: each holding order's live price and floating P&L, written into the cached list. */
export function applyTradeTicks(queryClient: QueryClient, ticks: readonly TradeOrderTick[]): void {
  const byId = new Map(ticks.map((t) => [t.Id, t]));
  mapCachedDeals(queryClient, ORDER_STATUS_HOLDING, (order) => {
    const tick = byId.get(order.Id);
    if (!tick || (tick.Price === order.Price && tick.FactProfits === order.FactProfits)) return order;
    return { ...order, Price: tick.Price, FactProfits: tick.FactProfits };
  });
  // The push lists every holding order: a different count means one opened (a pending order
  // filled) or closed elsewhere, so the lists are read again rather than guessed.
  const holding = queryClient.getQueryData<DealPages>(tradingKeys.dealList(ORDER_STATUS_HOLDING));
  const total = holding?.pages[0]?.total;
  if (total !== undefined && total !== ticks.length) {
    const known = new Set(flattenDeals(holding).map((o) => o.Id));
    const news = ticks.some((t) => !known.has(t.Id));
    if (news || ticks.length < total) refetchLists(queryClient);
  }
}

function refetchLists(queryClient: QueryClient): void {
  for (const status of OPEN_STATUSES) {
    const key = tradingKeys.dealList(status);
    // A push arrives a few times a second: one refetch at a time is plenty.
    if (queryClient.isFetching({ queryKey: key }) === 0) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  }
}

const REASON_TEXT: Record<CloseReason, ParseKeys> = {
  manual: 'trading.reason_manual',
  tp: 'orders.reason_tp',
  sl: 'orders.reason_sl',
  stop_out: 'orders.reason_stop_out',
  cancelled: 'trading.reason_cancelled',
  reset: 'trading.reason_reset',
  copy: 'follow.reason_copy',
};

export function reasonText(reason: CloseReason): string {
  return i18n.t(REASON_TEXT[reason]);
}

/**
 * FOREX_CLOSED: the server took an order off the book. It leaves the holding (or pending) list at
 * once, which also closes a detail sheet showing it; history, figures, ledger and balance follow.
 */
export function applyClosed(queryClient: QueryClient, id: number, reason: CloseReason): void {
  for (const status of OPEN_STATUSES) {
    mapCachedDeals(queryClient, status, (order) => (order.Id === id ? null : order));
  }
  void queryClient.invalidateQueries({ queryKey: tradingKeys.deals() });
  void queryClient.invalidateQueries({ queryKey: tradingKeys.figures() });
  void queryClient.invalidateQueries({ queryKey: tradingKeys.ledger() });
  refreshBalance().catch(() => undefined);
  showMessage(
    'info',
    reason === 'cancelled'
      ? i18n.t('trading.pending_cancelled_by_server')
      : i18n.t('orders.closed_by_server', { reason: reasonText(reason) }),
  );
}

function onTrade(queryClient: QueryClient, message: ServerMessage): void {
  if (message.type !== 'FOREX_TRADE') return;
  const { orders, ...figures } = message.data;
  writeFigures(queryClient, figures);
  applyTradeTicks(queryClient, orders);
  const session = useSession.getState();
  if (session.balance !== figures.balance) session.setBalance(figures.balance);
}

function onClosed(queryClient: QueryClient, message: ServerMessage): void {
  if (message.type === 'FOREX_CLOSED') applyClosed(queryClient, message.data.Id, message.data.reason);
}

/**
 * Subscribes the per-user topics. The server refuses them until the socket's login is verified,
 * and the socket client re-sends login and subscriptions together on every reconnect, so each
 * successful login_result re-subscribes (unsub + sub) to be sure the server holds them.
 */
function attach(queryClient: QueryClient): () => void {
  let offTopics: (() => void)[] = [];
  const subscribe = () => {
    for (const off of offTopics) off();
    offTopics = [
      socket.on(TOPIC_FOREX_TRADE, (m) => onTrade(queryClient, m)),
      socket.on(TOPIC_FOREX_CLOSED, (m) => onClosed(queryClient, m)),
    ];
  };
  const offLogin = socket.onMessage((m) => {
    if (m.type === 'login_result' && m.code === 1) subscribe();
  });
  if (socket.loggedIn) subscribe();
  return () => {
    offLogin();
    for (const off of offTopics) off();
    offTopics = [];
  };
}

// Several screens use the hook at once (the order form, the orders screen); the pushes must be
// applied, and the closing toast shown, once.
let users = 0;
let detach: (() => void) | null = null;

/** Live trading data while logged in: totals, holding prices and P&L, and server-side closes. */
export function useTradingLive(): void {
  const queryClient = useQueryClient();
  const isLogin = useSession((s) => s.isLogin);
  useEffect(() => {
    if (!isLogin) return;
    users += 1;
    if (users === 1) detach = attach(queryClient);
    return () => {
      users -= 1;
      if (users === 0) {
        detach?.();
        detach = null;
      }
    };
  }, [isLogin, queryClient]);
}
