import type { AreaList, BasicInfo, SettingQuery, SettingValue } from '../server.js';
import type { NoInput } from './no-input.js';
import { visitorRoute } from './route.js';

/** The deployment's public settings (spec section 7), read by the app at start and by visitors. */
export const settingsRoutes = {
  areaList: visitorRoute<typeof NoInput, typeof AreaList>('GET', '/api/default/area_list'),
  basicInfo: visitorRoute<typeof NoInput, typeof BasicInfo>('GET', '/api/basicSet/getBasicInfo'),
  publicSetting: visitorRoute<typeof SettingQuery, typeof SettingValue>('GET', '/api/default/setting'),
} as const;
