import { AreaList, BasicInfo, SettingQuery, SettingValue } from '../server.js';
import { defineEndpoints } from './endpoint.js';
import { NoInput } from './no-input.js';
import { settingsRoutes } from './settings.routes.js';

export const settingsEndpoints = defineEndpoints('settings', settingsRoutes, {
  areaList: {
    request: NoInput,
    response: AreaList,
    summary: 'Phone areas (country name and calling code), sorted by name.',
    errors: [],
  },
  basicInfo: {
    request: NoInput,
    response: BasicInfo,
    summary: 'Service link, registration verification mode and trade fee mode.',
    errors: [],
  },
  publicSetting: {
    request: SettingQuery,
    response: SettingValue,
    summary:
      'One public setting: is_show_mobile, kefu_link, withdraw_requires_real_name, contact_email, margin_call_level or stop_out_level.',
    errors: [],
  },
});
