// @vitest-environment happy-dom
import { routes } from '@meridian/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sampleInstrument } from '../markets/test-data';

const LIST = [
  sampleInstrument({
    Id: 1,
    Code: 'EURUSD',
    ForexQuotations: { Open: '1.16000', Close: '1.165', Change: '0.43' },
  }),
  sampleInstrument({
    Id: 2,
    Code: 'USDJPY',
    PricePrecision: 3,
    ForexQuotations: { Open: '152.400', Close: '152.1', Change: '-0.2' },
  }),
  sampleInstrument({
    Id: 3,
    Code: 'XAUUSD',
    ShowCode: 'Gold',
    CategoryId: 3,
    MarketStatus: 0,
    PricePrecision: 2,
    ForexQuotations: { Open: '4150.00', Close: '4150', Change: '0.00' },
  }),
];
const CATEGORIES = [
  { Id: 1, NameShowTrans: 'Major forex' },
  { Id: 3, NameShowTrans: 'Metals' },
];

let releaseList: () => void = () => undefined;
const listGate = new Promise<void>((resolve) => {
  releaseList = resolve;
});
const requested: string[] = [];

async function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://app.test');
  requested.push(
    `${url.pathname}${url.searchParams.has('forex_id') ? `#${url.searchParams.get('forex_id')}` : ''}`,
  );
  const reply = (data: unknown) => new Response(JSON.stringify({ code: 1, msg: '', data }));
  if (url.pathname === routes.tradeList.path) {
    await listGate;
    return reply(LIST);
  }
  if (url.pathname === routes.categories.path) return reply(CATEGORIES);
  if (url.pathname === routes.abbreviatedKline.path) {
    return reply([
      { Time: 0, Close: '1.1' },
      { Time: 900, Close: '1.2' },
    ]);
  }
  return new Response(JSON.stringify({ code: 404, msg: 'not found' }), { status: 404 });
}

/** Rows come into view only when a test says so. */
class FakeIntersectionObserver {
  static readonly all = new Set<FakeIntersectionObserver>();
  private readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.all.add(this);
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
    FakeIntersectionObserver.all.delete(this);
  }
  takeRecords() {
    return [];
  }
  static scrollIntoView(el: Element) {
    for (const observer of [...FakeIntersectionObserver.all]) {
      if (!observer.targets.has(el)) continue;
      const record = { isIntersecting: true, target: el } as IntersectionObserverEntry;
      observer.callback([record], observer as unknown as IntersectionObserver);
    }
  }
}

type Mods = {
  Providers: typeof import('../../lib/providers').Providers;
  HomeScreen: typeof import('./HomeScreen').HomeScreen;
  queryClient: typeof import('../../lib/services').queryClient;
  applyDayMarket: typeof import('../markets/live').applyDayMarket;
  useSelectedInstrument: typeof import('../markets/selected-instrument').useSelectedInstrument;
};
let m: Mods;

beforeAll(async () => {
  vi.stubGlobal('fetch', fakeFetch);
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  sessionStorage.clear();
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [{ Providers }, { HomeScreen }, { queryClient }, { applyDayMarket }, { useSelectedInstrument }] =
    await Promise.all([
      import('../../lib/providers'),
      import('./HomeScreen'),
      import('../../lib/services'),
      import('../markets/live'),
      import('../markets/selected-instrument'),
    ]);
  m = { Providers, HomeScreen, queryClient, applyDayMarket, useSelectedInstrument };
});

afterEach(() => cleanup());
afterAll(() => {
  m.queryClient.clear();
  vi.unstubAllGlobals();
});

const rowCodes = () => screen.queryAllByTestId(/^market-row-/).map((el) => el.dataset.testid);

