// @vitest-environment happy-dom
import { routes } from '@meridian/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, routeKey, sampleUser } from '../auth/test-server';
import { en } from '../auth/test-texts';
import { copyDetail, copySummary } from './testing/fixtures';

const server = createFakeServer();
const { routes: replies } = server;

type Mods = {
  Providers: typeof import('../../lib/providers').Providers;
  CopyDetailScreen: typeof import('./CopyDetailScreen').CopyDetailScreen;
  MyCopiesScreen: typeof import('./MyCopiesScreen').MyCopiesScreen;
  live: typeof import('./live');
  useSession: typeof import('../../lib/stores/session').useSession;
  queryClient: typeof import('../../lib/services').queryClient;
};
let m: Mods;

beforeAll(async () => {
  vi.stubGlobal('fetch', server.fetch);
  await import('../../lib/react19-render');
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [{ Providers }, { CopyDetailScreen }, { MyCopiesScreen }, live, { useSession }, { queryClient }] =
    await Promise.all([
      import('../../lib/providers'),
      import('./CopyDetailScreen'),
      import('./MyCopiesScreen'),
      import('./live'),
      import('../../lib/stores/session'),
      import('../../lib/services'),
    ]);
  m = { Providers, CopyDetailScreen, MyCopiesScreen, live, useSession, queryClient };
});

