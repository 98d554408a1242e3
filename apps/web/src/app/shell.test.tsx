// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** The shell connects the live socket on every navigation; here it talks to a socket that never opens. */
class IdleWebSocket {
  readyState = 0;
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  send() {}
  close() {}
}

type Shell = {
  router: ReturnType<typeof import('./router').createAppRouter>;
  Providers: typeof import('../lib/providers').Providers;
  useSession: typeof import('../lib/stores/session').useSession;
  socket: typeof import('../lib/services').socket;
  queryClient: typeof import('../lib/services').queryClient;
};
let shell: Shell;

beforeAll(async () => {
  vi.stubGlobal('WebSocket', IdleWebSocket);
  // The screens' data calls fail as with no network (a browser's fetch rejects with a TypeError),
  // without reaching for a server on happy-dom's default origin (localhost:3000).
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  window.location.hash = '#/';
  // As in main.tsx: the home screen's data calls fail here, and their error toasts need this renderer.
  await import('../lib/react19-render');
  const { initI18n } = await import('../i18n');
  await initI18n('en');
  const [{ createAppRouter }, { Providers }, { useSession }, { socket, queryClient }] = await Promise.all([
    import('./router'),
    import('../lib/providers'),
    import('../lib/stores/session'),
    import('../lib/services'),
  ]);
  const router = createAppRouter();
  shell = { router, Providers, useSession, socket, queryClient };
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
});

afterAll(() => {
  shell.socket.close();
  cleanup();
  vi.unstubAllGlobals();
});

function isShown(el: Element): boolean {
  for (let e: Element | null = el; e; e = e.parentElement) {
    if (e instanceof HTMLElement && e.style.display === 'none') return false;
  }
  return true;
}

/** The one element with this test id that is not inside a hidden kept-alive pane. */
async function findShown(testId: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    const shown = screen.queryAllByTestId(testId).filter(isShown);
    expect(shown).toHaveLength(1);
    found = shown[0];
  });
  return found as HTMLElement;
}

async function go(path: string): Promise<void> {
  await act(() => shell.router.navigate(path));
}

describe('app shell (real router, real screens)', () => {
  it('shows the five tabs and the footer on /, and a top bar instead on sub-pages', async () => {
    await go('/');
    await screen.findByTestId('page-home');
    for (const tab of ['quotes', 'trade', 'orders', 'documentary', 'ranking']) {
      expect(screen.getByTestId(`tab-${tab}`)).toBeTruthy();
    }
    expect(screen.getByTestId('footer')).toBeTruthy();
    expect(screen.queryByTestId('top-nav')).toBeNull();

    // The tabs are links the keyboard reaches, the current one marked (AppTabBar.test.tsx has more).
    const tabbar = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(tabbar).getByRole('link', { name: 'Quotes' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabbar).getByRole('link', { name: 'Trade' }).getAttribute('href')).toBe('#/trade');

    await go('/feedback');
    await screen.findByTestId('page-feedback');
    expect(screen.queryByTestId('footer')).toBeNull();
    expect(screen.queryByTestId('tabbar')).toBeNull();
    // A real, named back button and the title as the page's heading.
    expect(screen.getByRole('heading', { level: 1, name: 'Feedback' })).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('top-nav')).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(shell.router.state.location.pathname).toBe('/'));
  });

  it('shows the coming-soon page with a back button on screens still to come, and a 404 elsewhere', async () => {
    await go('/product');
    const page = await findShown('page-coming-soon');
    expect(page.textContent).toContain('Coming soon');
    expect(page.querySelector('button')?.textContent).toBe('Back');
    await go('/no/such/page');
    expect((await screen.findByTestId('page-not-found')).textContent).toContain('This page does not exist.');
  });

  it('keeps / alive across a round trip: the same DOM survives, hidden meanwhile', async () => {
    await go('/');
    await screen.findByTestId('page-home');
    const pane = document.querySelector('[data-pane="home"]') as HTMLElement;
    await go('/rank');
    await waitFor(() => expect(document.querySelector('[data-pane="rank"]')).toBeTruthy());
    expect(pane.isConnected).toBe(true);
    expect(pane.style.display).toBe('none');
    await go('/');
    expect(document.querySelector('[data-pane="home"]')).toBe(pane);
    expect(pane.style.display).toBe('');
  });

  it('sends a visitor from /order to /login?from=/order', async () => {
    act(() => shell.useSession.getState().clear());
    await go('/order?tab=1');
    await screen.findByTestId('page-login');
    const { pathname, search } = shell.router.state.location;
    expect(pathname).toBe('/login');
    expect(new URLSearchParams(search).get('from')).toBe('/order?tab=1');
  });

  it('shows a demo account what a real-account page does, and the way to open a real account, in its place', async () => {
    act(() => {
      shell.useSession.getState().setToken('demo-token');
      shell.useSession.getState().setUser({ id: 1, uid: '1001', is_demo: 1 });
    });
    await go('/mine/history');
    await findShown('page-history');
    await go('/mine/charge');
    expect(shell.router.state.location.pathname).toBe('/mine/charge');
    const explainer = await findShown('page-real-only');
    expect(explainer.textContent).toContain('Only a real account may use this feature');
    expect(screen.getByTestId('real-only-feature').textContent).toBe(
      'Deposit: add money to a real account by bank wire or digital currency. It is credited after review.',
    );
    // The page itself is not there; no dialog waits to be dismissed and no toast repeats the refusal.
    expect(screen.queryByTestId('page-charge')).toBeNull();
    expect(document.querySelector('.adm-dialog')).toBeNull();
    const toasts = [...document.querySelectorAll('.toast-text')].map((el) => el.textContent ?? '');
    expect(toasts.filter((text) => text.includes('Only a real account'))).toEqual([]);
    fireEvent.click(screen.getByTestId('real-only-register'));
    await screen.findByTestId('page-register');
    expect(shell.router.state.location.pathname).toBe('/register');
    expect(new URLSearchParams(shell.router.state.location.search).get('from')).toBe('/mine/charge');

    act(() => shell.useSession.getState().setUser({ id: 1, uid: '1001', is_demo: 0 }));
    await go('/mine/charge');
    expect(shell.router.state.location.pathname).toBe('/mine/charge');
    await waitFor(() => expect(screen.queryByTestId('page-real-only')).toBeNull());
    act(() => shell.useSession.getState().clear());
  });

  it('switches to Arabic from /language: texts, <html lang>, right-to-left, and data the server words refetched', async () => {
    await go('/language');
    const item = await screen.findByTestId('lang-ar');
    expect(screen.getAllByTestId(/^lang-/)).toHaveLength(14);
    // Something fetched in English (the server words skip reasons, ledger lines, sample descriptions).
    const key = ['test', 'worded-by-the-server'];
    shell.queryClient.setQueryData(key, 'in English');
    expect(shell.queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    fireEvent.click(item);
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    await waitFor(() => expect(shell.queryClient.getQueryState(key)?.isInvalidated).toBe(true));
    expect(document.documentElement.lang).toBe('ar');
    expect(screen.getByTestId('top-nav').textContent).not.toContain('Language');
    fireEvent.click(screen.getByTestId('lang-en'));
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
    expect(screen.getByTestId('top-nav').textContent).toContain('Language');
  });
});
