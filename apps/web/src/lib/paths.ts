/**
 * Every in-app route path (spec section 2), kept below the shell: the route table registers them and
 * the guards test them, and a screen that links somewhere needs only this file, not the route table
 * (which lazy-loads the screens, so a screen importing it would close an import circle).
 */
export const PATHS = {
  home: '/',
  trade: '/trade',
  orders: '/order',
  user: '/user',
  mine: '/mine',
  news: '/news',
  newsDetail: '/news/detail',
  rank: '/rank',
  feedback: '/feedback',
  login: '/login',
  register: '/register',
  forgot: '/forgot',
  product: '/product',
  language: '/language',
  realName: '/mine/auth',
  invite: '/mine/invite',
  contactEmail: '/mine/email',
  announcements: '/mine/announcement',
  password: '/mine/password',
  security: '/mine/security',
  history: '/mine/history',
  charge: '/mine/charge',
  chargeRecords: '/mine/charge-record',
  withdraw: '/mine/withdraw',
  withdrawRecords: '/mine/withdraw-record',
  withdrawWay: '/mine/withdraw-way',
  wallet: '/mine/wallet',
  bankCards: '/mine/bank-card-list',
  coinAddresses: '/mine/coin-address-list',
  chat: '/mine/chat',
  system: '/mine/system',
  /** Copy trading (the documentary tab): the strategies, one strategy, the caller's copies and strategy. */
  follow: '/follow',
  followStrategy: '/follow/strategy',
  followCopies: '/follow/copies',
  followCopy: '/follow/copy',
  followMine: '/follow/mine',
} as const;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];
