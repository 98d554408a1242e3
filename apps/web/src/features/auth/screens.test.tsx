// @vitest-environment happy-dom
import { routes } from '@meridian/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, routeKey, sampleUser } from './test-server';
import { en } from './test-texts';

const server = createFakeServer();
const { routes: replies, seen } = server;
const user = sampleUser;

type Mods = {
  Providers: typeof import('../../lib/providers').Providers;
  useSession: typeof import('../../lib/stores/session').useSession;
  useSettings: typeof import('../../lib/stores/settings').useSettings;
  LoginScreen: typeof import('./LoginScreen').LoginScreen;
  RegisterScreen: typeof import('./RegisterScreen').RegisterScreen;
  ForgotScreen: typeof import('./ForgotScreen').ForgotScreen;
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
    { useSettings },
    { LoginScreen },
    { RegisterScreen },
    { ForgotScreen },
  ] = await Promise.all([
    import('../../lib/providers'),
    import('../../lib/stores/session'),
    import('../../lib/stores/settings'),
    import('./LoginScreen'),
    import('./RegisterScreen'),
    import('./ForgotScreen'),
  ]);
  m = { Providers, useSession, useSettings, LoginScreen, RegisterScreen, ForgotScreen };
});

beforeEach(() => {
  server.reset();
  replies[routeKey(routes.balance)] = () => ({
    code: 1,
    data: { balance: '100000.000000', lock_balance: '0.000000' },
  });
  replies[routeKey(routes.publicSetting)] = () => ({ code: 1, data: { key: 'is_show_mobile', value: '0' } });
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
      { path: '/login', element: <m.LoginScreen /> },
      { path: '/register', element: <m.RegisterScreen /> },
      { path: '/forgot', element: <m.ForgotScreen /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [entry] },
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

describe('login screen', () => {
  it('refuses empty fields with the spec messages and sends nothing', async () => {
    show('/login');
    fireEvent.click(await screen.findByTestId('login-submit'));
    await toastSays(en('messages.enter_account_or_password'));
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'abcd1234' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await toastSays(en('messages.enter_email_or_phone'));
    expect(seen.filter((s) => s.path === routes.login.path)).toEqual([]);
  });

  it('logs in, keeps the session and goes on to `from`', async () => {
    replies[routeKey(routes.login)] = () => ({ code: 1, data: { token: 'tok-1', user } });
    const router = show('/login?from=%2Fmine%2Finvite');
    fireEvent.change(await screen.findByTestId('login-account'), { target: { value: ' ann@example.test ' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'abcd1234' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/mine/invite');
    const call = seen.find((s) => s.path === routes.login.path);
    expect(call?.params.get('account')).toBe('ann@example.test');
    expect(call?.params.get('password')).toBe('abcd1234');
    expect(m.useSession.getState()).toMatchObject({ token: 'tok-1', isLogin: true });
    await waitFor(() => expect(m.useSession.getState().balance).toBe('100000.000000'));
  });

  it('sends one login while it is pending, however often the form is submitted', async () => {
    let answer: (reply: { code: number; data: unknown }) => void = () => undefined;
    replies[routeKey(routes.login)] = () => new Promise((resolve) => (answer = resolve));
    show('/login');
    fireEvent.change(await screen.findByTestId('login-account'), { target: { value: 'ann@example.test' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'abcd1234' } });
    const submit = screen.getByTestId('login-submit');
    fireEvent.click(submit);
    await waitFor(() => expect(submit.className).toContain('adm-button-loading'));
    fireEvent.click(submit);
    fireEvent.submit(submit.closest('form') as HTMLFormElement);
    answer({ code: 1, data: { token: 'tok-1', user } });
    await screen.findByTestId('landed');
    expect(seen.filter((s) => s.path === routes.login.path)).toHaveLength(1);
  });

  it('shows the server refusal and stays on /login', async () => {
    replies[routeKey(routes.login)] = () => ({ code: 4007, msg: 'Wrong account or password' });
    const router = show('/login');
    fireEvent.change(await screen.findByTestId('login-account'), { target: { value: 'ann@example.test' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'nope12345' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await toastSays('Wrong account or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(m.useSession.getState().isLogin).toBe(false);
  });

  it('asks for the authenticator code when two-factor authentication is on, then sends the same form with it', async () => {
    replies[routeKey(routes.login)] = (req) =>
      req.params.get('otp_code') === '123456'
        ? { code: 1, data: { token: 'tok-2fa', user } }
        : { code: 4021, msg: 'Enter the 6-digit code from your authenticator app.' };
    const router = show('/login');
    fireEvent.change(await screen.findByTestId('login-account'), { target: { value: 'ann@example.test' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'abcd1234' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await toastSays('Enter the 6-digit code from your authenticator app.');
    const code = await screen.findByTestId('login-otp');
    expect(screen.getByTestId('login-otp-hint').textContent).toBe(en('security.login_code_hint'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await toastSays(en('security.enter_code'));
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/');
    const calls = seen.filter((s) => s.path === routes.login.path);
    expect(calls.map((c) => [c.params.get('password'), c.params.get('otp_code')])).toEqual([
      ['abcd1234', null],
      ['abcd1234', '123456'],
    ]);
    expect(m.useSession.getState()).toMatchObject({ token: 'tok-2fa', isLogin: true });
  });

  it('shows an image captcha when the server asks for one, and sends a fresh one with each try', async () => {
    let captchas = 0;
    replies[routeKey(routes.captcha)] = () => {
      captchas += 1;
      return { code: 1, data: { id: `cap-${captchas}`, b64s: 'data:image/png;base64,iVBORw0KGgo=' } };
    };
    replies[routeKey(routes.login)] = (req) =>
      req.params.get('key')
        ? { code: 4007, msg: 'Wrong account or password' }
        : { code: 4020, msg: 'Solve the code' };
    show('/login');
    fireEvent.change(await screen.findByTestId('login-account'), { target: { value: 'ann@example.test' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'abcd1234' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await toastSays('Solve the code');
    const answer = await screen.findByTestId('login-captcha');
    await waitFor(() => expect(captchas).toBe(1));
    fireEvent.change(answer, { target: { value: '23456' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await toastSays('Wrong account or password');
    // Single use: the refused try fetched the next captcha.
    await waitFor(() => expect(captchas).toBe(2));
    const calls = seen.filter((s) => s.path === routes.login.path);
    expect([calls[1]?.params.get('key'), calls[1]?.params.get('captcha')]).toEqual(['cap-1', '23456']);
  });

  it('opens a demo account in one tap with the device id, then goes to `from`', async () => {
    replies[routeKey(routes.demoAccount)] = () => ({
      code: 1,
      data: { token: 'demo-tok', user: { ...user, email: '', is_demo: 1, invite_code: '' } },
    });
    const router = show('/login?from=%2Fuser');
    fireEvent.click(await screen.findByTestId('try-demo'));
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/user');
    const demoId = seen.find((s) => s.path === routes.demoAccount.path)?.params.get('demo_id');
    expect(demoId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(demoId).toBe(localStorage.getItem('meridian.device_id'));
    expect(m.useSession.getState()).toMatchObject({ token: 'demo-tok', isLogin: true });
  });
});

describe('register screen', () => {
  it('checks the repeat, sends the code with a 60 s countdown, and registers with the invite code', async () => {
    act(() => m.useSettings.getState().setBasicInfo({ verify_reg_type: 1 }));
    replies[routeKey(routes.sendEmailCode)] = () => ({ code: 1 });
    replies[routeKey(routes.register)] = () => ({ code: 1, data: { token: 'reg-tok', user } });
    show('/register?invite_code=FRIEND1');
    const send = await screen.findByTestId('send-code');

    fireEvent.click(send);
    await toastSays(en('messages.enter_email_or_phone'));

    fireEvent.change(screen.getByTestId('register-email'), { target: { value: 'ann@example.test' } });
    fireEvent.click(send);
    await waitFor(() => expect(send.textContent).toBe('Resend in 60 s'));
    expect((send as HTMLButtonElement).disabled).toBe(true);
    const sent = seen.find((s) => s.path === routes.sendEmailCode.path);
    expect(sent?.params.get('to')).toBe('ann@example.test');
    expect(sent?.params.get('type')).toBe('1');

    expect((screen.getByTestId('register-invite') as HTMLInputElement).value).toBe('FRIEND1');
    fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'abcd1234' } });
    fireEvent.change(screen.getByTestId('register-repeat'), { target: { value: 'abcd12345' } });
    fireEvent.change(screen.getByTestId('register-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    await toastSays(en('messages.password_not_equal'));
    expect(seen.some((s) => s.path === routes.register.path)).toBe(false);

    fireEvent.change(screen.getByTestId('register-repeat'), { target: { value: 'abcd1234' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('landed');
    const reg = seen.find((s) => s.path === routes.register.path);
    expect(Object.fromEntries(reg?.params ?? [])).toEqual({
      type: '1',
      account: 'ann@example.test',
      password: 'abcd1234',
      re_password: 'abcd1234',
      sms_code: '123456',
      invite_code: 'FRIEND1',
    });
    expect(m.useSession.getState().token).toBe('reg-tok');
  });

  it('in captcha mode shows the image, sends its id as key, and fetches a new one after a refusal', async () => {
    act(() => m.useSettings.getState().setBasicInfo({ verify_reg_type: 2 }));
    let n = 0;
    replies[routeKey(routes.captcha)] = () => {
      n += 1;
      return { code: 1, data: { id: `cap-${n}`, b64s: `data:image/png;base64,AAA${n}` } };
    };
    replies[routeKey(routes.register)] = () => ({ code: 4009, msg: 'Wrong image code' });
    show('/register');
    const image = await screen.findByTestId('captcha-image');
    await waitFor(() =>
      expect(image.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,AAA1'),
    );
    expect(screen.queryByTestId('send-code')).toBeNull();

    fireEvent.click(image);
    await waitFor(() =>
      expect(image.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,AAA2'),
    );

    fireEvent.change(screen.getByTestId('register-email'), { target: { value: 'ann@example.test' } });
    fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'abcd1234' } });
    fireEvent.change(screen.getByTestId('register-repeat'), { target: { value: 'abcd1234' } });
    fireEvent.change(screen.getByTestId('register-code'), { target: { value: 'x7k2' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    await toastSays('Wrong image code');
    expect(seen.find((s) => s.path === routes.register.path)?.params.get('key')).toBe('cap-2');
    await waitFor(() =>
      expect(image.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,AAA3'),
    );
    expect((screen.getByTestId('register-code') as HTMLInputElement).value).toBe('');
  });
});

describe('forgot password screen', () => {
  it('sends a reset code, checks the repeat, resets and goes to /login', async () => {
    replies[routeKey(routes.sendEmailCode)] = () => ({ code: 1 });
    replies[routeKey(routes.forgetPassword)] = () => ({ code: 1 });
    const router = show('/forgot');
    fireEvent.change(await screen.findByTestId('forgot-account'), { target: { value: 'ann@example.test' } });
    fireEvent.click(screen.getByTestId('send-code'));
    await toastSays(en('register.code_sent'));
    expect(seen.find((s) => s.path === routes.sendEmailCode.path)?.params.get('type')).toBe('2');

    fireEvent.change(screen.getByTestId('forgot-code'), { target: { value: '654321' } });
    fireEvent.change(screen.getByTestId('forgot-password'), { target: { value: 'newpass123' } });
    fireEvent.change(screen.getByTestId('forgot-repeat'), { target: { value: 'newpass124' } });
    fireEvent.click(screen.getByTestId('forgot-submit'));
    await toastSays(en('messages.password_not_equal'));
    expect(seen.some((s) => s.path === routes.forgetPassword.path)).toBe(false);

    fireEvent.change(screen.getByTestId('forgot-repeat'), { target: { value: 'newpass123' } });
    fireEvent.click(screen.getByTestId('forgot-submit'));
    await toastSays(en('forgot.done'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const reset = seen.find((s) => s.path === routes.forgetPassword.path);
    expect(Object.fromEntries(reset?.params ?? [])).toEqual({
      type: '1',
      account: 'ann@example.test',
      auth_code: '654321',
      new_password: 'newpass123',
      secondary_password: 'newpass123',
    });
  });
});