beforeEach(() => {
  server.reset();
  m.queryClient.clear();
  m.useSession.getState().clear();
  replies[routeKey(routes.balance)] = () => ({ code: 1, data: { balance: '9000.000000' } });
});
afterEach(() => {
  Toast.clear();
  cleanup();
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const signIn = () =>
  act(() => {
    m.useSession.getState().setToken('tok-now');
    m.useSession.getState().setUser(sampleUser);
  });

function show(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/follow/copy', element: <m.CopyDetailScreen /> },
      { path: '/follow/copies', element: <m.MyCopiesScreen /> },
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

const toastTexts = () => [...document.body.querySelectorAll('.toast-text')].map((el) => el.textContent);

describe('/follow/copies', () => {
  it('lists each copy with its status, money and counts, P&L coloured by sign, and opens it', async () => {
    signIn();
    replies[routeKey(routes.myCopies)] = () => ({
      code: 1,
      data: {
        list: [
          copySummary(),
          copySummary({
            copy_id: 30,
            strategy_name: 'Old Swing',
            status: 'stopped',
            stop_reason: 'equity_stop',
            equity: '0.000000',
            pnl: '-210.500000',
            open_positions: 0,
            skipped: 4,
            fees_paid: '3.250000',
          }),
        ],
      },
    });
    const router = show('/follow/copies');
    await screen.findByTestId('copy-card-31');
    expect(screen.getByTestId('copy-card-31-status').textContent).toBe('Copying');
    expect(screen.getByTestId('copy-card-31-equity').textContent).toBe('1,056.00');
    expect(screen.getByTestId('copy-card-31-pnl').textContent).toBe('+56.00');
    expect(screen.getByTestId('copy-card-31-pnl').closest('dd')?.className).toContain('up');
    expect(screen.getByTestId('copy-card-31-invested').textContent).toBe('1,000.00');
    expect(screen.getByTestId('copy-card-31-open').textContent).toBe('1');
    expect(screen.getByTestId('copy-card-31-skipped').textContent).toBe('1');
    expect(screen.getByTestId('copy-card-30-status').textContent).toBe('Stopped: equity stop-loss reached');
    expect(screen.getByTestId('copy-card-30-pnl').textContent).toBe('-210.50');
    expect(screen.getByTestId('copy-card-30-pnl').closest('dd')?.className).toContain('down');
    expect(screen.getByTestId('copy-card-30-fees').textContent).toBe('3.25');
    fireEvent.click(screen.getByRole('link', { name: 'Old Swing' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=30'));
  });

  it('sends a visitor to log in', async () => {
    const router = show('/follow/copies');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/follow/copies');
    expect(server.calls(routes.myCopies)).toHaveLength(0);
  });

  it('reads the copies again on a COPY_TRADE push', async () => {
    signIn();
    let answers = 0;
    replies[routeKey(routes.myCopies)] = () => {
      answers += 1;
      return {
        code: 1,
        data: { list: [copySummary({ equity: answers === 1 ? '1056.000000' : '990.000000' })] },
      };
    };
    show('/follow/copies');
    await screen.findByTestId('copy-card-31');
    expect(screen.getByTestId('copy-card-31-equity').textContent).toBe('1,056.00');
    act(() =>
      m.live.applyCopyTrade(m.queryClient, sampleUser.id, {
        type: 'COPY_TRADE',
        code: 1,
        data: {
          copy_id: 31,
          event: 'closed',
          code: 'XAUUSD',
          order_id: 501,
          reason: null,
          equity: '990.000000',
        },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('copy-card-31-equity').textContent).toBe('990.00'));
  });
});

describe('/follow/copy', () => {
  it('shows the summary, the positions, and the skipped trades with the reason from the server', async () => {
    signIn();
    replies[routeKey(routes.copyDetail)] = () => ({ code: 1, data: copyDetail() });
    show('/follow/copy?id=31');
    expect((await screen.findByTestId('copy-equity')).textContent).toBe('1,056.00');
    expect(server.calls(routes.copyDetail).map((c) => c.params.get('copy_id'))).toEqual(['31']);
    expect(screen.getByTestId('copy-pnl').textContent).toBe('+56.00');
    expect(screen.getByTestId('copy-free').textContent).toBe('337.48');
    expect(screen.getByTestId('copy-stop-loss').textContent).toBe('800.00');
    expect(screen.getByTestId('copy-strategy-link').getAttribute('href')).toBe('/follow/strategy?id=11');
    const position = screen.getByTestId('copy-positions-501');
    expect(position.textContent).toContain('XAU/USD');
    expect(position.textContent).toContain('Buy');
    expect(position.textContent).toContain('0.05');
    expect(position.textContent).toContain('2650.10');
    expect(screen.getByTestId('copy-positions-501-pnl').textContent).toBe('+56.00');

    fireEvent.click(screen.getByTestId('copy-tab-skipped'));
    const skipped = await screen.findByTestId('skipped-77');
    expect(skipped.textContent).toContain('BTCUSD');
    expect(skipped.textContent).toContain('Sell');
    expect(skipped.textContent).toContain(`${en('follow.provider_lots')} 0.01`);
    expect(skipped.textContent).toContain(`${en('follow.wanted_lots')} 0.0008`);
    expect(screen.getByTestId('skipped-77-reason').textContent).toBe(
      'The copy would be 0.0008 lots, below the minimum lot',
    );

    fireEvent.click(screen.getByTestId('copy-tab-history'));
    expect((await screen.findByTestId('copy-history-490-pnl')).textContent).toBe('-12.50');
    fireEvent.click(screen.getByTestId('copy-tab-ledger'));
    expect((await screen.findByTestId('ledger-9001')).textContent).toContain('Received from your balance');
  });

  it('stops copying only after the confirmation, then says what came back', async () => {
    signIn();
    let stopped = false;
    replies[routeKey(routes.copyDetail)] = () => ({
      code: 1,
      data: stopped
        ? copyDetail({
            status: 'stopped',
            stop_reason: 'user',
            pnl: '41.200000',
            positions: [],
            stopped_at: 1,
          })
        : copyDetail(),
    });
    replies[routeKey(routes.uncopy)] = () => {
      stopped = true;
      return {
        code: 1,
        data: copySummary({
          status: 'stopped',
          stop_reason: 'user',
          pnl: '41.200000',
          equity: '1041.200000',
        }),
      };
    };
    show('/follow/copy?id=31');
    fireEvent.click(await screen.findByTestId('copy-stop'));
    const sheet = await screen.findByRole('dialog', { name: 'Stop copying Gold Trend?' });
    expect(sheet.textContent).toContain(en('follow.stop_confirm_body'));
    // Cancel sends nothing.
    fireEvent.click(within(sheet).getByTestId('stop-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls(routes.uncopy)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('copy-stop'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('stop-confirm'));
    await waitFor(() => expect(server.calls(routes.uncopy)).toHaveLength(1));
    expect(server.calls(routes.uncopy)[0]?.params.get('copy_id')).toBe('31');
    // invested 1000 + P&L 41.20 came back.
    expect((await screen.findByTestId('copy-stopped-result')).textContent).toBe(
      'Copying stopped. 1,041.20 USD returned to your balance.',
    );
    await waitFor(() => expect(screen.getByTestId('copy-status').textContent).toBe('Stopped: by you'));
    expect(screen.getByTestId('copy-returned').textContent).toBe('1,041.20');
    // A stopped copy offers no money moves.
    expect(screen.queryByTestId('copy-stop')).toBeNull();
    expect(screen.queryByTestId('copy-add')).toBeNull();
  });

  it('adds and withdraws funds through one sheet with a signed amount', async () => {
    signIn();
    replies[routeKey(routes.copyDetail)] = () => ({ code: 1, data: copyDetail() });
    replies[routeKey(routes.copyFunds)] = () => ({ code: 1, data: copySummary() });
    show('/follow/copy?id=31');
    fireEvent.click(await screen.findByTestId('copy-add'));
    let sheet = await screen.findByRole('dialog', { name: 'Add funds' });
    fireEvent.change(within(sheet).getByLabelText('Amount'), { target: { value: '250' } });
    fireEvent.click(within(sheet).getByTestId('funds-confirm'));
    await waitFor(() => expect(toastTexts()).toContain('250.00 USD added to the copy.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('copy-withdraw'));
    sheet = await screen.findByRole('dialog', { name: 'Withdraw funds' });
    expect(sheet.textContent).toContain('You can withdraw up to 255.99 USD now');
    // More than the server's withdrawable figure (here the equity stop-loss's limit, below the free
    // balance of 337.48) is refused here.
    fireEvent.change(within(sheet).getByLabelText('Amount'), { target: { value: '256' } });
    fireEvent.click(within(sheet).getByTestId('funds-confirm'));
    await waitFor(() => expect(toastTexts()).toContain(en('follow.withdraw_too_large')));
    fireEvent.change(within(sheet).getByLabelText('Amount'), { target: { value: '255.99' } });
    fireEvent.click(within(sheet).getByTestId('funds-confirm'));
    await waitFor(() => expect(server.calls(routes.copyFunds)).toHaveLength(2));
    expect(server.calls(routes.copyFunds).map((c) => Object.fromEntries(c.params))).toEqual([
      { copy_id: '31', amount: '250' },
      { copy_id: '31', amount: '-255.99' },
    ]);
  });
});
