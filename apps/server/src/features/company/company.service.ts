import type { CompanyStatus } from '@meridian/contract';
import { type SettingsService, settingInt } from '../settings/settings.service.js';

/** Whether this deployment is operating, and whether it is the main site (spec section 4). */
export class CompanyService {
  constructor(private readonly settings: SettingsService) {}

  async status(): Promise<CompanyStatus> {
    const s = await this.settings.get(['company_status', 'company_type', 'loss_url']);
    return { status: settingInt(s.company_status), type: settingInt(s.company_type), loss_url: s.loss_url };
  }
}
