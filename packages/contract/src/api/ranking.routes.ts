import type { OptInForm, OptInState, RankingList } from '../ranking.js';
import type { NoInput } from './no-input.js';
import { realRoute, visitorRoute } from './route.js';

/** The leaders' board (spec section 7): public to read; appearing on it is a real account's choice. */
export const rankingRoutes = {
  rankingList: visitorRoute<typeof NoInput, typeof RankingList>('GET', '/api/follow/list'),
  optIn: realRoute<typeof NoInput, typeof OptInState>('GET', '/api/follow/opt_in'),
  setOptIn: realRoute<typeof OptInForm, typeof OptInState>('POST', '/api/follow/opt_in'),
} as const;
