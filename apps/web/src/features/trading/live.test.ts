// @vitest-environment happy-dom
import { type AccountFigures, type MyDealResponse, type Order, routes } from '@meridian/contract';
import { QueryClient } from '@tanstack/react-query';
import Toast from 'antd-mobile/es/components/toast';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, routeKey } from '../auth/test-server';

/** vi.waitFor's own default is 1 s; the toast comes through a dynamic import, slow on a loaded machine. */
const TOAST_WAIT = { timeout: 10_000 } as const;

const server = createFakeServer();

type Mods = {
  live: typeof import('./live');
  queries: typeof import('./queries');
  summary: typeof import('./SummaryCard');
};
let m: Mods;

beforeAll(async () => {
  vi.stubGlobal('fetch', server.fetch);
  // Toasts render through antd-mobile's legacy root API: React 19 needs the shim.
  await import('../../lib/react19-render');
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [live, queries, summary] = await Promise.all([
    import('./live'),
    import('./queries'),
    import('./SummaryCard'),
  ]);
  m = { live, queries, summary };
});

afterAll(() => {
  vi.unstubAllGlobals();
});

afterEach(() => {
  Toast.clear();
});

const FIGURES: AccountFigures = {
  balance: '99000.000000',
  lock_balance: '1000.000000',
  margin: '1000.000000',
  profit: '0.000000',
  equity: '100000.000000',
  risk_rate: '10000.00',
};

function order(id: number, over: Partial<Order> = {}): Order {
  return {
    Id: id,
    ForexId: 26,
    ForexTradeLists: { ShowCode: 'BTC/USD', Code: 'BTCUSD', PricePrecision: 2 },
    OrderType: 1,
    Status: 1,
    Quantity: '0.01',
    OriginPrice: '95000.50',
    Price: '95000.00',
    FactProfits: '-0.005000',
    CautionMoney: '475.002500',
    TradeFee: '0.005000',
    TargetLossPrice: '0',
    TargetProfitPrice: '0',
    Multiple: 2,
    CloseReason: null,
    CreateTimeHandler: '2026-11-21 06:00:00',
    CreateTime: 0,
    FillTime: 0,
    CloseTime: null,
    ...over,
  };
}

function page(orders: Order[], total = orders.length): MyDealResponse {
  return { ...FIGURES, data: orders, total, page: 1, all_fact_profits: '0.000000' };
}

let queryClient: QueryClient;
const holdingKey = () => m.queries.tradingKeys.dealList(1);
const holding = () => m.queries.flattenDeals(queryClient.getQueryData(holdingKey()));

beforeEach(() => {
  server.reset();
  queryClient = new QueryClient();
  queryClient.setQueryData(holdingKey(), { pages: [page([order(1), order(2)])], pageParams: [1] });
});

describe('FOREX_TRADE', () => {
  it('writes each holding order’s live price and floating P&L into the cached list', () => {
    m.live.applyTradeTicks(queryClient, [
      { Id: 1, Price: '95100.00', FactProfits: '0.995000' },
      { Id: 2, Price: '95100.00', FactProfits: '0.995000' },
    ]);
    expect(holding().map((o) => [o.Id, o.Price, o.FactProfits])).toEqual([
      [1, '95100.00', '0.995000'],
      [2, '95100.00', '0.995000'],
    ]);
    expect(queryClient.getQueryState(holdingKey())?.isInvalidated).toBe(false);
  });

  it('reads the lists again when a push names an order the list does not have (a pending order filled)', () => {
    m.live.applyTradeTicks(queryClient, [
      { Id: 1, Price: '95100.00', FactProfits: '0.995000' },
      { Id: 2, Price: '95100.00', FactProfits: '0.995000' },
      { Id: 3, Price: '95100.00', FactProfits: '0.100000' },
    ]);
    expect(queryClient.getQueryState(holdingKey())?.isInvalidated).toBe(true);
  });
});

describe('FOREX_CLOSED', () => {
  it('drops the order from Holding, says why, and refreshes history, figures and the balance', async () => {
    server.routes[routeKey(routes.balance)] = () => ({
      code: 1,
      data: { balance: '99999.000000', lock_balance: '0.000000' },
    });
    queryClient.setQueryData(m.queries.tradingKeys.figures(), FIGURES);
    m.live.applyClosed(queryClient, 1, 'tp');
    expect(holding().map((o) => o.Id)).toEqual([2]);
    expect(queryClient.getQueryData<{ pages: MyDealResponse[] }>(holdingKey())?.pages[0]?.total).toBe(1);
    expect(queryClient.getQueryState(m.queries.tradingKeys.figures())?.isInvalidated).toBe(true);
    await vi.waitFor(
      () =>
        expect([...document.querySelectorAll('.toast-text')].map((e) => e.textContent)).toContain(
          'A position was closed: take profit reached',
        ),
      TOAST_WAIT,
    );
    await vi.waitFor(() => expect(server.calls(routes.balance)).toHaveLength(1), TOAST_WAIT);
  });

  it('a pending order cancelled by the server leaves the pending list with its own message', async () => {
    queryClient.setQueryData(m.queries.tradingKeys.dealList(0), {
      pages: [page([order(7, { Status: 0 })])],
      pageParams: [1],
    });
    m.live.applyClosed(queryClient, 7, 'cancelled');
    expect(m.queries.flattenDeals(queryClient.getQueryData(m.queries.tradingKeys.dealList(0)))).toEqual([]);
    await vi.waitFor(
      () =>
        expect([...document.querySelectorAll('.toast-text')].map((e) => e.textContent)).toContain(
          'A pending order was cancelled: the available balance could not pay its fee.',
        ),
      TOAST_WAIT,
    );
  });
});

describe('margin call', () => {
  it('warns when the risk rate is at or below 100 %, never without holding orders', () => {
    const at = (equity: string, margin: string, rate: string | null) =>
      m.summary.marginCallDue({ ...FIGURES, equity, margin, risk_rate: rate });
    expect(at('1000.000000', '1000.000000', '100.00')).toBe(true);
    expect(at('999.999999', '1000.000000', '100.00')).toBe(true);
    expect(at('1000.000001', '1000.000000', '100.00')).toBe(false);
    expect(at('100000.000000', '0.000000', null)).toBe(false);
  });
});
