// @vitest-environment happy-dom
import type { ServerMessage } from '@meridian/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import en from '../i18n/locales/en.json';
import { ConnectionBanner, formatAge } from './ConnectionBanner';
import { startConnectionSync } from './connection-sync';
import type { MessageListener } from './socket';
import { downReason, INITIAL_CONNECTION, pricesAgeMs, useConnection } from './stores/connection';

/** The socket's side of the sync: topic and message listeners the test calls like frames. */
class FakeSocket {
  readonly topics = new Map<string, MessageListener>();
  readonly all = new Set<MessageListener>();
  on(topic: string, listener: MessageListener) {
    this.topics.set(topic, listener);
    return () => this.topics.delete(topic);
  }
  onMessage(listener: MessageListener) {
    this.all.add(listener);
    return () => this.all.delete(listener);
  }
  frame(message: ServerMessage) {
    for (const l of this.all) l(message);
    const topic = message.type;
    this.topics.get(topic)?.(message);
  }
}

const feed = (Stale: boolean, AgeMs: number | null): ServerMessage => ({
  type: 'FEED_STATUS',
  code: 1,
  data: { Stale, AgeMs },
});
const quotes: ServerMessage = { type: 'DAY_MARKET', code: 1, data: [] };
const state = () => useConnection.getState();

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => useConnection.setState(INITIAL_CONNECTION));
afterEach(() => cleanup());

describe('why prices are not live', () => {
  it('reports nothing on a normal start, then each outage by its cause', () => {
    expect(downReason(state())).toBeNull();
    state().socketChanged('connecting');
    expect(downReason(state())).toBeNull();
    state().socketChanged('open');
    expect(downReason(state())).toBeNull();
    state().socketChanged('waiting');
    expect(downReason(state())).toBe('reconnecting');
    state().socketChanged('connecting');
    expect(downReason(state())).toBe('reconnecting');
    state().socketChanged('open');
    state().feedChanged(true, 5000, 1000);
    expect(downReason(state())).toBe('stale');
    state().browserChanged(false);
    expect(downReason(state())).toBe('offline');
  });

  it('says a first connection that fails is down too', () => {
    state().socketChanged('connecting');
    state().socketChanged('waiting');
    expect(downReason(state())).toBe('reconnecting');
  });

  it('ages stale prices from the feed, and others from the last push', () => {
    state().socketChanged('open');
    state().pricesArrived(10_000);
    state().socketChanged('waiting');
    expect(pricesAgeMs(state(), 25_000)).toBe(15_000);
    state().socketChanged('open');
    state().feedChanged(true, 4000, 20_000);
    expect(pricesAgeMs(state(), 21_000)).toBe(5000);
  });
});

describe('connection sync', () => {
  function start() {
    const socket = new FakeSocket();
    const invalidateQueries = vi.fn(() => Promise.resolve());
    const afterResync = vi.fn();
    const listeners = new Map<string, () => void>();
    const win = {
      navigator: { onLine: true },
      addEventListener: (name: string, fn: () => void) => listeners.set(name, fn),
      removeEventListener: (name: string) => listeners.delete(name),
    } as unknown as Pick<Window, 'addEventListener' | 'removeEventListener'> & {
      navigator: { onLine: boolean };
    };
    const stop = startConnectionSync({
      socket,
      queryClient: { invalidateQueries },
      afterResync,
      window: win,
      now: () => 50,
    });
    return { socket, invalidateQueries, afterResync, listeners, stop };
  }

  it('records FEED_STATUS and the time of the last quotes', () => {
    const { socket, stop } = start();
    socket.frame(feed(true, 9000));
    expect(state()).toMatchObject({ feedStale: true, feedAgeMs: 9000, feedAgeAt: 50 });
    socket.frame(quotes);
    expect(state().lastPricesAt).toBe(50);
    stop();
  });

  it('refetches everything once when the socket comes back, not on the first open', () => {
    const { invalidateQueries, afterResync, stop } = start();
    state().socketChanged('connecting');
    state().socketChanged('open');
    expect(invalidateQueries).not.toHaveBeenCalled();
    state().socketChanged('waiting');
    state().socketChanged('connecting');
    expect(invalidateQueries).not.toHaveBeenCalled();
    state().socketChanged('open');
    expect(invalidateQueries).toHaveBeenCalledTimes(1);
    expect(invalidateQueries).toHaveBeenCalledWith();
    expect(afterResync).toHaveBeenCalledTimes(1);
    stop();
  });

  it('refetches when the feed catches up, and follows the browser going offline and back', () => {
    const { socket, invalidateQueries, listeners, stop } = start();
    state().socketChanged('open');
    socket.frame(feed(true, 1000));
    socket.frame(feed(false, 200));
    expect(invalidateQueries).toHaveBeenCalledTimes(1);
    listeners.get('offline')?.();
    expect(downReason(state())).toBe('offline');
    listeners.get('online')?.();
    expect(downReason(state())).toBeNull();
    expect(invalidateQueries).toHaveBeenCalledTimes(2);
    stop();
    expect(listeners.size).toBe(0);
  });
});

describe('connection banner', () => {
  const show = () => render(<ConnectionBanner />);

  it('takes no room while prices are live, and says why and how old they are when not', () => {
    show();
    expect(screen.getByTestId('connection-banner').dataset.reason).toBe('live');
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => {
      state().socketChanged('open');
      state().pricesArrived(Date.now() - 12_000);
      state().socketChanged('waiting');
    });
    expect(screen.getByTestId('connection-banner').dataset.reason).toBe('reconnecting');
    expect(screen.getByRole('status').textContent).toBe(en.connection.reconnecting);
    expect(screen.getByTestId('prices-age').textContent).toMatch(/^Last update: 1[2-4] sec\. ago$/);
    act(() => state().socketChanged('open'));
    expect(screen.getByTestId('connection-banner').dataset.reason).toBe('live');
  });

  it('words the age in the app language', () => {
    expect(formatAge(5_000, 'en')).toBe('5 sec. ago');
    expect(formatAge(180_000, 'de')).toBe('vor 3 Min.');
    expect(formatAge(2 * 3_600_000, 'en')).toBe('2 hr. ago');
  });
});
