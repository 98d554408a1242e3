import { endpoints, type Lang } from '@meridian/contract';
import type { FeatureContext } from '../../app-context.js';
import { AppError } from '../../http/app-error.js';
import { optionalUser } from '../../http/auth.js';
import { defineRoute } from '../../http/route.js';
import { readSingleFile } from '../uploads/index.js';
import type { CopyService } from './copy.service.js';
import { STRATEGIES_CHANNEL } from './providers.js';
import { sampleDescriptionKey } from './samples.js';

export function registerCopyRoutes(ctx: FeatureContext, copy: CopyService): void {
  /** A sample strategy's description in the caller's language (a trader's own text stays as written). */
  const localized = <S extends { name: string; desc: string; is_sample: number }>(s: S, lang: Lang): S => {
    const key = sampleDescriptionKey(s);
    return key ? { ...s, desc: ctx.translator.t(lang, key) } : s;
  };
  // The list and a strategy's page are public (the documentary tab, like the ranking).
  defineRoute(ctx, endpoints.strategies, async ({ input, request }) => {
    const page = await copy.strategies(input);
    return { ...page, list: page.list.map((s) => localized(s, request.lang)) };
  });
  defineRoute(ctx, endpoints.strategy, async ({ input, request }) => {
    // A visitor's page has no copy of theirs; a bad token reads as a visitor, not an error.
    const viewer = await optionalUser(request).catch(() => null);
    return localized(await copy.strategy(input.id, viewer), request.lang);
  });
  defineRoute(ctx, endpoints.strategyEquity, ({ input }) => copy.strategyEquity(input.id, input.period));
  // Public, as the list is; an <img> asks for it. The address names the picture, so the current one
  // is cached for good and a replaced one is never served under an old address for long.
  defineRoute(ctx, endpoints.strategyAvatar, async ({ input, reply }) => {
    const avatar = await copy.avatar(input.id);
    if (!avatar) throw new AppError('not_found');
    return reply
      .header('content-type', 'image/webp')
      .header(
        'cache-control',
        input.v === avatar.version ? 'public, max-age=31536000, immutable' : 'public, max-age=60',
      )
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(avatar.bytes);
  });
  defineRoute(ctx, endpoints.avatarUpload, ({ user, request }) =>
    copy.setAvatar(user, () => readSingleFile(request)),
  );
  defineRoute(ctx, endpoints.publish, async ({ user, input }) => {
    const published = await copy.publish(user, input);
    ctx.bus.publish(STRATEGIES_CHANNEL, { id: published.id });
    // This node's outbox takes the provider's very next order (other nodes hear the channel).
    await ctx.services.copy?.providers.refresh();
    return published;
  });
  defineRoute(ctx, endpoints.strategyUpdate, async ({ user, input }) => {
    const updated = await copy.updateStrategy(user, input);
    ctx.bus.publish(STRATEGIES_CHANNEL, { id: updated.id });
    await ctx.services.copy?.providers.refresh();
    return updated;
  });
  defineRoute(ctx, endpoints.copy, ({ user, input }) => copy.copy(user, input));
  defineRoute(ctx, endpoints.copyFunds, ({ user, input }) => copy.copyFunds(user, input));
  defineRoute(ctx, endpoints.uncopy, ({ user, input }) => copy.uncopy(user, input.copy_id));
  defineRoute(ctx, endpoints.myCopies, ({ user }) => copy.myCopies(user));
  defineRoute(ctx, endpoints.copyDetail, ({ user, input, request }) =>
    copy.copyDetail(user, input.copy_id, request.lang),
  );
  defineRoute(ctx, endpoints.myStrategy, ({ user }) => copy.myStrategy(user));
}
