import type { ParseKeys } from 'i18next';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type TKey = ParseKeys;

/** React.lazy for named exports: the project bans default exports. */
function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const Home = lazyNamed(() => import('../features/home/HomeScreen'), 'HomeScreen');
const ComingSoon = lazyNamed(() => import('../features/coming-soon/ComingSoonScreen'), 'ComingSoonScreen');
const Login = lazyNamed(() => import('../features/auth/LoginScreen'), 'LoginScreen');
const Language = lazyNamed(() => import('../features/language/LanguageScreen'), 'LanguageScreen');
const Feedback = lazyNamed(() => import('../features/feedback/FeedbackScreen'), 'FeedbackScreen');
export const NotFound = lazyNamed(() => import('../features/not-found/NotFoundScreen'), 'NotFoundScreen');

export interface RouteDef {
  path: string;
  screen: LazyExoticComponent<ComponentType>;
  /** Title in the top bar; its presence is what gives a page the bar with a back button. */
  title?: TKey | ((search: URLSearchParams) => TKey);
  /** Screens sharing a key are one kept-alive instance (/user and /mine). */
  keepAlive?: string;
  /** Footer and tab bar (spec: exactly /, /trade, /order, /user, /news, /rank). */
  chrome?: boolean;
}

/** Every route of spec section 2. Screens still to be built show the translated coming-soon page. */
export const ROUTES: readonly RouteDef[] = [
  { path: '/', screen: Home, keepAlive: 'home', chrome: true },
  { path: '/trade', screen: ComingSoon, keepAlive: 'trade', chrome: true, title: 'nav.trade' },
  { path: '/order', screen: ComingSoon, keepAlive: 'order', chrome: true, title: 'nav.orders' },
  { path: '/user', screen: ComingSoon, keepAlive: 'user', chrome: true, title: 'nav.user' },
  { path: '/mine', screen: ComingSoon, keepAlive: 'user', title: 'nav.user' },
  { path: '/news', screen: ComingSoon, keepAlive: 'news', chrome: true, title: 'news.title' },
  { path: '/news/detail', screen: ComingSoon, title: 'news.title' },
  { path: '/rank', screen: ComingSoon, keepAlive: 'rank', chrome: true, title: 'rank.title' },
  { path: '/feedback', screen: Feedback, title: 'feedback.title' },
  { path: '/login', screen: Login, title: 'login.title' },
  { path: '/register', screen: ComingSoon, title: 'register.title' },
  { path: '/forgot', screen: ComingSoon, title: 'forgot.title' },
  { path: '/product', screen: ComingSoon, title: 'product.title' },
  { path: '/mine/auth', screen: ComingSoon, title: 'auth.title' },
  { path: '/mine/invite', screen: ComingSoon, title: 'invite.title' },
  { path: '/mine/email', screen: ComingSoon, title: 'email.title' },
  { path: '/mine/announcement', screen: ComingSoon, title: 'news.announcements' },
  { path: '/mine/password', screen: ComingSoon, title: 'password.title' },
  { path: '/mine/history', screen: ComingSoon, title: 'user.account_detail' },
  { path: '/mine/charge', screen: ComingSoon, title: 'financial.charge' },
  { path: '/mine/withdraw', screen: ComingSoon, title: 'withdraw.title' },
  {
    path: '/mine/withdraw-way',
    screen: ComingSoon,
    title: (search) => (search.get('type') === '2' ? 'withdraw.bind_bank' : 'withdraw.bind_coin'),
  },
  { path: '/mine/wallet', screen: ComingSoon, title: 'wallet.title' },
  { path: '/mine/bank-card-list', screen: ComingSoon, title: 'bank.bank_cards' },
  { path: '/mine/coin-address-list', screen: ComingSoon, title: 'wallet.coin_addresses' },
  { path: '/mine/chat', screen: ComingSoon, title: 'chat.title' },
  { path: '/mine/system', screen: ComingSoon, title: 'system.title' },
  { path: '/language', screen: Language, title: 'language.title' },
];

/** The catch-all: a real 404 inside the app frame. */
export const NOT_FOUND_ROUTE: RouteDef = { path: '*', screen: NotFound };

export function findRoute(pathname: string): RouteDef | undefined {
  return ROUTES.find((r) => r.path === pathname);
}

/** Kept-alive screens by key, each rendered by its first route. */
export function keepAliveScreen(key: string): RouteDef | undefined {
  return ROUTES.find((r) => r.keepAlive === key);
}
