// @vitest-environment happy-dom
import { IDEMPOTENCY_KEY_HEADER, routes } from '@meridian/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, routeKey, sampleUser } from '../auth/test-server';
import { en } from '../auth/test-texts';
import { copySummary, strategyDetail } from './testing/fixtures';

// The chart library draws on a canvas happy-dom has not got; the chart's input is what is checked.
vi.mock('./EquityChart', () => ({
  EquityChart: ({ points }: { points: readonly unknown[] }) => (
    <div data-testid="equity-chart">{points.length}</div>
  ),
}));

const server = createFakeServer();
const { routes: replies } = server;
/** The Idempotency-Key of each POST, in order (the fake server keeps only the session header). */
const keys: string[] = [];
const fetchWithHeaders: typeof fetch = (input, init) => {
  const key = new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER);
  if (init?.method === 'POST') keys.push(key ?? '');
  return server.fetch(input, init);
};

type Mods = {
  Providers: typeof import('../../lib/providers').Providers;
  StrategyScreen: typeof import('./StrategyScreen').StrategyScreen;
  useSession: typeof import('../../lib/stores/session').useSession;
  queryClient: typeof import('../../lib/services').queryClient;
};
let m: Mods;

beforeAll(async () => {
  vi.stubGlobal('fetch', fetchWithHeaders);
  await import('../../lib/react19-render');
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [{ Providers }, { StrategyScreen }, { useSession }, { queryClient }] = await Promise.all([
    import('../../lib/providers'),
    import('./StrategyScreen'),
    import('../../lib/stores/session'),
    import('../../lib/services'),
  ]);
  m = { Providers, StrategyScreen, useSession, queryClient };
});