describe('HomeScreen', () => {
  it('shows 10 skeleton rows, then the markets with price, change and closed label, and filters by category', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <m.HomeScreen /> },
        { path: '/trade', element: <div data-testid="trade-landed" /> },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <m.Providers>
        <RouterProvider router={router} />
      </m.Providers>,
    );

    const skeleton = await screen.findByTestId('market-skeleton');
    expect(skeleton.querySelectorAll('li')).toHaveLength(10);
    act(() => releaseList());
    await screen.findByTestId('market-row-EURUSD');
    expect(screen.queryByTestId('market-skeleton')).toBeNull();
    expect(rowCodes()).toEqual(['market-row-EURUSD', 'market-row-USDJPY', 'market-row-XAUUSD']);

    // Price in the instrument's precision; change with sign and 2 decimals, coloured; closed label.
    const eur = within(screen.getByTestId('market-row-EURUSD'));
    expect(eur.getByTestId('row-price').textContent).toBe('1.16500');
    expect(eur.getByText('+0.43%').className).toContain('market-row__change--up');
    const jpy = within(screen.getByTestId('market-row-USDJPY'));
    expect(jpy.getByTestId('row-price').textContent).toBe('152.100');
    expect(jpy.getByText('-0.20%').className).toContain('market-row__change--down');
    const gold = screen.getByTestId('market-row-XAUUSD');
    expect(gold.textContent).toContain('Closed');
    expect(gold.textContent).not.toContain('%');

    // Tap a chip: only its instruments; tap it again: all of them.
    fireEvent.click(await screen.findByTestId('category-chip-3'));
    expect(rowCodes()).toEqual(['market-row-XAUUSD']);
    expect(screen.getByTestId('category-chip-3').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('category-chip-1'));
    expect(rowCodes()).toEqual(['market-row-EURUSD', 'market-row-USDJPY']);
    fireEvent.click(screen.getByTestId('category-chip-1'));
    expect(rowCodes()).toHaveLength(3);

    // A DAY_MARKET push lands in the cached list and the row shows it.
    act(() =>
      m.applyDayMarket(m.queryClient, [
        {
          Id: 1,
          Code: 'EURUSD',
          Bid: '1.17',
          Ask: '1.17008',
          Close: '1.17',
          Open: '1.16000',
          Change: '-0.86',
          MarketStatus: 1,
          Time: 1,
        },
      ]),
    );
    // Query observers are notified on the next tick.
    await waitFor(() =>
      expect(within(screen.getByTestId('market-row-EURUSD')).getByTestId('row-price').textContent).toBe(
        '1.17000',
      ),
    );
    const eurNow = within(screen.getByTestId('market-row-EURUSD'));
    expect(eurNow.getByText('-0.86%').className).toContain('market-row__change--down');
    // The list was also kept in sessionStorage for the next visit.
    expect(sessionStorage.getItem('meridian.trade_list')).toContain('USDJPY');

    // Tapping a row selects it and opens /trade.
    fireEvent.click(screen.getByTestId('market-row-USDJPY'));
    await screen.findByTestId('trade-landed');
    expect(m.useSelectedInstrument.getState().selected).toEqual({ id: 2, code: 'USDJPY' });
  });

  it('finds an instrument by code or name, and keeps starred rows on top, on this device', async () => {
    localStorage.removeItem('meridian.favourites');
    render(
      <m.Providers>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: <m.HomeScreen /> }])} />
      </m.Providers>,
    );
    act(() => releaseList());
    await screen.findByTestId('market-row-EURUSD');
    // The header's search icon still leads to the company search; the field finds instruments.
    expect(screen.getByTestId('home-search').getAttribute('aria-label')).toBe('Search service providers');
    const search = screen.getByRole('searchbox', { name: 'Search instruments' });
    fireEvent.change(search, { target: { value: 'gold' } });
    expect(rowCodes()).toEqual(['market-row-XAUUSD']);
    fireEvent.change(search, { target: { value: 'usd JPY' } });
    expect(rowCodes()).toEqual(['market-row-USDJPY']);
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    expect(rowCodes()).toEqual([]);
    expect(screen.getByTestId('market-empty').textContent).toBe('No instruments match.');
    fireEvent.change(search, { target: { value: '' } });
    expect(rowCodes()).toEqual(['market-row-EURUSD', 'market-row-USDJPY', 'market-row-XAUUSD']);

    fireEvent.click(screen.getByRole('button', { name: 'Add XAUUSD to favourites' }));
    expect(rowCodes()).toEqual(['market-row-XAUUSD', 'market-row-EURUSD', 'market-row-USDJPY']);
    expect(screen.getByTestId('favourite-XAUUSD').getAttribute('aria-label')).toBe(
      'Remove XAUUSD from favourites',
    );
    expect(JSON.parse(localStorage.getItem('meridian.favourites') ?? '{}').state.codes).toEqual(['XAUUSD']);
    fireEvent.click(screen.getByTestId('favourite-XAUUSD'));
    expect(rowCodes()).toEqual(['market-row-EURUSD', 'market-row-USDJPY', 'market-row-XAUUSD']);
  });

  it('loads the logo and the small chart of a row only when the row scrolls into view', async () => {
    render(
      <m.Providers>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: <m.HomeScreen /> }])} />
      </m.Providers>,
    );
    const sparkline = await screen.findByTestId('sparkline-3');
    expect(requested.filter((r) => r.startsWith(routes.abbreviatedKline.path))).toEqual([]);
    expect(sparkline.querySelector('svg')).toBeNull();
    // The row is what is watched (its logo waits for it too).
    const row = sparkline.closest('li');
    if (!row) throw new Error('the sparkline is not in a row');
    expect(row.querySelector('img')).toBeNull();
    act(() => FakeIntersectionObserver.scrollIntoView(row));
    expect(row.querySelector('img.market-row__logo')?.getAttribute('src')).toBeTruthy();
    await waitFor(() => expect(sparkline.querySelector('path.sparkline__line')).not.toBeNull());
    expect(requested.filter((r) => r.startsWith(routes.abbreviatedKline.path))).toEqual([
      `${routes.abbreviatedKline.path}#3`,
    ]);
  });

  it("moves a row's small chart with the live price, without fetching its points again", async () => {
    render(
      <m.Providers>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: <m.HomeScreen /> }])} />
      </m.Providers>,
    );
    const sparkline = await screen.findByTestId('sparkline-1');
    const row = sparkline.closest('li');
    if (!row) throw new Error('the sparkline is not in a row');
    act(() => FakeIntersectionObserver.scrollIntoView(row));
    const line = () => sparkline.querySelector('path.sparkline__line')?.getAttribute('d') ?? null;
    await waitFor(() => expect(line()).not.toBeNull());
    const before = line();
    const fetched = requested.filter((r) => r === `${routes.abbreviatedKline.path}#1`).length;
    // The points end at 1.2; a price of 1.0 moves the line's last point (the live price reaches the
    // paths through a context, past the component that reads the points' query).
    act(() =>
      m.applyDayMarket(m.queryClient, [
        {
          Id: 1,
          Code: 'EURUSD',
          Bid: '1.0',
          Ask: '1.00008',
          Close: '1.0',
          Open: '1.16000',
          Change: '-1.00',
          MarketStatus: 1,
          Time: 2,
        },
      ]),
    );
    await waitFor(() => expect(line()).not.toBe(before));
    expect(requested.filter((r) => r === `${routes.abbreviatedKline.path}#1`).length).toBe(fetched);
  });
});
