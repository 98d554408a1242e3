// @vitest-environment happy-dom
import { routes, STRATEGIES_PAGE_SIZE } from '@meridian/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, routeKey } from '../auth/test-server';
import { en } from '../auth/test-texts';
import { strategy } from './testing/fixtures';

const server = createFakeServer();
const { routes: replies } = server;

type Mods = {
  Providers: typeof import('../../lib/providers').Providers;
  StrategiesScreen: typeof import('./StrategiesScreen').StrategiesScreen;
  queryClient: typeof import('../../lib/services').queryClient;
};
let m: Mods;

beforeAll(async () => {
  vi.stubGlobal('fetch', server.fetch);
  await import('../../lib/react19-render');
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [{ Providers }, { StrategiesScreen }, { queryClient }] = await Promise.all([
    import('../../lib/providers'),
    import('./StrategiesScreen'),
    import('../../lib/services'),
  ]);
  m = { Providers, StrategiesScreen, queryClient };
});

beforeEach(() => {
  server.reset();
  m.queryClient.clear();
});
afterEach(() => {
  Toast.clear();
  cleanup();
});
afterAll(() => {
  vi.unstubAllGlobals();
});

function show() {
  const router = createMemoryRouter(
    [
      { path: '/follow', element: <m.StrategiesScreen /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: ['/follow'] },
  );
  render(
    <m.Providers>
      <RouterProvider router={router} />
    </m.Providers>,
  );
  return router;
}

/** The query parameters of every strategies request, in order, without the cache-buster. */
const asked = () =>
  server.calls(routes.strategies).map((c) => {
    const params = new URLSearchParams(c.params);
    params.delete('t');
    return params.toString();
  });

describe('/follow (the strategies)', () => {
  it('shows each strategy with its figures, tags and risk, and opens its page from the card', async () => {
    replies[routeKey(routes.strategies)] = () => ({
      code: 1,
      data: {
        list: [
          strategy(),
          strategy({
            id: 12,
            name: 'Sample Momentum',
            is_demo: 1,
            is_sample: 1,
            roi: '-4.00',
            risk_score: 8,
            fee_rate: '0.00',
            avatar: `${routes.strategyAvatar.path}?id=12&v=abc`,
          }),
        ],
        total: 2,
        page: 1,
      },
    });
    const router = show();
    const card = await screen.findByTestId('strategy-card-11');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Gold Trend');
    expect(card.textContent).toContain('by a***@example.com');
    expect(screen.getByTestId('strategy-card-11-roi').textContent).toBe('+12.50%');
    expect(screen.getByTestId('strategy-card-11-roi').className).toContain('up');
    expect(screen.getByTestId('strategy-card-11-three-week').textContent).toBe('-3.10%');
    expect(screen.getByTestId('strategy-card-11-win').textContent).toBe('61.54%');
    expect(screen.getByTestId('strategy-card-11-drawdown').textContent).toBe('8.20%');
    expect(screen.getByTestId('strategy-card-11-followers').textContent).toBe('7');
    expect(screen.getByTestId('strategy-card-11-orders').textContent).toBe('26');
    expect(screen.getByTestId('strategy-card-11-multiple').textContent).toBe('10×');
    expect(screen.getByTestId('strategy-card-11-variety').textContent).toBe('3');
    expect(screen.getByTestId('strategy-card-11-risk').textContent).toBe('Risk 4/10');
    expect(screen.getByTestId('strategy-card-11-fee').textContent).toBe('20.00%');
    expect(screen.getByTestId('strategy-card-11-min').textContent).toBe('100.00');
    // Neither demo nor sample: no tags. The second is both, costs nothing, and lost.
    expect(card.querySelector('.follow-tag')).toBeNull();
    const second = screen.getByTestId('strategy-card-12');
    expect([...second.querySelectorAll('.follow-tag')].map((el) => el.textContent)).toEqual([
      'Demo',
      'Sample',
    ]);
    expect(screen.getByTestId('strategy-card-12-roi').className).toContain('down');
    expect(screen.getByTestId('strategy-card-12-fee').textContent).toBe(en('follow.no_fee'));
    expect(screen.getByTestId('strategy-card-12-risk').className).toContain('follow-risk--high');
    // The initials on a colour of the id, hidden from assistive technology (the name is the heading).
    expect(card.querySelector('.follow-avatar')?.textContent).toBe('GT');
    expect(card.querySelector('.follow-avatar')?.getAttribute('aria-hidden')).toBe('true');
    // A strategy with a picture shows it, as decoration (alt ""), sized before it loads; if it
    // cannot be loaded, the initials come back.
    const picture = second.querySelector('img.follow-avatar') as HTMLImageElement;
    expect(picture.getAttribute('src')).toBe(`${routes.strategyAvatar.path}?id=12&v=abc`);
    expect(picture.getAttribute('alt')).toBe('');
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['40', '40']);
    fireEvent.error(picture);
    await waitFor(() => expect(second.querySelector('.follow-avatar')?.textContent).toBe('SM'));

    // The links to the trader's own pages.
    expect(screen.getByRole('link', { name: 'My copies' }).getAttribute('href')).toBe('/follow/copies');
    expect(screen.getByRole('link', { name: 'My strategy' }).getAttribute('href')).toBe('/follow/mine');

    fireEvent.click(screen.getByRole('link', { name: 'Gold Trend' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/follow/strategy'));
    expect(router.state.location.search).toBe('?id=11');
  });

  it('asks again when the sort, the filters or the search change, and pages with Load more', async () => {
    replies[routeKey(routes.strategies)] = (seen) => {
      const page = Number(seen.params.get('page'));
      // A full first page, then a short second one.
      const count = page === 1 ? STRATEGIES_PAGE_SIZE : 3;
      return {
        code: 1,
        data: {
          list: Array.from({ length: count }, (_, i) =>
            strategy({ id: page * 100 + i + 1, name: `S ${page}-${i}` }),
          ),
          total: STRATEGIES_PAGE_SIZE + 3,
          page,
        },
      };
    };
    show();
    await screen.findByTestId('strategy-card-101');
    expect(asked()).toEqual(['sort=roi&page=1']);

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'win_rate' } });
    await waitFor(() => expect(asked()).toContain('sort=win_rate&page=1'));

    fireEvent.click(screen.getByTestId('strategy-filter-demo'));
    await waitFor(() => expect(asked()).toContain('sort=win_rate&demo=1&page=1'));
    expect(screen.getByTestId('strategy-filter-demo').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('strategy-filter-all').getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(screen.getByTestId('strategy-risk-3'));
    await waitFor(() => expect(asked()).toContain('sort=win_rate&demo=1&max_risk=3&page=1'));

    const search = screen.getByRole('searchbox', { name: 'Search strategies by name' });
    fireEvent.change(search, { target: { value: ' gold ' } });
    fireEvent.submit(search.closest('form') as HTMLFormElement);
    await waitFor(() => expect(asked()).toContain('sort=win_rate&demo=1&max_risk=3&q=gold&page=1'));

    await screen.findByTestId('strategy-card-120');
    fireEvent.click(screen.getByTestId('strategies-more'));
    await screen.findByTestId('strategy-card-203');
    expect(asked()).toContain('sort=win_rate&demo=1&max_risk=3&q=gold&page=2');
    // Everything is in: no more button.
    expect(screen.queryByTestId('strategies-more')).toBeNull();
    expect(
      screen.getAllByRole('listitem').filter((li) => li.classList.contains('strategy-card')),
    ).toHaveLength(STRATEGIES_PAGE_SIZE + 3);
  });

  it('says so when no strategy matches', async () => {
    replies[routeKey(routes.strategies)] = () => ({ code: 1, data: { list: [], total: 0, page: 1 } });
    show();
    const empty = await screen.findByTestId('strategies-empty');
    expect(empty.textContent).toContain(en('follow.empty_title'));
    expect(within(empty).getByRole('heading', { level: 2 })).toBeTruthy();
    expect(screen.queryByTestId('strategies-more')).toBeNull();
  });
});