beforeEach(() => {
  server.reset();
  keys.length = 0;
  m.queryClient.clear();
  m.useSession.getState().clear();
  replies[routeKey(routes.strategyEquity)] = (seen) => ({
    code: 1,
    data: {
      id: 11,
      period: seen.params.get('period'),
      points: [
        { t: 1_768_000_000_000, equity: '10000.000000', growth: '0.00' },
        { t: 1_768_100_000_000, equity: '10400.000000', growth: '4.00' },
      ],
    },
  });
  replies[routeKey(routes.balance)] = () => ({ code: 1, data: { balance: '9000.000000' } });
});
afterEach(() => {
  Toast.clear();
  cleanup();
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const signIn = (user: typeof sampleUser = sampleUser) =>
  act(() => {
    m.useSession.getState().setToken('tok-now');
    m.useSession.getState().setUser(user);
    m.useSession.getState().setBalance('10000.000000');
  });

function show(path = '/follow/strategy?id=11') {
  const router = createMemoryRouter(
    [
      { path: '/follow/strategy', element: <m.StrategyScreen /> },
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

describe('/follow/strategy', () => {
  it('shows the figures, the growth curve by period, the open positions and the description', async () => {
    replies[routeKey(routes.strategy)] = () => ({ code: 1, data: strategyDetail() });
    show();
    expect((await screen.findByTestId('strategy-name')).textContent).toBe('Gold Trend');
    expect(screen.getByTestId('strategy-roi').textContent).toBe('+12.50%');
    expect(screen.getByTestId('strategy-fee').textContent).toBe('20.00%');
    expect(screen.getByTestId('strategy-min').textContent).toBe('100.00');
    expect(screen.getByTestId('strategy-risk').textContent).toBe('Risk 4/10');
    expect(screen.getByTestId('strategy-positions').textContent).toContain('XAUUSD');
    expect(screen.getByTestId('strategy-description').textContent).toContain('Follows the trend');
    expect((await screen.findByTestId('equity-chart')).textContent).toBe('2');
    expect(screen.getByTestId('equity-summary').textContent).toBe(
      'Growth over the period: \u2066+4.00%\u2069',
    );
    expect(server.calls(routes.strategyEquity).map((c) => c.params.get('period'))).toEqual(['1m']);
    fireEvent.click(screen.getByTestId('equity-period-all'));
    await waitFor(() =>
      expect(server.calls(routes.strategyEquity).map((c) => c.params.get('period'))).toEqual(['1m', 'all']),
    );
    expect(screen.getByTestId('equity-period-all').getAttribute('aria-pressed')).toBe('true');
  });

  it('reads the curve again whenever the figures above it are read again, so both show the same return', async () => {
    let roi = '4.00';
    replies[routeKey(routes.strategy)] = () => ({ code: 1, data: strategyDetail({ roi }) });
    replies[routeKey(routes.strategyEquity)] = () => ({
      code: 1,
      data: {
        id: 11,
        period: '1m',
        points: [
          { t: 1_768_000_000_000, equity: '10000.000000', growth: '0.00' },
          { t: 1_768_100_000_000, equity: '10000.000000', growth: roi },
        ],
      },
    });
    show();
    await waitFor(() =>
      expect(screen.getByTestId('equity-summary').textContent).toBe(
        'Growth over the period: \u2066+4.00%\u2069',
      ),
    );
    expect(server.calls(routes.strategyEquity)).toHaveLength(1);
    // The provider closes a losing trade; the figures are read again (a visit after they went stale).
    roi = '-0.05';
    await act(() => m.queryClient.refetchQueries({ queryKey: ['follow', 'strategy'] }));
    await waitFor(() => expect(screen.getByTestId('strategy-roi').textContent).toBe('-0.05%'));
    await waitFor(() =>
      expect(screen.getByTestId('equity-summary').textContent).toBe(
        'Growth over the period: \u2066-0.05%\u2069',
      ),
    );
    expect(server.calls(routes.strategyEquity)).toHaveLength(2);
  });

  it('checks the copy form, states the fee before confirming, sends it and opens the new copy', async () => {
    signIn();
    replies[routeKey(routes.strategy)] = () => ({ code: 1, data: strategyDetail() });
    replies[routeKey(routes.copy)] = () => ({ code: 1, data: copySummary({ copy_id: 31 }) });
    const router = show();
    fireEvent.click(await screen.findByTestId('strategy-copy'));
    const sheet = await screen.findByRole('dialog', { name: 'Copy Gold Trend' });
    // The fee, said plainly in the form, before the confirm button.
    const fee = within(sheet).getByTestId('copy-fee');
    expect(fee.textContent).toBe(
      'Performance fee: 20.00 % of profit above the high-water mark, charged monthly and when you stop.',
    );
    expect(
      fee.compareDocumentPosition(within(sheet).getByTestId('copy-confirm')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // The minimum and the free balance, read with the amount field.
    const amount = within(sheet).getByLabelText('Amount to allocate');
    const hint = document.getElementById(amount.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('Minimum 100.00 USD');
    expect(hint?.textContent).toContain('Available: 10,000.00 USD.');

    const confirm = within(sheet).getByTestId('copy-confirm');
    // Nothing typed.
    fireEvent.click(confirm);
    await waitFor(() => expect(toastTexts()).toContain(en('follow.amount_invalid')));
    // Below the minimum.
    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(toastTexts()).toContain(en('follow.amount_below_min')));
    // A stop-loss at or above the amount.
    fireEvent.change(amount, { target: { value: '1000' } });
    const stop = within(sheet).getByLabelText('Equity stop-loss (optional)');
    fireEvent.change(stop, { target: { value: '1000' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(toastTexts()).toContain(en('follow.stop_invalid')));
    expect(server.calls(routes.copy)).toHaveLength(0);

    // Letters are not typeable; a valid form goes out.
    fireEvent.change(stop, { target: { value: '80x0' } });
    expect((stop as HTMLInputElement).value).toBe('800');
    fireEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/follow/copy'));
    expect(router.state.location.search).toBe('?id=31');
    const sent = server.calls(routes.copy);
    expect(sent.map((c) => Object.fromEntries(c.params))).toEqual([
      { strategy_id: '11', amount: '1000', equity_stop_loss: '800' },
    ]);
    expect(sent[0]?.token).toBe('tok-now');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(toastTexts()).toContain('You are now copying Gold Trend.'));
  });

  it('says a demo strategy costs nothing and leaves the stop-loss out when none is typed', async () => {
    signIn({ ...sampleUser, is_demo: 1 });
    replies[routeKey(routes.strategy)] = () => ({ code: 1, data: strategyDetail({ is_demo: 1 }) });
    replies[routeKey(routes.copy)] = () => ({ code: 1, data: copySummary({ copy_id: 32, is_demo: 1 }) });
    const router = show();
    fireEvent.click(await screen.findByTestId('strategy-copy'));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByTestId('copy-fee').textContent).toBe('Demo strategy: no fee.');
    fireEvent.change(within(sheet).getByLabelText('Amount to allocate'), { target: { value: '250.5' } });
    fireEvent.click(within(sheet).getByTestId('copy-confirm'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=32'));
    expect(server.calls(routes.copy).map((c) => Object.fromEntries(c.params))).toEqual([
      { strategy_id: '11', amount: '250.5' },
    ]);
  });

  it('sends a visitor to log in first, and back here afterwards', async () => {
    replies[routeKey(routes.strategy)] = () => ({ code: 1, data: strategyDetail() });
    const router = show();
    fireEvent.click(await screen.findByTestId('strategy-copy'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/follow/strategy?id=11');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers the copy instead of Copy when already copying, and says why not on its own or a stopped strategy', async () => {
    signIn();
    replies[routeKey(routes.strategy)] = () => ({ code: 1, data: strategyDetail({ copy_id: 31 }) });
    show();
    const link = await screen.findByTestId('strategy-view-copy');
    expect(link.getAttribute('href')).toBe('/follow/copy?id=31');
    expect(screen.queryByTestId('strategy-copy')).toBeNull();
    cleanup();
    m.queryClient.clear();

    replies[routeKey(routes.strategy)] = () => ({ code: 1, data: strategyDetail({ own: 1 }) });
    show();
    expect((await screen.findByTestId('strategy-own')).textContent).toContain(en('follow.own_strategy'));
    expect(screen.queryByTestId('strategy-copy')).toBeNull();
    cleanup();
    m.queryClient.clear();

    replies[routeKey(routes.strategy)] = () => ({ code: 1, data: strategyDetail({ status: 'paused' }) });
    show();
    expect((await screen.findByTestId('strategy-not-active')).textContent).toBe(en('follow.not_active'));
    expect(screen.getByTestId('strategy-status').textContent).toBe('Paused');
    cleanup();
    m.queryClient.clear();

    // A real account cannot copy a demo strategy: said, not offered.
    replies[routeKey(routes.strategy)] = () => ({ code: 1, data: strategyDetail({ is_demo: 1 }) });
    show();
    expect((await screen.findByTestId('strategy-demo-only')).textContent).toBe(en('follow.demo_only'));
    expect(screen.queryByTestId('strategy-copy')).toBeNull();
  });

  it("shows the server's reason when the strategy does not exist", async () => {
    replies[routeKey(routes.strategy)] = () => ({ code: 7001, msg: 'This strategy does not exist.' });
    show('/follow/strategy?id=999');
    expect((await screen.findByTestId('strategy-error')).textContent).toContain(
      'This strategy does not exist.',
    );
  });
});
