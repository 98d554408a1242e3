import type { FeatureContext } from '../../app-context.js';
import { AppError } from '../../http/app-error.js';
import { requireStepUp } from '../identity/index.js';
import { isRealNameApproved } from '../kyc/index.js';
import { settingInt } from '../settings/index.js';
import { readRestrictions } from '../staff/index.js';
import type { WithdrawalGuards } from './withdrawals.service.js';

/**
 * The checks money going out must pass, from the features that own them: the owner's proof from
 * identity (the authenticator code when two-factor authentication is on, else the password), and
 * the real-name gate (setting `withdraw_requires_real_name`, on by default) from kyc.
 */
export function withdrawalGuards(ctx: Pick<FeatureContext, 'db' | 'services'>): WithdrawalGuards {
  const stepUp = requireStepUp(ctx.services, 'funding');
  const { settings } = ctx.services;
  return {
    confirm: (user, proof, ip) => stepUp.confirm(user, proof, ip),
    async requireNotFrozen(userId) {
      if ((await readRestrictions(ctx.db.kysely, userId)).withdrawalsFrozen)
        throw new AppError('withdrawals_frozen');
    },
    // Without the trading feature there are no positions to back.
    openLoss: (userId) =>
      ctx.services.trading?.service.openLossMicros(ctx.db.kysely, userId) ?? Promise.resolve(0),
    async requireRealName(userId) {
      const s = await settings.get(['withdraw_requires_real_name']);
      if (settingInt(s.withdraw_requires_real_name) === 0) return;
      if (!(await isRealNameApproved(ctx.db.kysely, userId))) throw new AppError('real_name_required');
    },
  };
}
