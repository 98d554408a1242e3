// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

type Mods = {
  Providers: typeof import('../lib/providers').Providers;
  AppTabBar: typeof import('./AppTabBar').AppTabBar;
};
let m: Mods;

beforeAll(async () => {
  await import('../lib/react19-render');
  const { initI18n } = await import('../i18n');
  await initI18n('en');
  const [{ Providers }, { AppTabBar }] = await Promise.all([
    import('../lib/providers'),
    import('./AppTabBar'),
  ]);
  m = { Providers, AppTabBar };
});

afterEach(() => {
  Toast.clear();
  cleanup();
});

function show(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <m.AppTabBar /> }], { initialEntries: [path] });
  render(
    <m.Providers>
      <RouterProvider router={router} />
    </m.Providers>,
  );
  return router;
}

describe('tab bar', () => {
  it('is a named navigation of links, the current page marked, each reachable by the keyboard', async () => {
    const router = show('/order');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Quotes', 'Trade', 'Orders', 'Copy trading', 'Ranking']);
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Trade' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(within(nav).getByRole('link', { name: 'Ranking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rank'));
  });

  it('copy trading is a link to the strategies, marked current there', async () => {
    const router = show('/');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Copy trading' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/follow'));
    expect(within(nav).getByRole('link', { name: 'Copy trading' }).getAttribute('aria-current')).toBe('page');
    expect(document.querySelector('.adm-dialog, [role="dialog"]')).toBeNull();
  });
});
