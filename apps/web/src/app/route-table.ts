import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadFollowTexts } from '../i18n';
import { PATHS } from '../lib/paths';
import type { RouteMeta } from '../lib/route-context';

/** A lazy screen that can also start loading its code before it renders (main.tsx does, for the first one). */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload(): Promise<unknown> };

/** React.lazy for named exports: the project bans default exports. */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyScreen {
  let loaded: ComponentType | null = null;
  // The module loader caches: preloading and rendering share one download.
  const preload = () =>
    load().then((module) => {
      loaded = module[name] as ComponentType;
      return module;
    });
  const screen = lazy(() => {
    const ready = loaded;
    // Code already in (main.tsx preloads the first screen): a thenable that answers at once, which
    // React reads in the same render. A promise would answer a tick later, after React had shown the
    // Suspense spinner for a frame, and the page would jump when the screen replaced it.
    if (ready) {
      const answer = { default: ready };
      // biome-ignore lint/suspicious/noThenProperty: React.lazy takes any thenable; this one answers at once on purpose
      return { then: (done: (m: typeof answer) => void) => done(answer) } as never;
    }
    return preload().then(() => ({ default: loaded as ComponentType }));
  });
  return Object.assign(screen, { preload });
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
const Security = lazyNamed(() => import('../features/user/SecurityScreen'), 'SecurityScreen');
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
/** Copy trading's screens come with their English texts (kept out of the first screen's bundle). */
const withFollowTexts = <M>(screen: Promise<M>): Promise<M> =>
  Promise.all([screen, loadFollowTexts()]).then(([module]) => module);
const Strategies = lazyNamed(
  () => withFollowTexts(import('../features/follow/StrategiesScreen')),
  'StrategiesScreen',
);
const Strategy = lazyNamed(
  () => withFollowTexts(import('../features/follow/StrategyScreen')),
  'StrategyScreen',
);
const MyCopies = lazyNamed(
  () => withFollowTexts(import('../features/follow/MyCopiesScreen')),
  'MyCopiesScreen',
);
const CopyDetail = lazyNamed(
  () => withFollowTexts(import('../features/follow/CopyDetailScreen')),
  'CopyDetailScreen',
);
const MyStrategy = lazyNamed(
  () => withFollowTexts(import('../features/follow/MyStrategyScreen')),
  'MyStrategyScreen',
);
export const NotFound = lazyNamed(() => import('../features/not-found/NotFoundScreen'), 'NotFoundScreen');
/** What a demo account sees on a real-account page (the route gate shows it in the page's place). */
export const RealAccount = lazyNamed(() => import('../features/user/RealAccountScreen'), 'RealAccountScreen');

/** A route as screens see it (lib/route-context), plus the screen: only the shell holds screens. */
export interface RouteDef extends RouteMeta {
  screen: LazyScreen;
}

/** Every route of spec section 2. Screens still to be built show the translated coming-soon page. */
export const ROUTES: readonly RouteDef[] = [
  { path: PATHS.home, screen: Home, keepAlive: 'home', chrome: true },
  { path: PATHS.trade, screen: Trade, keepAlive: 'trade', chrome: true, title: 'nav.trade' },
  { path: PATHS.orders, screen: Orders, keepAlive: 'order', chrome: true, title: 'nav.orders' },
  { path: PATHS.user, screen: User, keepAlive: 'user', chrome: true, title: 'nav.user' },
  { path: PATHS.mine, screen: User, keepAlive: 'user', title: 'nav.user' },
  { path: PATHS.news, screen: News, keepAlive: 'news', chrome: true, title: 'news.title' },
  { path: PATHS.newsDetail, screen: NewsDetail, title: 'news.title' },
  { path: PATHS.rank, screen: Rank, keepAlive: 'rank', chrome: true, title: 'rank.title' },
  { path: PATHS.feedback, screen: Feedback, title: 'feedback.title' },
  { path: PATHS.login, screen: Login, title: 'login.title' },
  { path: PATHS.register, screen: Register, title: 'register.title' },
  { path: PATHS.forgot, screen: Forgot, title: 'forgot.title' },
  { path: PATHS.product, screen: Product, title: 'product.title' },
  { path: PATHS.realName, screen: RealName, title: 'auth.title' },
  { path: PATHS.invite, screen: Invite, title: 'invite.title' },
  { path: PATHS.contactEmail, screen: ContactEmail, title: 'email.title' },
  { path: PATHS.announcements, screen: Announcements, title: 'news.announcements' },
  { path: PATHS.password, screen: Password, title: 'password.title' },
  { path: PATHS.security, screen: Security, title: 'security.title' },
  { path: PATHS.history, screen: AccountHistory, title: 'user.account_detail' },
  { path: PATHS.charge, screen: Charge, title: 'financial.charge' },
  { path: PATHS.chargeRecords, screen: ChargeRecords, title: 'financial.charge_records' },
  { path: PATHS.withdraw, screen: Withdraw, title: 'withdraw.title' },
  { path: PATHS.withdrawRecords, screen: WithdrawRecords, title: 'withdraw.records' },
  {
    path: PATHS.withdrawWay,
    screen: WithdrawWay,
    title: (search) => (search.get('type') === '2' ? 'withdraw.bind_bank' : 'withdraw.bind_coin'),
  },
  { path: PATHS.wallet, screen: Wallet, title: 'wallet.title' },
  { path: PATHS.bankCards, screen: BankCards, title: 'bank.bank_cards' },
  { path: PATHS.coinAddresses, screen: CoinAddresses, title: 'wallet.coin_addresses' },
  { path: PATHS.chat, screen: Chat, title: 'chat.title' },
  { path: PATHS.system, screen: System, title: 'system.title' },
  { path: PATHS.language, screen: Language, title: 'language.title' },
  // Copy trading, the documentary tab (beyond spec section 2's list). The caller's own pages need a
  // session; their screens send a visitor to login (features/follow/parts.tsx, LoginRequired).
  { path: PATHS.follow, screen: Strategies, keepAlive: 'follow', chrome: true, title: 'follow.title' },
  { path: PATHS.followStrategy, screen: Strategy, title: 'follow.strategy_title' },
  { path: PATHS.followCopies, screen: MyCopies, title: 'follow.my_copies' },
  { path: PATHS.followCopy, screen: CopyDetail, title: 'follow.copy_title' },
  { path: PATHS.followMine, screen: MyStrategy, title: 'follow.my_strategy' },
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
