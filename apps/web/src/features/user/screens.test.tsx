// @vitest-environment happy-dom
import { routes } from '@meridian/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, routeKey, sampleUser } from '../auth/test-server';
import { en } from '../auth/test-texts';

const server = createFakeServer();
const { routes: replies } = server;

type Mods = {
  Providers: typeof import('../../lib/providers').Providers;
  useSession: typeof import('../../lib/stores/session').useSession;
  UserScreen: typeof import('./UserScreen').UserScreen;
  SystemScreen: typeof import('./SystemScreen').SystemScreen;
  PasswordScreen: typeof import('./PasswordScreen').PasswordScreen;
  InviteScreen: typeof import('./InviteScreen').InviteScreen;
  SecurityScreen: typeof import('./SecurityScreen').SecurityScreen;
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
    { SecurityScreen },
  ] = await Promise.all([
    import('../../lib/providers'),
    import('../../lib/stores/session'),
    import('./UserScreen'),
    import('./SystemScreen'),
    import('./PasswordScreen'),
    import('./InviteScreen'),
    import('./SecurityScreen'),
  ]);
  m = { Providers, useSession, UserScreen, SystemScreen, PasswordScreen, InviteScreen, SecurityScreen };
});

function signedIn(user: typeof sampleUser, balance: string) {
  replies[routeKey(routes.userInfo)] = () => ({ code: 1, data: user });
  replies[routeKey(routes.balance)] = () => ({
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
      { path: '/mine/security', element: <m.SecurityScreen /> },
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
    replies[routeKey(routes.resetDemo)] = () => ({ code: 1 });
    show('/user');
    await waitFor(() => expect(screen.getByTestId('account-balance').textContent).toBe('100,000.00'));
    expect(screen.getByTestId('account-label').textContent).toBe(en('user.mock_account'));
    expect(screen.getByTestId('account-uid').textContent).toBe('10000007');
    expect(screen.getByTestId('credit-score').textContent).toBe('100');
    expect(server.calls(routes.balance)[0]?.token).toBe('tok-now');

    fireEvent.click(screen.getByTestId('balance-toggle'));
    expect(screen.getByTestId('account-balance').textContent).toBe('******');
    expect(localStorage.getItem('meridian.hide_balance')).toBe('1');
    fireEvent.click(screen.getByTestId('balance-toggle'));
    expect(screen.getByTestId('account-balance').textContent).toBe('100,000.00');

    replies[routeKey(routes.balance)] = () => ({
      code: 1,
      data: { balance: '100000.000000', lock_balance: '0.000000' },
    });
    fireEvent.click(screen.getByTestId('reset-demo'));
    await confirm();
    await toastSays(en('user.reset_mock_done'));
    expect(server.calls(routes.resetDemo)).toHaveLength(1);
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
    replies[routeKey(routes.logout)] = () => ({ code: 1 });
    const router = show('/mine/system');
    fireEvent.click(await screen.findByTestId('logout'));
    await confirm();
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/');
    expect(server.calls(routes.logout)[0]?.token).toBe('tok-now');
    // Home shows first, then the session is cleared (lib/auth-actions.ts signOut): wait for the clear.
    await waitFor(() =>
      expect(m.useSession.getState()).toMatchObject({ token: null, user: null, isLogin: false }),
    );
    await toastSays(en('messages.logout_success'));
  });
});

