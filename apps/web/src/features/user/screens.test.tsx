// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, sampleUser } from '../auth/test-server';
import { en } from '../auth/test-texts';

const server = createFakeServer();
const { routes } = server;

type Mods = {
  Providers: typeof import('../../app/providers').Providers;
  useSession: typeof import('../../app/stores/session').useSession;
  UserScreen: typeof import('./UserScreen').UserScreen;
  SystemScreen: typeof import('./SystemScreen').SystemScreen;
  PasswordScreen: typeof import('./PasswordScreen').PasswordScreen;
  InviteScreen: typeof import('./InviteScreen').InviteScreen;
};
let m: Mods;

beforeAll(async () => {
  vi.stubGlobal('fetch', server.fetch);
  await import('../../lib/react19-render');
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [
    { Providers },
    { useSession },
    { UserScreen },
    { SystemScreen },
    { PasswordScreen },
    { InviteScreen },
  ] = await Promise.all([
    import('../../app/providers'),
    import('../../app/stores/session'),
    import('./UserScreen'),
    import('./SystemScreen'),
    import('./PasswordScreen'),
    import('./InviteScreen'),
  ]);
  m = { Providers, useSession, UserScreen, SystemScreen, PasswordScreen, InviteScreen };
});

function signedIn(user: typeof sampleUser, balance: string) {
  routes['GET /api/user/info'] = () => ({ code: 1, data: user });
  routes['GET /v1/api/main/wallet/getBalance'] = () => ({
    code: 1,
    data: { balance, lock_balance: '0.000000' },
  });
  act(() => {
    m.useSession.getState().setToken('tok-now');
    m.useSession.getState().setUser(user);
  });
}

beforeEach(() => {
  server.reset();
  localStorage.removeItem('meridian.hide_balance');
  m.useSession.getState().clear();
});

afterEach(() => {
  // Toasts and dialogs live outside the rendered tree; close them so the next test starts clean.
  Toast.clear();
  Dialog.clear();
  cleanup();
});

afterAll(() => {
  vi.unstubAllGlobals();
});

const Landed = () => <div data-testid="landed" />;

function show(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/user', element: <m.UserScreen /> },
      { path: '/mine/system', element: <m.SystemScreen /> },
      { path: '/mine/password', element: <m.PasswordScreen /> },
      { path: '/mine/invite', element: <m.InviteScreen /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: ['/', entry] },
  );
  render(
    <m.Providers>
      <RouterProvider router={router} />
    </m.Providers>,
  );
  return router;
}

const toastSays = (text: string) =>
  waitFor(() =>
    expect([...document.body.querySelectorAll('.toast-text')].map((e) => e.textContent)).toContain(text),
  );

async function confirm(): Promise<void> {
  const button = await waitFor(() => {
    // The newest dialog: an earlier one may still be fading out.
    const b = [...document.body.querySelectorAll<HTMLElement>('.dialog-confirm')].pop();
    expect(b).toBeTruthy();
    return b as HTMLElement;
  });
  fireEvent.click(button);
}

