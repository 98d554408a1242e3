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
const Trade = lazyNamed(() => import('../features/trade/TradeScreen'), 'TradeScreen');
const Login = lazyNamed(() => import('../features/auth/LoginScreen'), 'LoginScreen');
const Register = lazyNamed(() => import('../features/auth/RegisterScreen'), 'RegisterScreen');
const Forgot = lazyNamed(() => import('../features/auth/ForgotScreen'), 'ForgotScreen');
const User = lazyNamed(() => import('../features/user/UserScreen'), 'UserScreen');
const Invite = lazyNamed(() => import('../features/user/InviteScreen'), 'InviteScreen');
const ContactEmail = lazyNamed(() => import('../features/user/EmailScreen'), 'EmailScreen');
const Chat = lazyNamed(() => import('../features/user/ChatScreen'), 'ChatScreen');
const System = lazyNamed(() => import('../features/user/SystemScreen'), 'SystemScreen');
const Password = lazyNamed(() => import('../features/user/PasswordScreen'), 'PasswordScreen');
const Language = lazyNamed(() => import('../features/language/LanguageScreen'), 'LanguageScreen');
const Feedback = lazyNamed(() => import('../features/feedback/FeedbackScreen'), 'FeedbackScreen');
const News = lazyNamed(() => import('../features/news/NewsScreen'), 'NewsScreen');
const NewsDetail = lazyNamed(() => import('../features/news/NewsDetailScreen'), 'NewsDetailScreen');
const Announcements = lazyNamed(() => import('../features/news/AnnouncementScreen'), 'AnnouncementScreen');
const Product = lazyNamed(() => import('../features/product/ProductScreen'), 'ProductScreen');
const Rank = lazyNamed(() => import('../features/rank/RankScreen'), 'RankScreen');
const Charge = lazyNamed(() => import('../features/funding/ChargeScreen'), 'ChargeScreen');
const ChargeRecords = lazyNamed(() => import('../features/funding/RecordsScreens'), 'ChargeRecordsScreen');
const Withdraw = lazyNamed(() => import('../features/funding/WithdrawScreen'), 'WithdrawScreen');
const WithdrawRecords = lazyNamed(
  () => import('../features/funding/RecordsScreens'),
  'WithdrawRecordsScreen',
);
const WithdrawWay = lazyNamed(() => import('../features/funding/WithdrawWayScreen'), 'WithdrawWayScreen');
const Wallet = lazyNamed(() => import('../features/funding/WalletScreen'), 'WalletScreen');
const BankCards = lazyNamed(() => import('../features/funding/MethodListScreens'), 'BankCardListScreen');
const CoinAddresses = lazyNamed(
  () => import('../features/funding/MethodListScreens'),
  'CoinAddressListScreen',
);
const RealName = lazyNamed(() => import('../features/kyc/AuthScreen'), 'AuthScreen');
const Orders = lazyNamed(() => import('../features/trading/OrdersScreen'), 'OrdersScreen');
const AccountHistory = lazyNamed(() => import('../features/trading/HistoryScreen'), 'HistoryScreen');
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
  { path: '/trade', screen: Trade, keepAlive: 'trade', chrome: true, title: 'nav.trade' },
  { path: '/order', screen: Orders, keepAlive: 'order', chrome: true, title: 'nav.orders' },
  { path: '/user', screen: User, keepAlive: 'user', chrome: true, title: 'nav.user' },
  { path: '/mine', screen: User, keepAlive: 'user', title: 'nav.user' },
  { path: '/news', screen: News, keepAlive: 'news', chrome: true, title: 'news.title' },
  { path: '/news/detail', screen: NewsDetail, title: 'news.title' },
  { path: '/rank', screen: Rank, keepAlive: 'rank', chrome: true, title: 'rank.title' },
  { path: '/feedback', screen: Feedback, title: 'feedback.title' },
  { path: '/login', screen: Login, title: 'login.title' },
  { path: '/register', screen: Register, title: 'register.title' },
  { path: '/forgot', screen: Forgot, title: 'forgot.title' },
  { path: '/product', screen: Product, title: 'product.title' },
  { path: '/mine/auth', screen: RealName, title: 'auth.title' },
  { path: '/mine/invite', screen: Invite, title: 'invite.title' },
  { path: '/mine/email', screen: ContactEmail, title: 'email.title' },
  { path: '/mine/announcement', screen: Announcements, title: 'news.announcements' },
  { path: '/mine/password', screen: Password, title: 'password.title' },
  { path: '/mine/history', screen: AccountHistory, title: 'user.account_detail' },
  { path: '/mine/charge', screen: Charge, title: 'financial.charge' },
  { path: '/mine/charge-record', screen: ChargeRecords, title: 'financial.charge_records' },
  { path: '/mine/withdraw', screen: Withdraw, title: 'withdraw.title' },
  { path: '/mine/withdraw-record', screen: WithdrawRecords, title: 'withdraw.records' },
  {
    path: '/mine/withdraw-way',
    screen: WithdrawWay,
    title: (search) => (search.get('type') === '2' ? 'withdraw.bind_bank' : 'withdraw.bind_coin'),
  },
  { path: '/mine/wallet', screen: Wallet, title: 'wallet.title' },
  { path: '/mine/bank-card-list', screen: BankCards, title: 'bank.bank_cards' },
  { path: '/mine/coin-address-list', screen: CoinAddresses, title: 'wallet.coin_addresses' },
  { path: '/mine/chat', screen: Chat, title: 'chat.title' },
  { path: '/mine/system', screen: System, title: 'system.title' },
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
