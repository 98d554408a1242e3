import { type CopySummary, type RequestOf, routes, type StrategySummary } from '@meridian/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, newIdempotencyKey } from '../../lib/api';
import { refreshBalance } from '../../lib/auth-actions';
import { api } from '../../lib/services';
import { followKeys } from './queries';

type CopyInput = RequestOf<typeof routes.copy>;
type CopyFundsInput = RequestOf<typeof routes.copyFunds>;
type StrategyUpdateInput = RequestOf<typeof routes.strategyUpdate>;
type PublishInput = RequestOf<typeof routes.publish>;

/**
 * The Idempotency-Key of one intended money move. The server stores its first answer per key, a
 * refusal included, and replays it; so a new key goes with every new attempt, except a retry of the
 * same form after a transport failure, whose outcome is unknown: that one reuses the key, and a
 * booking that did land is answered again instead of booked twice.
 */
function useAttemptKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return {
    keyFor(payload: object): string {
      const fingerprint = JSON.stringify(payload);
      if (current.current?.fingerprint !== fingerprint) {
        current.current = { fingerprint, key: newIdempotencyKey() };
      }
      return current.current.key;
    },
    settled(error: unknown): void {
      if (!(error instanceof ApiError && error.kind === 'network')) current.current = null;
    },
  };
}

/** Money moves show the loading toast: a second tap meanwhile must not look possible. */
const MOVE = { loading: true } as const;

function useMoneyMove<I extends object>(
  send: (input: I, idempotencyKey: string) => Promise<CopySummary>,
  userId: number,
) {
  const queryClient = useQueryClient();
  const attempt = useAttemptKey();
  return useMutation({
    mutationFn: (input: I) => send(input, attempt.keyFor(input)),
    onSettled: (_data, error) => attempt.settled(error),
    onSuccess: (copy) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: followKeys.copies(userId) }),
        queryClient.invalidateQueries({ queryKey: followKeys.strategy(copy.strategy_id, userId) }),
        // Followers and copiers' funds on the list move with every copy.
        queryClient.invalidateQueries({ queryKey: followKeys.strategies() }),
        refreshBalance().catch(() => undefined),
      ]),
  });
}

/** Start copying: the amount leaves the free balance for a new copy account. */
export function useCopy(userId: number) {
  return useMoneyMove<CopyInput>(
    (input, idempotencyKey) => api.call(routes.copy, input, { ...MOVE, idempotencyKey }),
    userId,
  );
}

/** A positive amount adds to the copy, a negative one takes from its free balance. */
export function useCopyFunds(userId: number) {
  return useMoneyMove<CopyFundsInput>(
    (input, idempotencyKey) => api.call(routes.copyFunds, input, { ...MOVE, idempotencyKey }),
    userId,
  );
}

/** Stop copying: the copied positions close at market, the fee is settled, the rest comes back. */
export function useUncopy(userId: number) {
  return useMoneyMove<{ copy_id: number }>(
    (input, idempotencyKey) => api.call(routes.uncopy, input, { ...MOVE, idempotencyKey }),
    userId,
  );
}

function useStrategyChange<I>(call: (input: I) => Promise<StrategySummary>, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (strategy) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: followKeys.mine(userId) }),
        queryClient.invalidateQueries({ queryKey: followKeys.strategy(strategy.id, userId) }),
        queryClient.invalidateQueries({ queryKey: followKeys.strategies() }),
      ]),
  });
}

/** What publishing answers: the strategy, and whether a picture sent with it was refused. */
export interface Published {
  strategy: StrategySummary;
  pictureRefused: boolean;
}

/**
 * Publishes, then sends the picture chosen in the form, if any. The strategy stands whatever
 * becomes of the picture (the API client has shown why one was refused; another can be sent from
 * My strategy).
 */
export function usePublish(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      input,
      picture,
    }: {
      input: PublishInput;
      picture: File | null;
    }): Promise<Published> => {
      const strategy = await api.call(routes.publish, input);
      if (!picture) return { strategy, pictureRefused: false };
      try {
        return { strategy: await sendPicture(picture), pictureRefused: false };
      } catch {
        return { strategy, pictureRefused: true };
      }
    },
    onSuccess: ({ strategy }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: followKeys.mine(userId) }),
        queryClient.invalidateQueries({ queryKey: followKeys.strategy(strategy.id, userId) }),
        queryClient.invalidateQueries({ queryKey: followKeys.strategies() }),
      ]),
  });
}

function sendPicture(file: File): Promise<StrategySummary> {
  return api.call(
    routes.avatarUpload,
    {},
    { loading: true, file: { blob: file, name: file.name || 'image' } },
  );
}

/** Rename, describe, reprice, pause, resume or close; only the fields sent change. */
export function useStrategyUpdate(userId: number) {
  return useStrategyChange<StrategyUpdateInput>((input) => api.call(routes.strategyUpdate, input), userId);
}

/** The strategy's picture: sent as it is; the server crops it square and re-encodes it. */
export function useAvatarUpload(userId: number) {
  return useStrategyChange<File>(sendPicture, userId);
}
