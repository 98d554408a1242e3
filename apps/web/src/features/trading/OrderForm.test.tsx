// @vitest-environment happy-dom
import type { TradeInstrument } from '@meridian/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, sampleUser } from '../auth/test-server';

const server = createFakeServer();

type Mods = {
  Providers: typeof import('../../app/providers').Providers;
  useSession: typeof import('../../app/stores/session').useSession;
  useSettings: typeof import('../../app/stores/settings').useSettings;
  OrderForm: typeof import('./OrderForm').OrderForm;
};
let m: Mods;

beforeAll(async () => {
  vi.stubGlobal('fetch', server.fetch);
  await import('../../lib/react19-render');
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [{ Providers }, { useSession }, { useSettings }, { OrderForm }] = await Promise.all([
    import('../../app/providers'),
    import('../../app/stores/session'),
    import('../../app/stores/settings'),
    import('./OrderForm'),
  ]);
  m = { Providers, useSession, useSettings, OrderForm };
});

afterAll(() => {
  vi.unstubAllGlobals();
});

beforeEach(() => {
  server.reset();
  m.useSession.getState().clear();
  m.useSettings.getState().setBasicInfo({ trade_fee_type: 1 });
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

function show(instrument: TradeInstrument) {
  const router = createMemoryRouter(
    [
      { path: '/trade', element: <m.OrderForm instrument={instrument} instruments={[instrument]} /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: ['/trade'] },
  );
  render(
    <m.Providers>
      <RouterProvider router={router} />
    </m.Providers>,
  );
  return router;
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
    expect(server.calls('/v1/api/forex/submit')).toHaveLength(0);
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

  it('submits what the trader chose, TP ticked at the current price and SL as 0, then links to /order', async () => {
    act(() => {
      m.useSession.getState().setToken('tok');
      m.useSession.getState().setUser({ ...sampleUser, is_demo: 1 });
    });
    server.routes['GET /v1/api/forex/submit'] = () => ({
      code: 1,
      data: {
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
      },
    });
    const router = show(BTC);
    fireEvent.click(screen.getByTestId('tp-enable'));
    const tp = screen.getByTestId('tp-input') as HTMLInputElement;
    expect(tp.value).toBe('95000.00');
    fireEvent.change(tp, { target: { value: '94000' } });
    fireEvent.click(screen.getByTestId('order-sell'));
    await screen.findByTestId('order-success');
    const sent = server.calls('/v1/api/forex/submit')[0]?.params;
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
