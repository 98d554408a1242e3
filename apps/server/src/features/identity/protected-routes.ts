import { type Auth, type ErrorKey, type Route, routes } from '@meridian/contract';
import { instrumentByCode } from '../markets/index.js';

/** The auth levels that need a session: 'user' (demo included) and 'real' (real accounts only). */
export type Access = Extract<Auth, 'user' | 'real'>;

/** The current mid price of an instrument, by code, as the role test reads it from trade_list. */
export type MidOf = (code: string) => number;

/**
 * A 0.01 BTCUSD buy: pending (status 0) well below the market, yet inside the price band a pending
 * price must lie in (half the mid by default), so it neither fills nor is refused; or at the market
 * (status 1).
 */
function tradingOrder(status: '0' | '1'): (midOf: MidOf) => Record<string, string> {
  const btc = instrumentByCode('BTCUSD');
  if (!btc) throw new Error('BTCUSD is missing from the catalogue');
  return (midOf) => ({
    type: '1',
    cont: '0.01',
    forex_id: String(btc.id),
    status,
    multiple: String(btc.retailLeverage[0] ?? 1),
    ...(status === '0' ? { target_price: (midOf(btc.code) * 0.8).toFixed(btc.pricePrecision) } : {}),
  });
}

export interface ProtectedRouteCase {
  method: Route['method'];
  url: string;
  access: Access;
  /**
   * A well-formed query or body, so a demo account's call succeeds; a function of the market's
   * current prices where the call needs one.
   */
  payload?: Payload;
  /**
   * What a demo account alone in a fresh database gets from this call when success needs a second
   * person (copying someone else's strategy): a refusal past the session check, never 999.
   */
  demoAnswer?: ErrorKey;
}

type Payload = Record<string, string> | ((midOf: MidOf) => Record<string, string>);

/** A table route that needs a session, as a case; a visitor or staff route here is a mistake. */
function needsLogin(route: Route, payload?: Payload, demoAnswer?: ErrorKey): ProtectedRouteCase {
  if (route.auth !== 'user' && route.auth !== 'real') {
    throw new Error(`${route.method} ${route.path} is a ${route.auth} route, not one needing a login`);
  }
  return {
    method: route.method,
    url: route.path,
    access: route.auth,
    ...(payload ? { payload } : {}),
    ...(demoAnswer ? { demoAnswer } : {}),
  };
}

/**
 * Every route that needs a login, in one place. identity/roles.test.ts checks that each answers 999
 * without a token and with a revoked one, that each 'real' route answers only_real_account to a
 * demo account, and that each 'user' route lets a demo account through with the payload given. A
 * feature adding a protected route adds it here: the test walks the routes registered on the
 * running app and fails on one this list forgot.
 */
export const PROTECTED_ROUTES: readonly ProtectedRouteCase[] = [
  needsLogin(routes.userInfo),
  needsLogin(routes.logout),
  needsLogin(routes.amendPassword),
  needsLogin(routes.invite),
  needsLogin(routes.twoFactorStatus),
  needsLogin(routes.twoFactorSetup),
  needsLogin(routes.twoFactorEnable),
  needsLogin(routes.twoFactorDisable),
  needsLogin(routes.balance),
  needsLogin(routes.forexChange),
  // Trading, in an order that lets a demo account succeed on each in turn (a fresh database: the
  // first order is #1, the second #2). BTCUSD trades 24/7, so the market is open whenever this runs.
  needsLogin(routes.submitOrder, tradingOrder('0')),
  needsLogin(routes.cancelOrder, { id: '1' }),
  needsLogin(routes.submitOrder, tradingOrder('1')),
  needsLogin(routes.setStopPrice, { id: '2', target_profit_price: '0', stop_loss_price: '0' }),
  needsLogin(routes.closeOrder, { id: '2' }),
  needsLogin(routes.myDeal, { status: '3' }),
  needsLogin(routes.forexDetail),
  needsLogin(routes.resetDemo),
  // funding and identity verification (features/funding, kyc, uploads): real accounts only
  needsLogin(routes.imageUpload),
  needsLogin(routes.realName),
  needsLogin(routes.authCenter),
  needsLogin(routes.chargeSymbols),
  needsLogin(routes.chargeAddresses),
  needsLogin(routes.wireBanks),
  needsLogin(routes.chargeSubmit),
  needsLogin(routes.chargeSubmitPost),
  needsLogin(routes.wireSubmit),
  needsLogin(routes.wireSubmitPost),
  needsLogin(routes.chargeList),
  needsLogin(routes.drawSymbols),
  needsLogin(routes.draw),
  needsLogin(routes.drawList),
  needsLogin(routes.drawMethods),
  needsLogin(routes.bindDrawMethod),
  needsLogin(routes.deleteDrawMethod),
  // the leaders' ranking (features/ranking): choosing to appear is for real accounts only
  needsLogin(routes.optIn),
  needsLogin(routes.setOptIn, { on: '1' }),
  // copy trading (features/copy): the demo account publishes strategy #1, then meets its own limits
  needsLogin(routes.publish, { name: 'Roles', desc: '', fee_rate: '0', min_invest: '100' }),
  needsLogin(routes.strategyUpdate, { id: '1', desc: 'checked' }),
  // Sent here without its picture: past the session check, refused for the missing file.
  needsLogin(routes.avatarUpload, undefined, 'unsupported_media_type'),
  needsLogin(routes.myStrategy),
  needsLogin(routes.myCopies),
  needsLogin(routes.copy, { strategy_id: '1', amount: '100' }, 'copy_own_strategy'),
  needsLogin(routes.copyDetail, { copy_id: '1' }, 'copy_not_found'),
  needsLogin(routes.copyFunds, { copy_id: '1', amount: '1' }, 'copy_not_found'),
  needsLogin(routes.uncopy, { copy_id: '1' }, 'copy_not_found'),
];
