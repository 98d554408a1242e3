import { endpoints } from '@meridian/contract';
import type { FeatureContext } from '../../app-context.js';
import { defineRoute } from '../../http/route.js';

export function registerSettingsRoutes(ctx: FeatureContext): void {
  const settings = ctx.services.settings;
  defineRoute(ctx, endpoints.areaList, () => settings.areaList());
  defineRoute(ctx, endpoints.basicInfo, () => settings.basicInfo());
  defineRoute(ctx, endpoints.publicSetting, ({ input }) => settings.publicSetting(input.key));
}
