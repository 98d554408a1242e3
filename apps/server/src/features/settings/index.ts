/**
 * The deployment's settings, for other features: stored values over defaults, and the repository
 * calls a feature's seed and reads use for its own keys. (Routes and seed are registered by
 * features/index.ts.)
 */
export { SETTING_DEFAULTS, type SettingKey } from './settings.defaults.js';
export { insertMissingSettings, readSettings, writeSetting } from './settings.repository.js';
export { SettingsService, settingInt } from './settings.service.js';