describe('user page', () => {
  it('shows a demo account: label, uid, balance read on visit, credit score 100, hide toggle, reset', async () => {
    signedIn({ ...sampleUser, email: '', is_demo: 1, invite_code: '', credit_score: 0.5 }, '100000.000000');
    routes['GET /v1/api/main/user/resetForexDemoAccount'] = () => ({ code: 1 });
    show('/user');
    await waitFor(() => expect(screen.getByTestId('account-balance').textContent).toBe('100,000.00'));
    expect(screen.getByTestId('account-label').textContent).toBe(en('user.mock_account'));
    expect(screen.getByTestId('account-uid').textContent).toBe('10000007');
    expect(screen.getByTestId('credit-score').textContent).toBe('100');
    expect(server.calls('/v1/api/main/wallet/getBalance')[0]?.token).toBe('tok-now');

    fireEvent.click(screen.getByTestId('balance-toggle'));
    expect(screen.getByTestId('account-balance').textContent).toBe('******');
    expect(localStorage.getItem('meridian.hide_balance')).toBe('1');
    fireEvent.click(screen.getByTestId('balance-toggle'));
    expect(screen.getByTestId('account-balance').textContent).toBe('100,000.00');

    routes['GET /v1/api/main/wallet/getBalance'] = () => ({
      code: 1,
      data: { balance: '100000.000000', lock_balance: '0.000000' },
    });
    fireEvent.click(screen.getByTestId('reset-demo'));
    await confirm();
    await toastSays(en('user.reset_mock_done'));
    expect(server.calls('/v1/api/main/user/resetForexDemoAccount')).toHaveLength(1);
  });

  it('shows a real account by its e-mail, its real credit score, and no reset button', async () => {
    signedIn({ ...sampleUser, credit_score: 80 }, '12.345000');
    show('/user');
    await waitFor(() => expect(screen.getByTestId('account-balance').textContent).toBe('12.35'));
    expect(screen.getByTestId('account-label').textContent).toBe('ann@example.test');
    expect(screen.getByTestId('credit-score').textContent).toBe('80');
    expect(screen.queryByTestId('reset-demo')).toBeNull();
  });
});

describe('logout (/mine/system)', () => {
  it('revokes the token on the server, forgets the session and goes home', async () => {
    signedIn(sampleUser, '1.000000');
    routes['POST /api/user/logout'] = () => ({ code: 1 });
    const router = show('/mine/system');
    fireEvent.click(await screen.findByTestId('logout'));
    await confirm();
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/');
    expect(server.calls('/api/user/logout')[0]?.token).toBe('tok-now');
    expect(m.useSession.getState()).toMatchObject({ token: null, user: null, isLogin: false });
    await toastSays(en('messages.logout_success'));
  });
});

describe('change password (/mine/password)', () => {
  it('validates, then sends the current password as auth_code with type 1', async () => {
    signedIn(sampleUser, '1.000000');
    routes['POST /api/user/amend_password'] = () => ({ code: 1 });
    show('/mine/password');
    fireEvent.click(await screen.findByTestId('password-submit'));
    await toastSays(en('messages.enter_old_password'));
    fireEvent.change(screen.getByTestId('password-old'), { target: { value: 'old12345' } });
    fireEvent.change(screen.getByTestId('password-new'), { target: { value: 'new12345' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    await toastSays(en('messages.input_full'));
    fireEvent.change(screen.getByTestId('password-repeat'), { target: { value: 'new1234' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    await toastSays(en('messages.password_not_equal'));
    expect(server.calls('/api/user/amend_password')).toEqual([]);

    fireEvent.change(screen.getByTestId('password-repeat'), { target: { value: 'new12345' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    await toastSays(en('password.done'));
    expect(Object.fromEntries(server.calls('/api/user/amend_password')[0]?.params ?? [])).toEqual({
      type: '1',
      auth_code: 'old12345',
      new_password: 'new12345',
      re_password: 'new12345',
    });
  });
});

describe('invite (/mine/invite)', () => {
  it('shows the code, the full link on this site, and copies with the copy-success message', async () => {
    signedIn(sampleUser, '1.000000');
    routes['GET /api/user/invite'] = () => ({
      code: 1,
      data: { invite_code: 'ANN7', link: '/#/register?invite_code=ANN7', invited_count: 2 },
    });
    const written: string[] = [];
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (text: string) => void written.push(text) },
      configurable: true,
    });
    show('/mine/invite');
    expect((await screen.findByTestId('invite-code')).textContent).toBe('ANN7');
    const link = screen.getByTestId('invite-link').textContent ?? '';
    expect(link).toBe(`${window.location.origin}/#/register?invite_code=ANN7`);
    expect(screen.getByTestId('invite-count').textContent).toBe('2');
    fireEvent.click(screen.getByTestId('invite-copy-link'));
    await toastSays(en('messages.copy_success'));
    expect(written).toEqual([link]);
  });
});
