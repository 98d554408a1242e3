// @vitest-environment happy-dom
import { routes, type TradeInstrument } from '@meridian/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, routeKey, sampleUser } from '../auth/test-server';

const server = createFakeServer();

type Mods = {
  Providers: typeof import('../../lib/providers').Providers;
  useSession: typeof import('../../lib/stores/session').useSession;
  useSettings: typeof import('../../lib/stores/settings').useSettings;
  OrderForm: typeof import('./OrderForm').OrderForm;
  useTradePrefs: typeof import('./trade-prefs').useTradePrefs;
  queryClient: typeof import('../../lib/services').queryClient;
};
let m: Mods;

beforeAll(async () => {
  vi.stubGlobal('fetch', server.fetch);
  await import('../../lib/react19-render');
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [{ Providers }, { useSession }, { useSettings }, { OrderForm }, { useTradePrefs }, { queryClient }] =
    await Promise.all([
      import('../../lib/providers'),
      import('../../lib/stores/session'),
      import('../../lib/stores/settings'),
      import('./OrderForm'),
      import('./trade-prefs'),
      import('../../lib/services'),
    ]);
  m = { Providers, useSession, useSettings, OrderForm, useTradePrefs, queryClient };
});

afterAll(() => {
  vi.unstubAllGlobals();
});

beforeEach(() => {
  server.reset();
  m.queryClient.clear();
  m.useSession.getState().clear();
  m.useSettings.getState().setBasicInfo({ trade_fee_type: 1 });
  m.useTradePrefs.getState().setOneTap(false);
});

afterEach(() => {
  Toast.clear();
  cleanup();
});

const BTC: TradeInstrument = {
  Id: 26,
  Code: 'BTCUSD',
  ShowCode: 'BTC/USD',
  Logo: '/logos/BTCUSD.svg',
  CategoryId: 6,
  MarketStatus: 1,
  ForexQuotations: { Open: '94000.00', Close: '95000.00', Change: '1.06' },
  PricePrecision: 2,
  ForexMinCont: '0.01',
  ForexMaxCont: '100',
  ForexContNum: 1,
  ForexFeeRate: '0.5',
  Pip: '0.01',
  MarginMode: 2,
  HasForexMultiple: [{ Value: 1 }, { Value: 2 }],
  Bid: '95000.00',
  Ask: '95000.50',
  Spread: '0.50',
  QuoteCurrency: 'USD',
};

const Landed = () => <div data-testid="landed" />;

