import { instrumentByCode } from '../markets/catalogue.js';
import type { Access } from './auth.js';

/** A 0.01 BTCUSD buy: pending (status 0) far below the market, or at the market (status 1). */
function tradingOrder(status: '0' | '1'): Record<string, string> {
  const btc = instrumentByCode('BTCUSD');
  if (!btc) throw new Error('BTCUSD is missing from the catalogue');
  return {
    type: '1',
    cont: '0.01',
    forex_id: String(btc.id),
    status,
    multiple: String(btc.retailLeverage[0] ?? 1),
    ...(status === '0' ? { target_price: '1' } : {}),
  };
}

export interface ProtectedRouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  access: Access;
  /** A well-formed query or body, for routes that check the session after reading them. */
  payload?: Record<string, string>;
}

/**
 * Every route that needs a login, in one place. identity/roles.test.ts checks that each answers 999
 * without a token and with a revoked one, and that each 'real' route answers only_real_account to
 * a demo account. A feature adding a protected route adds it here. (Routes declared with
 * defineProtectedRoute are also found on the running app, so a missing line cannot hide one.)
 */
export const PROTECTED_ROUTES: readonly ProtectedRouteCase[] = [
  { method: 'GET', url: '/api/user/info', access: 'user' },
  { method: 'POST', url: '/api/user/logout', access: 'user' },
  { method: 'POST', url: '/api/user/amend_password', access: 'real' },
  { method: 'GET', url: '/api/user/invite', access: 'real' },
  { method: 'GET', url: '/v1/api/main/wallet/getBalance', access: 'user' },
  { method: 'GET', url: '/v1/api/main/accountLog/forexChange', access: 'user' },
  // Trading, in an order that lets a demo account succeed on each in turn (a fresh database: the
  // first order is #1, the second #2). BTCUSD trades 24/7, so the market is open whenever this runs.
  { method: 'GET', url: '/v1/api/forex/submit', access: 'user', payload: tradingOrder('0') },
  { method: 'GET', url: '/v1/api/forex/cancel_trade', access: 'user', payload: { id: '1' } },
  { method: 'GET', url: '/v1/api/forex/submit', access: 'user', payload: tradingOrder('1') },
  {
    method: 'GET',
    url: '/v1/api/forex/set_stop_price',
    access: 'user',
    payload: { id: '2', target_profit_price: '0', stop_loss_price: '0' },
  },
  { method: 'GET', url: '/v1/api/forex/close', access: 'user', payload: { id: '2' } },
  { method: 'GET', url: '/v1/api/forex/my_deal', access: 'user', payload: { status: '3' } },
  { method: 'GET', url: '/v1/api/main/account/forexDetail', access: 'user' },
  { method: 'GET', url: '/v1/api/main/user/resetForexDemoAccount', access: 'user' },
  // funding and identity verification (features/funding, kyc, uploads): real accounts only
  { method: 'POST', url: '/api/common/image_upload', access: 'real' },
  { method: 'POST', url: '/api/user_real/real_name', access: 'real' },
  { method: 'GET', url: '/api/user_real/center', access: 'real' },
  { method: 'GET', url: '/api/quickCharge/symbols', access: 'real' },
  { method: 'GET', url: '/api/quickCharge/info', access: 'real' },
  { method: 'GET', url: '/api/quickCharge/wire_info', access: 'real' },
  { method: 'GET', url: '/api/quickCharge/submit', access: 'real' },
  { method: 'POST', url: '/api/quickCharge/submit', access: 'real' },
  { method: 'GET', url: '/api/quickCharge/wire_submit', access: 'real' },
  { method: 'POST', url: '/api/quickCharge/wire_submit', access: 'real' },
  { method: 'GET', url: '/api/quickCharge/quick_ist', access: 'real' },
  { method: 'GET', url: '/api/account/draw_symbol_list', access: 'real' },
  { method: 'POST', url: '/api/account/draw', access: 'real' },
  { method: 'GET', url: '/api/account/draw_list', access: 'real' },
  { method: 'GET', url: '/api/wallet/get_draw_method', access: 'real' },
  { method: 'POST', url: '/api/wallet/bind_draw_method', access: 'real' },
  { method: 'POST', url: '/api/wallet/del_draw_method', access: 'real' },
  // the leaders' ranking (features/ranking): choosing to appear is for real accounts only
  { method: 'GET', url: '/api/follow/opt_in', access: 'real' },
  { method: 'POST', url: '/api/follow/opt_in', access: 'real', payload: { on: '1' } },
];
