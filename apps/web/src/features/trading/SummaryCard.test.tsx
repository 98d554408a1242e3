// @vitest-environment happy-dom
import { type AccountFigures, routes } from '@meridian/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, routeKey, type Seen } from '../auth/test-server';
import { freeMargin } from './display';

const server = createFakeServer();

type Mods = {
  Providers: typeof import('../../lib/providers').Providers;
  queryClient: typeof import('../../lib/services').queryClient;
  card: typeof import('./SummaryCard');
};
let m: Mods;

beforeAll(async () => {
  vi.stubGlobal('fetch', server.fetch);
  await import('../../lib/react19-render');
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [{ Providers }, { queryClient }, card] = await Promise.all([
    import('../../lib/providers'),
    import('../../lib/services'),
    import('./SummaryCard'),
  ]);
  m = { Providers, queryClient, card };
});

beforeEach(() => {
  server.reset();
  m.queryClient.clear();
  // This deployment's operator moved both levels from the defaults (100 and 50).
  server.routes[routeKey(routes.publicSetting)] = (seen: Seen) => {
    const key = seen.params.get('key') ?? '';
    return { code: 1, data: { key, value: key === 'margin_call_level' ? '120' : '40' } };
  };
});
afterEach(() => {
  cleanup();
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const FIGURES: AccountFigures = {
  balance: '98765.432100',
  lock_balance: '1500.000000',
  margin: '1000.000000',
  profit: '-12.345678',
  equity: '100253.086422',
  risk_rate: '10025.31',
};

describe('summary card', () => {
  it('shows equity, free margin, balance and margin in use, all money at 2 decimals', () => {
    render(
      <m.Providers>
        <m.card.SummaryCard tab="holding" figures={FIGURES} realised={undefined} />
      </m.Providers>,
    );
    expect(screen.getByTestId('summary-profit').textContent).toBe('-12.35');
    expect(screen.getByTestId('summary-equity').textContent).toBe('100,253.09');
    // The free balance less the open loss.
    expect(screen.getByTestId('summary-free-margin').textContent).toBe('98,753.09');
    expect(screen.getByTestId('summary-balance').textContent).toBe('98,765.43');
    expect(screen.getByTestId('summary-margin').textContent).toBe('1,000.00');
    expect(screen.getByTestId('risk-rate').textContent).toBe('10025.31%');
  });

  it('explains the risk rate where it is shown, with this deployment’s margin-call and stop-out levels', async () => {
    render(
      <m.Providers>
        <m.card.SummaryCard tab="holding" figures={FIGURES} realised={undefined} />
      </m.Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'What is the risk rate?' }));
    const sheet = await screen.findByRole('dialog', { name: 'Risk rate' });
    expect(sheet.textContent).toContain('Risk rate = equity ÷ margin in use × 100%');
    expect(sheet.textContent).toContain('10025.31%');
    await waitFor(() =>
      expect(screen.getByTestId('risk-margin-call').textContent).toContain('At 120% or below'),
    );
    expect(screen.getByTestId('risk-stop-out').textContent).toContain('At 40% or below: stop-out');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Risk rate' })).toBeNull());
  });

  it('free margin is the free balance less the open loss, exact in micro-units, and "--" without figures', () => {
    expect(freeMargin(undefined)).toBe('--');
    expect(freeMargin({ ...FIGURES, balance: '0.000001', profit: '0.000000' })).toBe('0.00');
    // A loss larger than the free balance: below zero.
    expect(freeMargin({ ...FIGURES, balance: '500.010000', profit: '-1000.000000' })).toBe('-499.99');
    // An open profit adds nothing (the server lets no new order or withdrawal take it).
    expect(freeMargin({ ...FIGURES, balance: '100.000000', profit: '250.000000' })).toBe('100.00');
    // A withdrawal waiting for the operator is frozen, not free, and left out of the equity: it
    // changes nothing here.
    expect(
      freeMargin({
        ...FIGURES,
        balance: '100.000000',
        lock_balance: '600.000000',
        profit: '-0.500000',
      }),
    ).toBe('99.50');
  });

  it('warns of a margin call at the deployment’s level, not the default', async () => {
    // 110 %: below this operator's 120 %, above the default 100 %.
    const figures = { ...FIGURES, equity: '1100.000000', margin: '1000.000000', risk_rate: '110.00' };
    render(
      <m.Providers>
        <m.card.MarginCallWarning figures={figures} />
      </m.Providers>,
    );
    await screen.findByTestId('margin-call');
  });
});
