import type {
  AvatarBytes,
  CopyDetail,
  CopyDetailQuery,
  CopyForm,
  CopyFundsForm,
  CopyIdForm,
  CopySummary,
  MyCopies,
  MyStrategy,
  PublishForm,
  StrategiesQuery,
  StrategyAvatarQuery,
  StrategyDetail,
  StrategyEquity,
  StrategyEquityQuery,
  StrategyIdQuery,
  StrategyPage,
  StrategySummary,
  StrategyUpdateForm,
} from '../follow.js';
import type { NoInput } from './no-input.js';
import { userRoute, visitorRoute } from './route.js';

/**
 * Copy trading (the documentary tab): strategies are public to read; publishing, copying and the
 * caller's own copies need a session (a demo account publishes demo strategies and copies with
 * virtual money). Moving money in or out of a copy is retry-safe with an Idempotency-Key.
 */
export const followRoutes = {
  strategies: visitorRoute<typeof StrategiesQuery, typeof StrategyPage>('GET', '/api/follow/strategies'),
  strategy: visitorRoute<typeof StrategyIdQuery, typeof StrategyDetail>('GET', '/api/follow/strategy'),
  strategyEquity: visitorRoute<typeof StrategyEquityQuery, typeof StrategyEquity>(
    'GET',
    '/api/follow/strategy_equity',
  ),
  strategyAvatar: visitorRoute<typeof StrategyAvatarQuery, typeof AvatarBytes>('GET', '/api/follow/avatar', {
    answer: 'binary',
  }),
  avatarUpload: userRoute<typeof NoInput, typeof StrategySummary>('POST', '/api/follow/avatar_upload', {
    encoding: 'multipart',
  }),
  publish: userRoute<typeof PublishForm, typeof StrategySummary>('POST', '/api/follow/publish'),
  strategyUpdate: userRoute<typeof StrategyUpdateForm, typeof StrategySummary>(
    'POST',
    '/api/follow/strategy_update',
  ),
  copy: userRoute<typeof CopyForm, typeof CopySummary>('POST', '/api/follow/copy', { idempotent: true }),
  copyFunds: userRoute<typeof CopyFundsForm, typeof CopySummary>('POST', '/api/follow/copy_funds', {
    idempotent: true,
  }),
  uncopy: userRoute<typeof CopyIdForm, typeof CopySummary>('POST', '/api/follow/uncopy', {
    idempotent: true,
  }),
  myCopies: userRoute<typeof NoInput, typeof MyCopies>('GET', '/api/follow/my_copies'),
  copyDetail: userRoute<typeof CopyDetailQuery, typeof CopyDetail>('GET', '/api/follow/copy_detail'),
  myStrategy: userRoute<typeof NoInput, typeof MyStrategy>('GET', '/api/follow/my_strategy'),
} as const;
