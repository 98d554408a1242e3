import { ORDER_STATUS_HOLDING, ORDER_STATUS_PENDING, type Order } from '@meridian/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshBalance } from '../../lib/auth-actions';
import {
  cancelOrder,
  closeOrder,
  type StopPayload,
  type SubmitPayload,
  setStopPrice,
  submitOrder,
} from './api';
import { mapCachedDeals, tradingKeys } from './queries';

/** Whatever a trade changed: lists, figures, ledger, and the balance the user page shows. */
function afterMoneyMoved(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: tradingKeys.all });
  refreshBalance().catch(() => undefined);
}

export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, key }: { payload: SubmitPayload; key?: string }) => submitOrder(payload, key),
    onSuccess: () => afterMoneyMoved(queryClient),
  });
}

export function useCloseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => closeOrder(id),
    onSuccess: (order: Order) => {
      // Out of the list at once, before the refetch: the sheet showing it closes with it.
      mapCachedDeals(queryClient, ORDER_STATUS_HOLDING, (o) => (o.Id === order.Id ? null : o));
      afterMoneyMoved(queryClient);
    },
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => cancelOrder(id),
    onSuccess: (order: Order) => {
      mapCachedDeals(queryClient, ORDER_STATUS_PENDING, (o) => (o.Id === order.Id ? null : o));
      afterMoneyMoved(queryClient);
    },
  });
}

export function useSetStopPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: StopPayload) => setStopPrice(payload),
    onSuccess: (order: Order) => {
      mapCachedDeals(queryClient, order.Status, (o) =>
        o.Id === order.Id
          ? { ...o, TargetProfitPrice: order.TargetProfitPrice, TargetLossPrice: order.TargetLossPrice }
          : o,
      );
    },
  });
}
