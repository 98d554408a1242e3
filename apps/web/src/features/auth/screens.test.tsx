// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, sampleUser } from './test-server';
import { en } from './test-texts';

const server = createFakeServer();
const { routes, seen } = server;
const user = sampleUser;

type Mods = {
  Providers: typeof import('../../app/providers').Providers;
  useSession: typeof import('../../app/stores/session').useSession;
  useSettings: typeof import('../../app/stores/settings').useSettings;
  LoginScreen: typeof import('./LoginScreen').LoginScreen;
  RegisterScreen: typeof import('./RegisterScreen').RegisterScreen;
};
let m: Mods;

beforeAll(async () => {
  vi.stubGlobal('fetch', server.fetch);
  await import('../../lib/react19-render');
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [{ Providers }, { useSession }, { useSettings }, { LoginScreen }, { RegisterScreen }] =
    await Promise.all([
      import('../../app/providers'),
      import('../../app/stores/session'),
      import('../../app/stores/settings'),
      import('./LoginScreen'),
      import('./RegisterScreen'),
    ]);
  m = { Providers, useSession, useSettings, LoginScreen, RegisterScreen };
});

beforeEach(() => {
  server.reset();
  routes['GET /v1/api/main/wallet/getBalance'] = () => ({
    code: 1,
    data: { balance: '100000.000000', lock_balance: '0.000000' },
  });
  routes['GET /api/default/setting'] = () => ({ code: 1, data: { key: 'is_show_mobile', value: '0' } });
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
    expect(seen.filter((s) => s.path === '/api/user/loginForU')).toEqual([]);
  });

  it('logs in, keeps the session and goes on to `from`', async () => {
    routes['POST /api/user/loginForU'] = () => ({ code: 1, data: { token: 'tok-1', user } });
    const router = show('/login?from=%2Fmine%2Finvite');
    fireEvent.change(await screen.findByTestId('login-account'), { target: { value: ' ann@example.test ' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'abcd1234' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/mine/invite');
    const call = seen.find((s) => s.path === '/api/user/loginForU');
    expect(call?.params.get('account')).toBe('ann@example.test');
    expect(call?.params.get('password')).toBe('abcd1234');
    expect(m.useSession.getState()).toMatchObject({ token: 'tok-1', isLogin: true });
    await waitFor(() => expect(m.useSession.getState().balance).toBe('100000.000000'));
  });

  it('shows the server refusal and stays on /login', async () => {
    routes['POST /api/user/loginForU'] = () => ({ code: 4007, msg: 'Wrong account or password' });
    const router = show('/login');
    fireEvent.change(await screen.findByTestId('login-account'), { target: { value: 'ann@example.test' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'nope12345' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await toastSays('Wrong account or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(m.useSession.getState().isLogin).toBe(false);
  });

  it('opens a demo account in one tap with the device id, then goes to `from`', async () => {
    routes['GET /api/user/createAccountDemoForU'] = () => ({
      code: 1,
      data: { token: 'demo-tok', user: { ...user, email: '', is_demo: 1, invite_code: '' } },
    });
    const router = show('/login?from=%2Fuser');
    fireEvent.click(await screen.findByTestId('try-demo'));
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/user');
    const demoId = seen.find((s) => s.path === '/api/user/createAccountDemoForU')?.params.get('demo_id');
    expect(demoId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(demoId).toBe(localStorage.getItem('meridian.device_id'));
    expect(m.useSession.getState()).toMatchObject({ token: 'demo-tok', isLogin: true });
  });
});

describe('register screen', () => {
  it('checks the repeat, sends the code with a 60 s countdown, and registers with the invite code', async () => {
    act(() => m.useSettings.getState().setBasicInfo({ verify_reg_type: 1 }));
    routes['POST /api/notify/send_email'] = () => ({ code: 1 });
    routes['POST /api/user/register'] = () => ({ code: 1, data: { token: 'reg-tok', user } });
    show('/register?invite_code=FRIEND1');
    const send = await screen.findByTestId('send-code');

    fireEvent.click(send);
    await toastSays(en('messages.enter_email_or_phone'));

    fireEvent.change(screen.getByTestId('register-email'), { target: { value: 'ann@example.test' } });
    fireEvent.click(send);
    await waitFor(() => expect(send.textContent).toBe('Resend in 60 s'));
    expect((send as HTMLButtonElement).disabled).toBe(true);
    const sent = seen.find((s) => s.path === '/api/notify/send_email');
    expect(sent?.params.get('to')).toBe('ann@example.test');
    expect(sent?.params.get('type')).toBe('1');

    expect((screen.getByTestId('register-invite') as HTMLInputElement).value).toBe('FRIEND1');
    fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'abcd1234' } });
    fireEvent.change(screen.getByTestId('register-repeat'), { target: { value: 'abcd12345' } });
    fireEvent.change(screen.getByTestId('register-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    await toastSays(en('messages.password_not_equal'));
    expect(seen.some((s) => s.path === '/api/user/register')).toBe(false);

    fireEvent.change(screen.getByTestId('register-repeat'), { target: { value: 'abcd1234' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('landed');
    const reg = seen.find((s) => s.path === '/api/user/register');
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
    routes['GET /api/user/captcha'] = () => {
      n += 1;
      return { code: 1, data: { id: `cap-${n}`, b64s: `data:image/png;base64,AAA${n}` } };
    };
    routes['POST /api/user/register'] = () => ({ code: 4009, msg: 'Wrong image code' });
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
    expect(seen.find((s) => s.path === '/api/user/register')?.params.get('key')).toBe('cap-2');
    await waitFor(() =>
      expect(image.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,AAA3'),
    );
    expect((screen.getByTestId('register-code') as HTMLInputElement).value).toBe('');
  });
});
