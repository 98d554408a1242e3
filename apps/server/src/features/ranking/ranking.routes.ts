import { endpoints } from '@meridian/contract';
import type { FeatureContext } from '../../app-context.js';
import { defineRoute } from '../../http/route.js';
import type { RankingService } from './ranking.service.js';

export function registerRankingRoutes(ctx: FeatureContext, ranking: RankingService): void {
  // Public: the spec lets a visitor see the board.
  defineRoute(ctx, endpoints.rankingList, () => ranking.board());
  // Only real accounts trade money worth ranking; a demo account is refused, never listed.
  defineRoute(ctx, endpoints.optIn, ({ user }) => ranking.optIn(user.userId));
  defineRoute(ctx, endpoints.setOptIn, ({ user, input }) => ranking.setOptIn(user.userId, input.on === 1));
}
