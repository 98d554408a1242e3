// @vitest-environment happy-dom
import { routes } from '@meridian/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, routeKey, sampleUser } from '../auth/test-server';
import { en } from '../auth/test-texts';

// The withdraw and bind forms ask for the owner's proof (the password, or the authenticator code
// with two-factor authentication on), and the withdraw screen explains the real-name rule.

const server = createFakeServer();
const { routes: replies } = server;

type Mods = {
  Providers: typeof import('../../lib/providers').Providers;
  useSession: typeof import('../../lib/stores/session').useSession;
  queryClient: typeof import('../../lib/services').queryClient;
  WithdrawScreen: typeof import('./WithdrawScreen').WithdrawScreen;
  WithdrawWayScreen: typeof import('./WithdrawWayScreen').WithdrawWayScreen;
};
let m: Mods;

const USDT = {
  id: 3,
  type: 1,
  code: 'USDT',
  protocol: 'TRC20',
  draw_rate: '1',
  fee_type: 1,
  usd_price: '1',
  receive_decimals: 6,
};
const METHOD = {
  id: 11,
  type: 1,
  draw_id: 3,
  dc_address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  bank_name: '',
  bank_address: '',
  bank_swift: '',
  payee_name: '',
  payee_account: '',
  draw_currency: { code: 'USDT', protocol: 'TRC20' },
};

beforeAll(async () => {
  vi.stubGlobal('fetch', server.fetch);
  await import('../../lib/react19-render');
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [{ Providers }, { useSession }, { queryClient }, { WithdrawScreen }, { WithdrawWayScreen }] =
    await Promise.all([
      import('../../lib/providers'),
      import('../../lib/stores/session'),
      import('../../lib/services'),
      import('./WithdrawScreen'),
      import('./WithdrawWayScreen'),
    ]);
  m = { Providers, useSession, queryClient, WithdrawScreen, WithdrawWayScreen };
});

/** A real trader with 500 USD, one USDT address, and the given rule, review and two-factor state. */
function world({ rule, review, twoFactor }: { rule: '0' | '1'; review: 0 | 1 | 2; twoFactor: 0 | 1 }) {
  replies[routeKey(routes.balance)] = () => ({
    code: 1,
    data: { balance: '500.000000', lock_balance: '0.000000' },
  });
  replies[routeKey(routes.drawSymbols)] = () => ({ code: 1, data: [USDT] });
  replies[routeKey(routes.drawMethods)] = () => ({ code: 1, data: [METHOD] });
  replies[routeKey(routes.publicSetting)] = () => ({
    code: 1,
    data: { key: 'withdraw_requires_real_name', value: rule },
  });
  replies[routeKey(routes.authCenter)] = () => ({
    code: 1,
    data: { review_status: review, name: '', card_id: '', reject_reason: '' },
  });
  replies[routeKey(routes.twoFactorStatus)] = () => ({
    code: 1,
    data: { enabled: twoFactor, recovery_left: 0 },
  });
  act(() => {
    m.useSession.getState().setToken('tok-now');
    m.useSession.getState().setUser(sampleUser);
  });
}

beforeEach(() => {
  server.reset();
  m.queryClient.clear();
  m.useSession.getState().clear();
});
afterEach(() => {
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
      { path: '/mine/withdraw', element: <m.WithdrawScreen /> },
      { path: '/mine/withdraw-way', element: <m.WithdrawWayScreen /> },
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

describe('withdraw screen', () => {
  it('says withdrawals wait for the real-name review, links to it, and sends nothing', async () => {
    world({ rule: '1', review: 1, twoFactor: 0 });
    const router = show('/mine/withdraw');
    const notice = await screen.findByTestId('withdraw-real-name');
    expect(notice.textContent).toContain(en('withdraw.real_name_needed'));
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await toastSays(en('withdraw.real_name_needed'));
    expect(server.calls(routes.draw)).toEqual([]);
    fireEvent.click(screen.getByTestId('withdraw-verify'));
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/mine/auth');
  });

  it('shows no notice once the review is approved (or the rule is off), and sends the password', async () => {
    world({ rule: '1', review: 2, twoFactor: 0 });
    replies[routeKey(routes.draw)] = () => ({ code: 1, msg: 'ok', data: null });
    show('/mine/withdraw');
    fireEvent.click(await screen.findByTestId(`withdraw-method-${METHOD.id}`));
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await toastSays(en('security.enter_password'));
    fireEvent.change(screen.getByTestId('withdraw-proof'), { target: { value: 'Harbour2048' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(server.calls(routes.draw)).toHaveLength(1));
    const params = server.calls(routes.draw)[0]?.params;
    expect([params?.get('password'), params?.get('otp_code')]).toEqual(['Harbour2048', null]);
    expect(screen.queryByTestId('withdraw-real-name')).toBeNull();
    await toastSays(en('withdraw.submitted'));
  });

  it('with two-factor authentication on, asks for the code instead and sends it as otp_code', async () => {
    world({ rule: '0', review: 0, twoFactor: 1 });
    replies[routeKey(routes.draw)] = () => ({ code: 1, msg: 'ok', data: null });
    show('/mine/withdraw');
    fireEvent.click(await screen.findByTestId(`withdraw-method-${METHOD.id}`));
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '100' } });
    await waitFor(() => expect(screen.getByTestId('withdraw-proof').getAttribute('type')).toBe('text'));
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await toastSays(en('security.enter_code'));
    fireEvent.change(screen.getByTestId('withdraw-proof'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(server.calls(routes.draw)).toHaveLength(1));
    const params = server.calls(routes.draw)[0]?.params;
    expect([params?.get('password'), params?.get('otp_code')]).toEqual([null, '123456']);
    expect(screen.queryByTestId('withdraw-real-name')).toBeNull();
    await toastSays(en('withdraw.submitted'));
  });
});

describe('binding a withdrawal address', () => {
  it('asks for the login password and sends it with the address', async () => {
    world({ rule: '1', review: 0, twoFactor: 0 });
    replies[routeKey(routes.bindDrawMethod)] = () => ({ code: 1, data: METHOD });
    show('/mine/withdraw-way?type=1');
    fireEvent.change(await screen.findByTestId('way-address'), { target: { value: METHOD.dc_address } });
    fireEvent.click(screen.getByTestId('way-submit'));
    await toastSays(en('security.enter_password'));
    fireEvent.change(screen.getByTestId('way-proof'), { target: { value: 'Harbour2048' } });
    fireEvent.click(screen.getByTestId('way-submit'));
    await waitFor(() => expect(server.calls(routes.bindDrawMethod)).toHaveLength(1));
    expect(server.calls(routes.bindDrawMethod)[0]?.params.get('password')).toBe('Harbour2048');
    // Bound: it says so and goes back. (Waited for, so the toast is not shown after the file's end.)
    await toastSays(en('wallet.bound'));
    await screen.findByTestId('landed');
  });
});
