import type { Area, BasicInfo, SettingValue } from '@meridian/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { SETTING_DEFAULTS, type SettingKey } from './settings.defaults.js';
import { listAreas, readSettings } from './settings.repository.js';

const byName = new Intl.Collator('en', { sensitivity: 'base' });

export class SettingsService {
  constructor(private readonly db: Kysely<Database>) {}

  /** Values of the given keys; a key missing from the table reads as its default. */
  async get<K extends SettingKey>(keys: readonly K[]): Promise<Record<K, string>> {
    const stored = await readSettings(this.db, keys);
    const out = {} as Record<K, string>;
    for (const key of keys) out[key] = stored.get(key) ?? SETTING_DEFAULTS[key];
    return out;
  }

  /** Sorted in the service, not in SQL, so both dialects give the same order whatever their collation. */
  async areaList(): Promise<Area[]> {
    const rows = await listAreas(this.db);
    return rows
      .sort((a, b) => byName.compare(a.code, b.code))
      .map((r) => ({ id: r.id, code: r.code, global_code: r.globalCode }));
  }

  async basicInfo(): Promise<BasicInfo> {
    const s = await this.get(['service_link', 'verify_reg_type', 'service_link_type', 'trade_fee_type']);
    return {
      service_link: s.service_link,
      verify_reg_type: settingInt(s.verify_reg_type),
      service_link_type: settingInt(s.service_link_type),
      trade_fee_type: settingInt(s.trade_fee_type),
    };
  }

  async publicSetting(key: SettingValue['key']): Promise<SettingValue> {
    const s = await this.get([key]);
    return { key, value: s[key] };
  }
}

/** Settings are edited by hand; a non-number reads as 0 rather than failing every page load. */
export function settingInt(value: string): number {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : 0;
}
