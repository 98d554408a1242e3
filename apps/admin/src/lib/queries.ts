import type { RequestOf, ResponseOf, Route } from '@meridian/contract';
import {
  keepPreviousData,
  QueryCache,
  QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, callRoute, NO_ENVELOPE } from '../api';
import { showError } from './notify';

/** A call's cache key: its path, then its payload (invalidating by path reaches every payload). */
export function callKey(route: Route, payload?: unknown): QueryKey {
  return payload === undefined ? [route.path] : [route.path, payload];
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Every failed read shows the server's message (once at a time, see showError).
    queryCache: new QueryCache({ onError: (error) => showError(error) }),
    defaultOptions: {
      queries: {
        // A decision from the server (forbidden, not found, ...) will not change on a retry; a lost
        // connection may, once.
        retry: (count, error) => error instanceof ApiError && error.code === NO_ENVELOPE && count < 1,
        refetchOnWindowFocus: true,
        staleTime: 5_000,
      },
      mutations: { retry: false },
    },
  });
}

export interface CallQueryOptions {
  enabled?: boolean;
  /** Poll every so many ms while the page is visible. */
  refetchInterval?: number;
  /** Keep the last page on screen while the next one loads (tables). */
  keepPrevious?: boolean;
}

/** Reads one call through the cache; the payload is part of the key. */
export function useCallQuery<R extends Route>(
  route: R,
  payload: RequestOf<R>,
  options: CallQueryOptions = {},
) {
  return useQuery({
    queryKey: callKey(route, payload),
    queryFn: ({ signal }) => callRoute(route, payload, { signal }) as Promise<ResponseOf<R>>,
    enabled: options.enabled,
    refetchInterval: options.refetchInterval,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}

export interface CallMutationOptions<R extends Route> {
  /** Calls whose cached answers the change makes stale. */
  invalidates?: readonly Route[];
  onSuccess?: (data: ResponseOf<R>, payload: RequestOf<R>) => void;
}

/**
 * A change. Its failure shows the server's message; `isPending` drives the button's loading state,
 * and `submit` refuses a second submission while the first runs.
 */
export function useCallMutation<R extends Route>(route: R, options: CallMutationOptions<R> = {}) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (payload: RequestOf<R>) => callRoute(route, payload) as Promise<ResponseOf<R>>,
    onError: (error) => showError(error),
    // The stale answers refetch in the background, not awaited: awaited, the mutation stayed
    // pending until they came back, and a dialog opened on the refreshed list meanwhile (its row's
    // next action) had its confirming button loading, and its submission silently dropped.
    onSuccess: (data, payload) => {
      options.onSuccess?.(data, payload);
      for (const r of options.invalidates ?? []) void client.invalidateQueries({ queryKey: callKey(r) });
    },
  });
  // A ref, not `isPending`: two clicks inside one render would both still see `false`.
  const running = useRef(false);
  const submit = (payload: RequestOf<R>) => {
    if (running.current) return;
    running.current = true;
    mutation.mutate(payload, {
      onSettled: () => {
        running.current = false;
      },
    });
  };
  return { ...mutation, submit };
}
