// @vitest-environment happy-dom
import type { Order } from '@meridian/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/** Issue 11, item 5: the house's negative-balance credit shown beside the loss of a closed order. */

type Mods = {
  Providers: typeof import('../../lib/providers').Providers;
  OrderSheet: typeof import('./OrderSheet').OrderSheet;
};
let m: Mods;

beforeAll(async () => {
  await import('../../lib/react19-render');
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [{ Providers }, { OrderSheet }] = await Promise.all([
    import('../../lib/providers'),
    import('./OrderSheet'),
  ]);
  m = { Providers, OrderSheet };
});

afterEach(() => {
  cleanup();
});

function closed(over: Partial<Order>): Order {
  return {
    Id: 41,
    ForexId: 1,
    ForexTradeLists: { ShowCode: 'EUR/USD', Code: 'EURUSD', PricePrecision: 5 },
    OrderType: 1,
    Status: 3,
    Quantity: '15',
    OriginPrice: '1.10010',
    Price: '1.00000',
    FactProfits: '-150150.000000',
    CautionMoney: '82507.500000',
    TradeFee: '105.000000',
    TargetLossPrice: '0',
    TargetProfitPrice: '0',
    Multiple: 20,
    CloseReason: 'stop_out',
    CreateTimeHandler: '2026-01-13 10:00:00',
    CreateTime: 0,
    FillTime: 0,
    CloseTime: 1,
    ...over,
  };
}

function show(order: Order) {
  render(
    <m.Providers>
      <m.OrderSheet order={order} onClose={() => undefined} />
    </m.Providers>,
  );
}

describe('order detail', () => {
  it('shows the protection credit beside the loss when the house covered part of it', async () => {
    show(closed({ Protection: '50255.000000' }));
    expect((await screen.findByTestId('sheet-pnl')).textContent).toBe('-150150.00');
    const credit = screen.getByTestId('sheet-protection');
    expect(credit.textContent).toBe('+50255.00');
    expect(credit.closest('.order-sheet__fact')?.textContent).toContain('Covered by balance protection');
  });

  it('shows no protection line when there was none (or the server did not say)', async () => {
    show(closed({ Protection: '0.000000', FactProfits: '-10.000000' }));
    await screen.findByTestId('sheet-pnl');
    expect(screen.queryByTestId('sheet-protection')).toBeNull();
    cleanup();
    show(closed({}));
    await screen.findByTestId('sheet-pnl');
    expect(screen.queryByTestId('sheet-protection')).toBeNull();
  });

  it('money at 2 decimals; dismiss is the named close icon in the header, apart from Close position', async () => {
    const onClose = vi.fn();
    render(
      <m.Providers>
        <m.OrderSheet
          order={closed({ Status: 1, CloseReason: null, CloseTime: null, FactProfits: '12.345678' })}
          onClose={onClose}
        />
      </m.Providers>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'EUR/USD' });
    expect(screen.getByTestId('sheet-margin').textContent).toBe('82,507.50');
    expect(screen.getByTestId('sheet-fee').textContent).toBe('105.00');
    const dismiss = within(dialog).getByRole('button', { name: 'Close details' });
    const closePosition = within(dialog).getByRole('button', { name: 'Close position' });
    expect(dismiss.closest('header')).not.toBeNull();
    expect(closePosition.closest('header')).toBeNull();
    expect(within(dialog).queryAllByRole('button', { name: 'Close' })).toEqual([]);
    fireEvent.click(dismiss);
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('shows a pending order at the live price it would open at', async () => {
    render(
      <m.Providers>
        <m.OrderSheet
          order={closed({ Status: 0, CloseReason: null, CloseTime: null, Price: '1.10000' })}
          price="1.10123"
          onClose={() => undefined}
        />
      </m.Providers>,
    );
    expect((await screen.findByTestId('sheet-price')).textContent).toBe('1.10123');
  });
});
