import { routes } from '@meridian/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSessionForTests, startSession } from '../session';
import { createQueryClient, useCallMutation, useCallQuery } from './queries';

const me = { id: 7, email: 'ops@meridian.test', role: 'finance' as const, idle_minutes: 30 };
const envelope = (data: unknown) => new Response(JSON.stringify({ code: 1, msg: 'ok', data }));

beforeEach(() => {
  sessionStorage.clear();
  reloadSessionForTests();
  startSession('tok-1', me);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useCallMutation', () => {
  it('is done once its call answers, while the lists it made stale refetch in the background', async () => {
    // The list answers at once the first time; its refetch after the change waits until released.
    let lists = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((ok) => {
      release = ok;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).includes('approve')) return envelope({ id: 5 });
        lists++;
        if (lists > 1) await held;
        return envelope({ list: [], total: lists, page: 1 });
      }),
    );
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const approved = vi.fn();
    const { result } = renderHook(
      () => ({
        list: useCallQuery(routes.adminWithdrawals, { status: 0, page: 1 }),
        approve: useCallMutation(routes.adminWithdrawalApprove, {
          invalidates: [routes.adminWithdrawals],
          onSuccess: approved,
        }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.data?.total).toBe(1));

    act(() => result.current.approve.submit({ id: 5 }));
    await waitFor(() => expect(approved).toHaveBeenCalledOnce());
    // Done, so a dialog opened now is not loading and its submission is not dropped...
    await waitFor(() => expect(result.current.approve.isPending).toBe(false));
    expect(result.current.list.isFetching).toBe(true);
    expect(lists).toBe(2);
    // ...and a second change can be sent while the list is still on its way.
    act(() => result.current.approve.submit({ id: 5 }));
    await waitFor(() => expect(approved).toHaveBeenCalledTimes(2));

    release();
    await waitFor(() => expect(result.current.list.data?.total).toBeGreaterThanOrEqual(2));
  });
});
