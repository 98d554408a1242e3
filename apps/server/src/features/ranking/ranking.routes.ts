import { OptInForm } from '@meridian/contract';
import type { FeatureContext } from '../../app-context.js';
import { defineRoute } from '../../http/route.js';
import { defineProtectedRoute } from '../identity/auth.js';
import type { RankingService } from './ranking.service.js';

export function registerRankingRoutes({ app, translator }: FeatureContext, ranking: RankingService): void {
  // Public: the spec lets a visitor see the board.
  defineRoute(app, translator, {
    method: 'GET',
    url: '/api/follow/list',
    handler: () => ranking.board(),
  });
  // Only real accounts trade money worth ranking; a demo account is refused, never listed.
  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/api/follow/opt_in',
    access: 'real',
    handler: ({ user }) => ranking.optIn(user.userId),
  });
  defineProtectedRoute(app, translator, {
    method: 'POST',
    url: '/api/follow/opt_in',
    access: 'real',
    body: OptInForm,
    handler: ({ user, body }) => ranking.setOptIn(user.userId, body.on === 1),
  });
}
