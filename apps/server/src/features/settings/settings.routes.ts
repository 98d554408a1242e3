import { SettingQuery } from '@meridian/contract';
import type { FeatureContext } from '../../app-context.js';
import { defineRoute } from '../../http/route.js';

export function registerSettingsRoutes({ app, translator, services }: FeatureContext): void {
  const settings = services.settings;
  defineRoute(app, translator, {
    method: 'GET',
    url: '/api/default/area_list',
    handler: () => settings.areaList(),
  });
  defineRoute(app, translator, {
    method: 'GET',
    url: '/api/basicSet/getBasicInfo',
    handler: () => settings.basicInfo(),
  });
  defineRoute(app, translator, {
    method: 'GET',
    url: '/api/default/setting',
    query: SettingQuery,
    handler: ({ query }) => settings.publicSetting(query.key),
  });
}
