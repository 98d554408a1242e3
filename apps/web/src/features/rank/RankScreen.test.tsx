// @vitest-environment happy-dom
import { type RankingEntry, routes } from '@meridian/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, routeKey, sampleUser } from '../auth/test-server';
import { en } from '../auth/test-texts';

const server = createFakeServer();
const { routes: replies } = server;

type Mods = {
  Providers: typeof import('../../lib/providers').Providers;
  useSession: typeof import('../../lib/stores/session').useSession;
  RankScreen: typeof import('./RankScreen').RankScreen;
  RankOptIn: typeof import('./RankOptIn').RankOptIn;
  queryClient: typeof import('../../lib/services').queryClient;
};
let m: Mods;

beforeAll(async () => {
  vi.stubGlobal('fetch', server.fetch);
  await import('../../lib/react19-render');
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [{ Providers }, { useSession }, { RankScreen }, { RankOptIn }, { queryClient }] = await Promise.all([
    import('../../lib/providers'),
    import('../../lib/stores/session'),
    import('./RankScreen'),
    import('./RankOptIn'),
    import('../../lib/services'),
  ]);
  m = { Providers, useSession, RankScreen, RankOptIn, queryClient };
});

beforeEach(() => {
  server.reset();
  m.queryClient.clear();
  m.useSession.getState().clear();
});
afterEach(() => {
  Toast.clear();
  Dialog.clear();
  cleanup();
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const ALICE: RankingEntry = {
  rank: 1,
  user: 'a***@example.com',
  uid: '50000001',
  multiple: 20,
  three_week_rate: '3.29',
  three_week_win: '42.86',
  three_week_profit: '46.000000',
  total_rate: '10.25',
  total_trade_num: 8,
  code: 'BTCUSD',
  strategy_id: 5,
};
const FRANK: RankingEntry = {
  ...ALICE,
  rank: 2,
  user: 'f***@example.com',
  uid: '50000002',
  multiple: 100,
  three_week_rate: '-10.00',
  three_week_win: '0.00',
  three_week_profit: '-5.000000',
  total_rate: '-10.00',
  total_trade_num: 5,
  code: 'USDJPY',
};
// Frank has published no strategy.
delete FRANK.strategy_id;

function show(element: React.ReactNode, path = '/rank') {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <m.Providers>
      <RouterProvider router={router} />
    </m.Providers>,
  );
  return router;
}

/** A blocking dialog (the old coming-soon alert) anywhere on the page. */
const dialog = () => document.body.querySelector('.adm-dialog, [role="dialog"]');
const toastTexts = () => [...document.body.querySelectorAll('.toast-text')].map((el) => el.textContent);

describe('/rank', () => {
  it('lists the leaders with every figure, coloured by sign; a leader with a strategy links to it', async () => {
    replies[routeKey(routes.rankingList)] = () => ({
      code: 1,
      data: { list: [ALICE, FRANK], updated_at: 1_768_298_400_000 },
    });
    const router = show(<m.RankScreen />);
    const row = await screen.findByTestId('rank-row-1');
    expect(screen.getByTestId('rank-row-1-user').textContent).toBe('a***@example.com');
    expect(screen.getByTestId('rank-row-1-code').textContent).toBe('BTCUSD');
    expect(screen.getByTestId('rank-row-1-multiple').textContent).toBe('20×');
    expect(screen.getByTestId('rank-row-1-rate').textContent).toBe('+3.29%');
    // Named for what it is (P&L over margin), apart from a strategy's time-weighted return.
    expect(screen.getByTestId('rank-row-1-rate').previousElementSibling?.textContent).toBe(
      'Three-week return on margin',
    );
    expect(screen.getByTestId('rank-row-1-rate').className).toContain('up');
    expect(screen.getByTestId('rank-row-1-win').textContent).toBe('42.86%');
    expect(screen.getByTestId('rank-row-1-profit').textContent).toBe('+46.00');
    expect(screen.getByTestId('rank-row-1-total-rate').textContent).toBe('+10.25%');
    expect(screen.getByTestId('rank-row-1-orders').textContent).toBe('8');
    expect(screen.getByTestId('rank-row-2-rate').textContent).toBe('-10.00%');
    expect(screen.getByTestId('rank-row-2-rate').className).toContain('down');
    expect(screen.getByTestId('rank-row-2-profit').textContent).toBe('-5.00');
    expect(screen.queryByTestId('rank-empty')).toBeNull();

    // Frank has published no strategy: his row is text, not a control that does nothing.
    expect(screen.getByTestId('rank-row-2').tagName).toBe('DIV');
    expect(row.tagName).toBe('A');
    fireEvent.click(row);
    await waitFor(() => expect(router.state.location.pathname).toBe('/follow/strategy'));
    expect(router.state.location.search).toBe('?id=5');
    expect(toastTexts()).toEqual([]);
    expect(dialog()).toBeNull();
  });

  it('shows coming soon inline when nobody is ranked yet, with no dialog to dismiss', async () => {
    replies[routeKey(routes.rankingList)] = () => ({ code: 1, data: { list: [], updated_at: null } });
    show(<m.RankScreen />);
    const empty = await screen.findByTestId('rank-empty');
    expect(empty.textContent).toContain(en('common.coming_soon_title'));
    expect(empty.textContent).toContain(en('rank.empty'));
    expect(screen.queryByTestId('rank-row-1')).toBeNull();
    // The old dialog opened in an effect after the list arrived: give effects their turn, then look.
    await act(async () => {
      await Promise.resolve();
    });
    expect(dialog()).toBeNull();
  });
});

describe('the opt-in switch on the user page', () => {
  const signIn = (user: typeof sampleUser) =>
    act(() => {
      m.useSession.getState().setToken('tok-now');
      m.useSession.getState().setUser(user);
    });

  it('reads the choice of a real account and changes it', async () => {
    signIn(sampleUser);
    replies[routeKey(routes.optIn)] = () => ({ code: 1, data: { on: 0, user: 'a***@example.test' } });
    replies[routeKey(routes.setOptIn)] = (seen) => ({
      code: 1,
      data: { on: Number(seen.params.get('on')), user: 'a***@example.test' },
    });
    show(<m.RankOptIn />, '/user');
    const toggle = await screen.findByTestId('rank-opt-in');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(document.body.textContent).toContain('a***@example.test');
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('rank-opt-in').getAttribute('aria-checked')).toBe('true'));
    const posted = server.calls(routes.setOptIn);
    expect(posted.map((c) => [c.params.get('on'), c.token])).toEqual([['1', 'tok-now']]);
  });

  it('is not offered to a demo account', async () => {
    signIn({ ...sampleUser, email: '', is_demo: 1 });
    replies[routeKey(routes.optIn)] = () => ({ code: 1, data: { on: 0, user: '' } });
    show(
      <>
        <m.RankOptIn />
        <div data-testid="rendered" />
      </>,
      '/user',
    );
    await screen.findByTestId('rendered');
    expect(screen.queryByTestId('rank-opt-in')).toBeNull();
    expect(server.calls(routes.optIn.path)).toHaveLength(0);
  });
});
