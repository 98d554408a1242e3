import { z } from 'zod';

/** GET /api/default/area_list → Area[] sorted by country name. `code` is the country's English name. */
export const Area = z.object({ id: z.number().int(), code: z.string(), global_code: z.string() });
export type Area = z.infer<typeof Area>;
export const AreaList = z.array(Area);

/**
 * GET /api/basicSet/getBasicInfo. verify_reg_type: 1 = e-mailed/texted code, 2 = image captcha.
 * trade_fee_type: 1 = lots × fee rate, otherwise margin × fee rate (spec section 9).
 */
export const BasicInfo = z.object({
  service_link: z.string(),
  verify_reg_type: z.number().int(),
  service_link_type: z.number().int(),
  trade_fee_type: z.number().int(),
});
export type BasicInfo = z.infer<typeof BasicInfo>;

/**
 * GET /api/default/setting?key=… : only these keys are public. `withdraw_requires_real_name` (1/0) lets
 * the withdraw screen say before the trader types anything that an approved real-name review comes first.
 * `contact_email` is support's address (/mine/email, and the chat's fallback); `margin_call_level` and
 * `stop_out_level` (risk-rate percentages) explain the risk rate where it is shown: a broker publishes them.
 */
export const PUBLIC_SETTING_KEYS = [
  'is_show_mobile',
  'kefu_link',
  'withdraw_requires_real_name',
  'contact_email',
  'margin_call_level',
  'stop_out_level',
] as const;
export const SettingQuery = z.object({ key: z.enum(PUBLIC_SETTING_KEYS) });
export type SettingQuery = z.infer<typeof SettingQuery>;
export const SettingValue = z.object({ key: z.enum(PUBLIC_SETTING_KEYS), value: z.string() });
export type SettingValue = z.infer<typeof SettingValue>;

/**
 * GET /api/company/getCompanyStatus. status ≠ 0: the client goes to loss_url; type 0: main site
 * (isMain on, the company search is shown).
 */
export const CompanyStatus = z.object({
  status: z.number().int(),
  type: z.number().int(),
  loss_url: z.string(),
});
export type CompanyStatus = z.infer<typeof CompanyStatus>;

/**
 * GET /healthz. `leader`: this node runs the price feed and the trigger worker (always, embedded);
 * `term`: its leadership term while it leads, else the newest term it knows of (scale-out; embedded
 * is always 1); `priceAgeMs`: how old this node's latest word from the price feed is (0 on the
 * leader while its lease holds), null before the first.
 */
export const Health = z.object({
  status: z.literal('ok'),
  db: z.enum(['sqlite', 'postgres']),
  leader: z.boolean(),
  term: z.number().int().nonnegative(),
  priceAgeMs: z.number().int().nonnegative().nullable(),
});
export type Health = z.infer<typeof Health>;
