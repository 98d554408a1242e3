/** Routes that need a logged-in user (spec section 2). */
export function needsLogin(pathname: string): boolean {
  return (
    pathname === '/order' || pathname === '/user' || pathname === '/mine' || pathname.startsWith('/mine/')
  );
}

/** Links a demo account may not follow (spec section 6); the user stays where they are. */
export const REAL_ACCOUNT_PATHS: readonly string[] = [
  '/mine/charge',
  '/mine/charge-record',
  '/mine/withdraw',
  '/mine/withdraw-record',
  '/mine/withdraw-way',
  '/mine/wallet',
  '/mine/bank-card-list',
  '/mine/coin-address-list',
  '/mine/auth',
  '/mine/invite',
  '/mine/password',
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
  return `/login?from=${encodeURIComponent(`${pathname}${search}`)}`;
}

export function decide(pathname: string, search: string, session: GuardSession): GuardDecision {
  if (needsLogin(pathname) && !session.isLogin) return { kind: 'login', to: loginRedirect(pathname, search) };
  if (needsRealAccount(pathname) && session.isDemo) return { kind: 'real-only' };
  return { kind: 'allow' };
}

/** Only in-app paths are followed after login: `from=//evil.example` must not leave the site. */
export function safeFrom(from: string | null): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) return '/';
  return from;
}