function routerFor(instrument: TradeInstrument) {
  return createMemoryRouter(
    [
      { path: '/trade', element: <m.OrderForm instrument={instrument} instruments={[instrument]} /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: ['/trade'] },
  );
}

function show(instrument: TradeInstrument) {
  const router = routerFor(instrument);
  render(
    <m.Providers>
      <RouterProvider router={router} />
    </m.Providers>,
  );
  return router;
}

const PLACED = {
  Id: 5,
  ForexId: 26,
  ForexTradeLists: { ShowCode: 'BTC/USD', Code: 'BTCUSD', PricePrecision: 2 },
  OrderType: 2,
  Status: 1,
  Quantity: '0.01',
  OriginPrice: '95000.00',
  Price: '95000.50',
  FactProfits: '-0.005000',
  CautionMoney: '950.000000',
  TradeFee: '0.005000',
  TargetLossPrice: '0',
  TargetProfitPrice: '94000',
  Multiple: 1,
  CloseReason: null,
  CreateTimeHandler: '2026-11-21 06:00:00',
  CreateTime: 0,
  FillTime: 0,
  CloseTime: null,
};

function signInDemo() {
  act(() => {
    m.useSession.getState().setToken('tok');
    m.useSession.getState().setUser({ ...sampleUser, is_demo: 1 });
  });
}

describe('order form', () => {
  it('shows the estimates to 6 decimals and steps lots without going to zero', () => {
    show(BTC);
    expect(screen.getByTestId('est-margin').textContent).toBe('950.005000');
    expect(screen.getByTestId('est-fee').textContent).toBe('0.005000');
    expect((screen.getByTestId('lots-minus') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('lots-plus'));
    expect((screen.getByTestId('lots-input') as HTMLInputElement).value).toBe('0.02');
    expect(screen.getByTestId('est-margin').textContent).toBe('1900.010000');
    fireEvent.click(screen.getByTestId('leverage-2'));
    expect(screen.getByTestId('est-margin').textContent).toBe('950.005000');
    expect((screen.getByTestId('lots-minus') as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends a visitor to /login?from=/trade', async () => {
    const router = show(BTC);
    fireEvent.click(screen.getByTestId('order-buy'));
    await screen.findByTestId('landed');
    expect(`${router.state.location.pathname}${decodeURIComponent(router.state.location.search)}`).toBe(
      '/login?from=/trade',
    );
    expect(server.calls(routes.submitOrder)).toHaveLength(0);
  });

  it('disables both buttons while the market is closed', () => {
    show({ ...BTC, MarketStatus: 0 });
    expect((screen.getByTestId('order-buy') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('order-sell') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('order-form-closed').textContent).toBe('Market closed');
  });

  it('says when the instrument offers no leverage', () => {
    show({ ...BTC, HasForexMultiple: [] });
    expect(screen.getByTestId('no-multiple').textContent).toBe(
      'No leverage is configured for this instrument',
    );
  });

  it('shows the bid on Sell, the ask on Buy and the spread between, and follows the live quote', () => {
    const router = routerFor(BTC);
    const view = render(
      <m.Providers>
        <RouterProvider router={router} />
      </m.Providers>,
    );
    expect(screen.getByTestId('sell-price').textContent).toBe('95000.00');
    expect(screen.getByTestId('buy-price').textContent).toBe('95000.50');
    expect(screen.getByTestId('spread-value').textContent).toBe('0.50');
    expect(screen.getByTestId('order-sell').textContent).toBe('Sell short95000.00');
    // A DAY_MARKET push reaches the form as a new instrument object (the cached list is rewritten).
    const moved = { ...BTC, Bid: '95010.25', Ask: '95011.00', Spread: '0.75' };
    const next = createMemoryRouter(
      [{ path: '/trade', element: <m.OrderForm instrument={moved} instruments={[moved]} /> }],
      { initialEntries: ['/trade'] },
    );
    view.rerender(
      <m.Providers>
        <RouterProvider router={next} />
      </m.Providers>,
    );
    expect(screen.getByTestId('sell-price').textContent).toBe('95010.25');
    expect(screen.getByTestId('buy-price').textContent).toBe('95011.00');
    expect(screen.getByTestId('spread-value').textContent).toBe('0.75');
  });

  it('asks for confirmation first: the sheet shows the order, Escape dismisses it and nothing is sent', async () => {
    signInDemo();
    show(BTC);
    fireEvent.click(screen.getByTestId('order-buy'));
    const sheet = await screen.findByTestId('order-confirm');
    expect(sheet.getAttribute('role')).toBe('dialog');
    expect(screen.getByTestId('confirm-summary').textContent).toBe('0.01 lots · BTC/USD');
    expect(screen.getByTestId('confirm-price').textContent).toBe('95000.50');
    expect(screen.getByTestId('confirm-margin').textContent).toBe('950.005000');
    expect(screen.getByTestId('order-confirm-place').textContent).toBe('Confirm: Buy long');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('order-confirm')).toBeNull());
    expect(server.calls(routes.submitOrder)).toHaveLength(0);
  });

  it('closes the confirm sheet on a refusal, so the reason shows over the form where the order can be changed', async () => {
    signInDemo();
    server.routes[routeKey(routes.submitOrder)] = () => ({
      code: 3023,
      msg: 'Not enough free margin: 10.00 USD free, 950.01 USD needed.',
    });
    show(BTC);
    fireEvent.click(screen.getByTestId('order-buy'));
    await screen.findByTestId('order-confirm');
    fireEvent.click(screen.getByTestId('order-confirm-place'));
    expect(
      await screen.findByText('Not enough free margin: 10.00 USD free, 950.01 USD needed.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('order-confirm')).toBeNull());
    expect(server.calls(routes.submitOrder)).toHaveLength(1);
  });

  it('keeps the sheet when no answer came, and a second confirm sends the same idempotency key', async () => {
    signInDemo();
    let attempt = 0;
    server.routes[routeKey(routes.submitOrder)] = () => {
      attempt++;
      // The first answer is lost on the way (the order may have been placed all the same).
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return { code: 1, data: PLACED };
    };
    show(BTC);
    fireEvent.click(screen.getByTestId('order-sell'));
    await screen.findByTestId('order-confirm');
    fireEvent.click(screen.getByTestId('order-confirm-place'));
    await waitFor(() => expect(server.calls(routes.submitOrder)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('order-confirm-place').hasAttribute('disabled')).toBe(false),
    );
    expect(screen.getByTestId('order-confirm')).toBeTruthy();
    fireEvent.click(screen.getByTestId('order-confirm-place'));
    await screen.findByTestId('order-success');
    const keys = server.calls(routes.submitOrder).map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    // A new order is a new decision: a new key.
    fireEvent.click(screen.getByTestId('order-success-close'));
    fireEvent.click(screen.getByTestId('order-sell'));
    await screen.findByTestId('order-confirm');
    fireEvent.click(screen.getByTestId('order-confirm-place'));
    await waitFor(() => expect(server.calls(routes.submitOrder)).toHaveLength(3));
    expect(server.calls(routes.submitOrder)[2]?.idempotencyKey).not.toBe(keys[0]);
  });

  it('shows what an order may take: the free balance less the open loss, an open profit adding nothing', async () => {
    signInDemo();
    let profit = '-1010.000000';
    server.routes[routeKey(routes.forexDetail)] = () => ({
      code: 1,
      data: {
        balance: '14499.500000',
        lock_balance: '5500.500000',
        margin: '5500.500000',
        profit,
        equity: '18990.000000',
        risk_rate: '345.24',
      },
    });
    show(BTC);
    expect(screen.getByText('Free margin')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('form-available').textContent).toBe('13,489.50'));
    profit = '990.000000';
    await act(() => m.queryClient.invalidateQueries());
    await waitFor(() => expect(screen.getByTestId('form-available').textContent).toBe('14,499.50'));
  });

  it('with one-tap trading on, places the order at the first tap and remembers the choice on the device', async () => {
    signInDemo();
    server.routes[routeKey(routes.submitOrder)] = () => ({ code: 1, data: { ...PLACED, OrderType: 1 } });
    show(BTC);
    const toggle = screen.getByRole('switch', { name: 'One-tap trading' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    expect(localStorage.getItem('meridian.trade_prefs')).toContain('"oneTap":true');
    fireEvent.click(screen.getByTestId('order-buy'));
    await screen.findByTestId('order-success');
    expect(screen.queryByTestId('order-confirm')).toBeNull();
    expect(server.calls(routes.submitOrder)).toHaveLength(1);
  });

  it('submits what the trader chose, TP ticked at the current price and SL as 0, then links to /order', async () => {
    signInDemo();
    server.routes[routeKey(routes.submitOrder)] = () => ({ code: 1, data: PLACED });
    const router = show(BTC);
    fireEvent.click(screen.getByTestId('tp-enable'));
    const tp = screen.getByTestId('tp-input') as HTMLInputElement;
    expect(tp.value).toBe('95000.00');
    fireEvent.change(tp, { target: { value: '94000' } });
    fireEvent.click(screen.getByTestId('order-sell'));
    // The confirm sheet shows the sell at the bid; only its button sends the order.
    await screen.findByTestId('order-confirm');
    expect(screen.getByTestId('confirm-price').textContent).toBe('95000.00');
    expect(server.calls(routes.submitOrder)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('order-confirm-place'));
    const success = await screen.findByTestId('order-success');
    expect(success.textContent).toContain('Sell 0.01 lots of BTC/USD');
    const sent = server.calls(routes.submitOrder)[0]?.params;
    expect(Object.fromEntries([...(sent?.entries() ?? [])].filter(([k]) => k !== 't'))).toEqual({
      type: '2',
      cont: '0.01',
      forex_id: '26',
      status: '1',
      target_price: '0',
      stop_loss_price: '0',
      target_profit_price: '94000',
      multiple: '1',
    });
    fireEvent.click(screen.getByTestId('order-success-view'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order'));
  });
});
