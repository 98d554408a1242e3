// @vitest-environment happy-dom
import type { Order } from '@meridian/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

type Mods = {
  Providers: typeof import('../../lib/providers').Providers;
  OrderRow: typeof import('./OrderRow').OrderRow;
};
let m: Mods;

beforeAll(async () => {
  await import('../../lib/react19-render');
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [{ Providers }, { OrderRow }] = await Promise.all([
    import('../../lib/providers'),
    import('./OrderRow'),
  ]);
  m = { Providers, OrderRow };
});

afterEach(() => {
  cleanup();
});

const HOLDING: Order = {
  Id: 501,
  ForexId: 3,
  ForexTradeLists: { ShowCode: 'XAU/USD', Code: 'XAUUSD', PricePrecision: 2 },
  OrderType: 1,
  Status: 1,
  Quantity: '0.05',
  OriginPrice: '2650.10',
  Price: '2661.30',
  FactProfits: '56.000000',
  CautionMoney: '662.525000',
  TradeFee: '0.500000',
  TargetLossPrice: '0',
  TargetProfitPrice: '0',
  Multiple: 20,
  CloseReason: null,
  CreateTimeHandler: '2026-01-13 10:00:00',
  CreateTime: 0,
  FillTime: 0,
  CloseTime: null,
};

function show(order: Order, onOpen: (o: Order) => void) {
  const router = createMemoryRouter(
    [
      { path: '/order', element: <m.OrderRow order={order} price={order.Price} onOpen={onOpen} /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: ['/order'] },
  );
  render(
    <m.Providers>
      <RouterProvider router={router} />
    </m.Providers>,
  );
  return router;
}

describe('order row', () => {
  it('opens the detail sheet (close, TP/SL) for the trader’s own position', () => {
    const onOpen = vi.fn();
    show(HOLDING, onOpen);
    fireEvent.click(screen.getByTestId('order-row-501'));
    expect(onOpen).toHaveBeenCalledWith(HOLDING);
    expect(screen.queryByTestId('order-row-501-copied')).toBeNull();
  });

  it('marks a copied position and opens its copy instead, never the sheet that closes or edits it', async () => {
    const onOpen = vi.fn();
    const router = show({ ...HOLDING, CopyId: 31, CopyName: 'Gold Trend' }, onOpen);
    expect(screen.getByTestId('order-row-501-copied').textContent).toBe('Copied · Gold Trend');
    const row = screen.getByTestId('order-row-501');
    expect(row.tagName).toBe('A');
    expect(row.getAttribute('href')).toBe('/follow/copy?id=31');
    fireEvent.click(row);
    expect(onOpen).not.toHaveBeenCalled();
    await screen.findByTestId('elsewhere');
    expect(router.state.location.search).toBe('?id=31');
  });
});
