import {
  type Candle,
  type DayMarketEntry,
  klineTopic,
  type Period,
  TOPIC_DAY_MARKET,
} from '@meridian/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { socket } from '../../lib/services';
import { mergeCandle } from './candles';
import { mergeDayMarket } from './day-market';
import { type KlinePages, marketKeys, type TradeListData } from './queries';

/** Kept-alive screens stay mounted when left; they listen to the socket only while they are shown. */
export function useRouteActive(path: string): boolean {
  return useLocation().pathname === path;
}

export function applyDayMarket(queryClient: QueryClient, entries: readonly DayMarketEntry[]): void {
  queryClient.setQueryData<TradeListData>(marketKeys.tradeList(), (list) =>
    list ? mergeDayMarket(list, entries) : list,
  );
}

/** DAY_MARKET pushes write into the cached trade list, which every screen showing prices reads. */
export function useDayMarketLive(active: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    // The socket client has parsed every frame against the protocol: the type says what it is.
    return socket.on(TOPIC_DAY_MARKET, (message) => {
      if (message.type === 'DAY_MARKET') applyDayMarket(queryClient, message.data);
    });
  }, [active, queryClient]);
}

export function applyKlineCandle(
  queryClient: QueryClient,
  forexId: number,
  period: Period,
  candle: Candle,
): void {
  queryClient.setQueryData<KlinePages>(marketKeys.kline(forexId, period), (data) => {
    const newest = data?.pages[0];
    if (!data || !newest) return data;
    const merged = mergeCandle(newest, candle);
    if (merged === newest) return data;
    return { ...data, pages: [[...merged], ...data.pages.slice(1)] };
  });
}

/**
 * KLINE.{code} pushes carry the forming candle of every period; each goes into that period's cached
 * history if it is loaded, so switching periods shows a current chart without waiting.
 */
export function useKlineLive(instrument: { id: number; code: string } | null, active: boolean): void {
  const queryClient = useQueryClient();
  const id = instrument?.id;
  const code = instrument?.code;
  useEffect(() => {
    if (id === undefined || code === undefined || !active) return;
    // The socket client routes a KLINE frame to `KLINE.{code}` by the instrument it names.
    return socket.on(klineTopic(code), (message) => {
      if (message.type !== 'KLINE' || message.code !== code) return;
      for (const [period, candle] of Object.entries(message.data) as [Period, Candle | undefined][]) {
        if (candle) applyKlineCandle(queryClient, id, period, candle);
      }
    });
  }, [id, code, active, queryClient]);
}
