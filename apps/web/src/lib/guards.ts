import { PATHS } from './paths';

/** Routes that need a logged-in user (spec section 2). */
export function needsLogin(pathname: string): boolean {
  return (
    pathname === PATHS.orders ||
    pathname === PATHS.user ||
    pathname === PATHS.mine ||
    pathname.startsWith(`${PATHS.mine}/`)
  );
}

/**
 * Pages a demo account may not use (spec section 6): the route gate shows what the feature does and
 * the way to open a real account in their place (the server refuses the calls too).
 */
export const REAL_ACCOUNT_PATHS: readonly string[] = [
  PATHS.charge,
  PATHS.chargeRecords,
  PATHS.withdraw,
  PATHS.withdrawRecords,
  PATHS.withdrawWay,
  PATHS.wallet,
  PATHS.bankCards,
  PATHS.coinAddresses,
  PATHS.realName,
  PATHS.invite,
  PATHS.password,
  PATHS.security,
];

export function needsRealAccount(pathname: string): boolean {
  return REAL_ACCOUNT_PATHS.includes(pathname);
}

export interface GuardSession {
  isLogin: boolean;
  isDemo: boolean;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'login'; to: string } | { kind: 'real-only' };

/** `/login?from=<the wanted path with its query>` so login can send the user on. */
export function loginRedirect(pathname: string, search: string): string {
  return `${PATHS.login}?from=${encodeURIComponent(`${pathname}${search}`)}`;
}

export function decide(pathname: string, search: string, session: GuardSession): GuardDecision {
  if (needsLogin(pathname) && !session.isLogin) return { kind: 'login', to: loginRedirect(pathname, search) };
  if (needsRealAccount(pathname) && session.isDemo) return { kind: 'real-only' };
  return { kind: 'allow' };
}

/** Only in-app paths are followed after login: `from=//evil.example` must not leave the site. */
export function safeFrom(from: string | null): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith(PATHS.login)) return PATHS.home;
  return from;
}