describe('change password (/mine/password)', () => {
  it('validates, then sends the current password as auth_code with type 1', async () => {
    signedIn(sampleUser, '1.000000');
    replies[routeKey(routes.amendPassword)] = () => ({ code: 1 });
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
    expect(server.calls(routes.amendPassword)).toEqual([]);

    fireEvent.change(screen.getByTestId('password-repeat'), { target: { value: 'new12345' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    await toastSays(en('password.done'));
    expect(Object.fromEntries(server.calls(routes.amendPassword)[0]?.params ?? [])).toEqual({
      type: '1',
      auth_code: 'old12345',
      new_password: 'new12345',
      re_password: 'new12345',
    });
  });
});

describe('password change with two-factor authentication on', () => {
  it('asks for the authenticator code too and sends it as otp_code', async () => {
    signedIn(sampleUser, '1.000000');
    replies[routeKey(routes.twoFactorStatus)] = () => ({ code: 1, data: { enabled: 1, recovery_left: 10 } });
    replies[routeKey(routes.amendPassword)] = () => ({ code: 1 });
    show('/mine/password');
    fireEvent.change(await screen.findByTestId('password-old'), { target: { value: 'old12345' } });
    fireEvent.change(screen.getByTestId('password-new'), { target: { value: 'new12345' } });
    fireEvent.change(screen.getByTestId('password-repeat'), { target: { value: 'new12345' } });
    const code = await screen.findByTestId('password-otp');
    fireEvent.click(screen.getByTestId('password-submit'));
    await toastSays(en('security.enter_code'));
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    await toastSays(en('password.done'));
    expect(server.calls(routes.amendPassword)[0]?.params.get('otp_code')).toBe('654321');
  });
});

describe('two-factor authentication (/mine/security)', () => {
  it('turns on with the password and a first code, then shows the recovery codes once', async () => {
    signedIn(sampleUser, '1.000000');
    let enabled: 0 | 1 = 0;
    replies[routeKey(routes.twoFactorStatus)] = () => ({
      code: 1,
      data: { enabled, recovery_left: enabled ? 10 : 0 },
    });
    replies[routeKey(routes.twoFactorSetup)] = (req) =>
      req.params.get('password') === 'abcd1234'
        ? {
            code: 1,
            data: {
              secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
              otpauth_url: 'otpauth://totp/Meridian:ann?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
              qr: 'data:image/svg+xml;base64,PHN2Zy8+',
            },
          }
        : { code: 4013, msg: 'The current password is wrong.' };
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    replies[routeKey(routes.twoFactorEnable)] = (req) => {
      if (req.params.get('code') !== '123456') return { code: 4022, msg: 'Wrong code' };
      enabled = 1;
      return { code: 1, data: { recovery_codes: codes } };
    };
    show('/mine/security');
    // Read afresh on every visit (another test may have left the shared cache saying "on").
    await waitFor(() =>
      expect(screen.getByTestId('security-status').textContent).toContain(en('security.status_off')),
    );
    fireEvent.click(screen.getByTestId('security-start'));
    await toastSays(en('security.enter_password'));
    fireEvent.change(screen.getByTestId('security-password'), { target: { value: 'abcd1234' } });
    fireEvent.click(screen.getByTestId('security-start'));
    expect((await screen.findByTestId('security-secret')).textContent).toBe(
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    );
    expect(screen.getByTestId('security-qr').getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    fireEvent.change(screen.getByTestId('security-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('security-confirm'));
    await toastSays('Wrong code');
    fireEvent.change(screen.getByTestId('security-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('security-confirm'));
    const list = await screen.findByTestId('security-recovery-codes');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(codes);
    fireEvent.click(screen.getByTestId('security-done'));
    await waitFor(() =>
      expect(screen.getByTestId('security-status').textContent).toContain(en('security.status_on')),
    );
    expect(screen.getByTestId('security-recovery-left').textContent).toBe('Unused recovery codes: 10');
    expect(screen.queryByTestId('security-recovery-codes')).toBeNull();
  });

  it('turns off with a code or a recovery code', async () => {
    signedIn(sampleUser, '1.000000');
    let enabled: 0 | 1 = 1;
    replies[routeKey(routes.twoFactorStatus)] = () => ({ code: 1, data: { enabled, recovery_left: 4 } });
    replies[routeKey(routes.twoFactorDisable)] = () => {
      enabled = 0;
      return { code: 1 };
    };
    show('/mine/security');
    fireEvent.change(await screen.findByTestId('security-disable-code'), {
      target: { value: 'abcde-fghij' },
    });
    fireEvent.click(screen.getByTestId('security-disable'));
    await toastSays(en('security.status_off'));
    expect(server.calls(routes.twoFactorDisable)[0]?.params.get('code')).toBe('abcde-fghij');
    await screen.findByTestId('security-start');
  });
});

describe('invite (/mine/invite)', () => {
  it('shows the code, the full link on this site, and copies with the copy-success message', async () => {
    signedIn(sampleUser, '1.000000');
    replies[routeKey(routes.invite)] = () => ({
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
