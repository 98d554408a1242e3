/**
 * The dealing desk: instruments' terms and the operator settings. A change is validated, stored,
 * audited in one transaction, then announced on the event bus: every node (this one included)
 * reloads the instrument and forgets its cached settings, so the next tick is quoted and the next
 * order checked with the new terms, without a restart.
 */

import type { StaffInstrument, StaffInstrumentForm, StaffSetting } from '@meridian/contract';
import { TradingDecimal } from '@meridian/trading';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { StaffCaller } from '../../http/auth.js';
import type { EventBus } from '../../live/event-bus.js';
import type { Instrument, MarketService } from '../markets/index.js';
import { type InstrumentTermsChange, updateInstrumentTerms } from '../markets/index.js';
import { readSettings, SETTING_DEFAULTS, type SettingKey, writeSetting } from '../settings/index.js';
import type { Audit } from './audit.js';

export const DEALING_CHANNEL = 'staff.dealing';

interface DealingEvent {
  instrumentId?: number;
  settings?: true;
}

function isDealingEvent(value: unknown): value is DealingEvent {
  const v = value as DealingEvent | null;
  return typeof v === 'object' && v !== null && (typeof v.instrumentId === 'number' || v.settings === true);
}

type SettingKind = StaffSetting['kind'];
interface SettingRule {
  kind: SettingKind;
  choices?: readonly string[];
  min?: number;
  max?: number;
}

/** The settings the desk edits, each with its kind and bounds; anything else is refused. */
const SETTING_RULES: Partial<Record<SettingKey, SettingRule>> = {
  service_link: { kind: 'url' },
  service_link_type: { kind: 'choice', choices: ['1', '2'] },
  kefu_link: { kind: 'url' },
  contact_email: { kind: 'email' },
  verify_reg_type: { kind: 'choice', choices: ['1', '2'] },
  trade_fee_type: { kind: 'choice', choices: ['1', '2'] },
  is_show_mobile: { kind: 'choice', choices: ['0', '1'] },
  company_status: { kind: 'choice', choices: ['0', '1'] },
  loss_url: { kind: 'url' },
  demo_start_balance_micros: { kind: 'int', min: 0, max: 10_000_000 * 1_000_000 },
  margin_call_level: { kind: 'int', min: 1, max: 1000 },
  stop_out_level: { kind: 'int', min: 1, max: 1000 },
  price_band_pct: { kind: 'int', min: 1, max: 100 },
  max_open_positions: { kind: 'int', min: 1, max: 10_000 },
  max_pending_orders: { kind: 'int', min: 1, max: 10_000 },
  order_rate_per_minute: { kind: 'int', min: 1, max: 10_000 },
  upload_rate_per_hour: { kind: 'int', min: 1, max: 10_000 },
  min_deposit_micros: { kind: 'int', min: 0, max: 1_000_000 * 1_000_000 },
  withdraw_requires_real_name: { kind: 'choice', choices: ['0', '1'] },
  withdraw_four_eyes_usd: { kind: 'decimal', min: 0, max: 1_000_000_000 },
};

export class DealingDesk {
  constructor(
    private readonly d: { db: Db; bus: EventBus; audit: Audit; markets: MarketService; onChange: () => void },
  ) {}

  /** Every node's listener: reload what changed. Returns the unsubscribe. */
  listen(): () => void {
    return this.d.bus.subscribe(DEALING_CHANNEL, (payload) => {
      if (!isDealingEvent(payload)) return;
      void this.apply(payload);
    });
  }

  instruments(): StaffInstrument[] {
    return this.d.markets.instruments().map((i) => this.view(i));
  }

  async updateInstrument(
    caller: StaffCaller,
    form: z.output<typeof StaffInstrumentForm>,
    address: string,
  ): Promise<StaffInstrument> {
    const { markets } = this.d;
    const before = markets.requireInstrument(form.id);
    const change = checkTerms(before, form);
    await inTransaction(this.d.db.kysely, async (trx) => {
      await updateInstrumentTerms(trx, before.id, change);
      await this.d.audit.record(
        trx,
        caller,
        'instrument.update',
        `instrument:${before.code}`,
        termsOf(before),
        change,
        address,
      );
    });
    await this.apply({ instrumentId: before.id });
    this.d.bus.publish(DEALING_CHANNEL, { instrumentId: before.id } satisfies DealingEvent);
    return this.view(markets.requireInstrument(before.id));
  }

  async settings(): Promise<StaffSetting[]> {
    const keys = Object.keys(SETTING_RULES) as SettingKey[];
    const stored = await readSettings(this.d.db.kysely, keys);
    return keys.map((key) => {
      const rule = SETTING_RULES[key] as SettingRule;
      return {
        key,
        value: stored.get(key) ?? SETTING_DEFAULTS[key],
        kind: rule.kind,
        ...(rule.choices ? { choices: [...rule.choices] } : {}),
      };
    });
  }

  async updateSetting(
    caller: StaffCaller,
    key: string,
    value: string,
    address: string,
  ): Promise<StaffSetting> {
    const rule = SETTING_RULES[key as SettingKey];
    if (!rule) throw new AppError('setting_invalid');
    checkSetting(rule, value);
    const settingKey = key as SettingKey;
    const before =
      (await readSettings(this.d.db.kysely, [settingKey])).get(settingKey) ?? SETTING_DEFAULTS[settingKey];
    if (settingKey === 'stop_out_level' || settingKey === 'margin_call_level') {
      const levels = await readSettings(this.d.db.kysely, ['stop_out_level', 'margin_call_level']);
      const stopOut = Number(
        settingKey === 'stop_out_level'
          ? value
          : (levels.get('stop_out_level') ?? SETTING_DEFAULTS.stop_out_level),
      );
      const marginCall = Number(
        settingKey === 'margin_call_level'
          ? value
          : (levels.get('margin_call_level') ?? SETTING_DEFAULTS.margin_call_level),
      );
      // The warning must come before the forced close.
      if (stopOut >= marginCall) throw new AppError('setting_invalid');
    }
    await inTransaction(this.d.db.kysely, async (trx) => {
      await writeSetting(trx, settingKey, value);
      await this.d.audit.record(
        trx,
        caller,
        'setting.update',
        `setting:${key}`,
        { value: before },
        { value },
        address,
      );
    });
    await this.apply({ settings: true });
    this.d.bus.publish(DEALING_CHANNEL, { settings: true } satisfies DealingEvent);
    return { key, value, kind: rule.kind, ...(rule.choices ? { choices: [...rule.choices] } : {}) };
  }

  private async apply(event: DealingEvent): Promise<void> {
    if (event.instrumentId !== undefined) await this.d.markets.reloadInstrument(event.instrumentId);
    this.d.onChange();
  }

  private view(i: Instrument): StaffInstrument {
    const quote = this.d.markets.quote(i);
    return {
      id: i.id,
      code: i.code,
      show_code: i.showCode,
      category_id: i.categoryId,
      enabled: i.enabled,
      price_precision: i.pricePrecision,
      spread: i.dealerSpread,
      typical_spread: i.spread,
      min_lots: i.minLots,
      lot_step: i.lotStep,
      max_lots: i.maxLots,
      contract_size: i.contractSize,
      fee_rate: i.feeRate,
      fee_per_lot: i.feePerLot,
      margin_mode: i.marginMode,
      retail_leverage: [...i.retailLeverage],
      pro_leverage: [...i.proLeverage],
      schedule_id: i.scheduleId,
      bid: quote.bid,
      ask: quote.ask,
    };
  }
}

function termsOf(i: Instrument) {
  return {
    enabled: i.enabled,
    dealerSpread: i.dealerSpread,
    minLots: i.minLots,
    lotStep: i.lotStep,
    maxLots: i.maxLots,
    feeRate: i.feeRate,
    feePerLot: i.feePerLot,
    marginMode: i.marginMode,
    retailLeverage: i.retailLeverage,
    proLeverage: i.proLeverage,
  };
}

/** The change as it will be stored, once the terms it leaves hold together. */
function checkTerms(before: Instrument, form: z.output<typeof StaffInstrumentForm>): InstrumentTermsChange {
  const bad = (detail: string) => new AppError('instrument_terms_invalid', { detail });
  const change: InstrumentTermsChange = {};
  if (form.enabled !== undefined) change.enabled = form.enabled;
  if (form.spread !== undefined) {
    if (form.spread !== '') {
      const spread = new TradingDecimal(form.spread);
      if (spread.decimalPlaces() > before.pricePrecision)
        throw bad(`the spread has more than ${before.pricePrecision} decimals`);
      if (spread.gt(new TradingDecimal(before.basePrice).mul(0.1)))
        throw bad('the spread is above 10 % of the price');
      change.dealerSpread = spread.toFixed(before.pricePrecision);
    } else change.dealerSpread = '';
  }
  if (form.min_lots !== undefined) change.minLots = form.min_lots;
  if (form.lot_step !== undefined) change.lotStep = form.lot_step;
  if (form.max_lots !== undefined) change.maxLots = form.max_lots;
  if (form.fee_rate !== undefined) change.feeRate = form.fee_rate;
  if (form.fee_per_lot !== undefined) change.feePerLot = form.fee_per_lot;
  if (form.margin_mode !== undefined) change.marginMode = form.margin_mode === 1 ? 1 : 2;
  if (form.retail_leverage !== undefined) change.retailLeverage = form.retail_leverage;
  if (form.pro_leverage !== undefined) change.proLeverage = form.pro_leverage;
  const min = new TradingDecimal(change.minLots ?? before.minLots);
  const step = new TradingDecimal(change.lotStep ?? before.lotStep);
  const max = new TradingDecimal(change.maxLots ?? before.maxLots);
  if (step.lte(0) || min.lte(0)) throw bad('the minimum and the step must be above zero');
  if (min.gt(max)) throw bad('the minimum is above the maximum');
  if (!min.mod(step).isZero()) throw bad('the minimum is not a whole number of steps');
  if (
    (change.marginMode ?? before.marginMode) === 2 &&
    (change.retailLeverage ?? before.retailLeverage).length === 0
  ) {
    throw bad('leverage margin needs at least one leverage');
  }
  return change;
}

function checkSetting(rule: SettingRule, value: string): void {
  const invalid = () => new AppError('setting_invalid');
  switch (rule.kind) {
    case 'choice':
      if (!rule.choices?.includes(value)) throw invalid();
      return;
    case 'int': {
      if (!/^\d{1,16}$/.test(value)) throw invalid();
      const n = Number(value);
      if ((rule.min !== undefined && n < rule.min) || (rule.max !== undefined && n > rule.max))
        throw invalid();
      return;
    }
    case 'decimal': {
      if (!/^\d{1,12}(\.\d{1,6})?$/.test(value)) throw invalid();
      const n = Number(value);
      if ((rule.min !== undefined && n < rule.min) || (rule.max !== undefined && n > rule.max))
        throw invalid();
      return;
    }
    case 'url':
      if (value !== '' && !/^https?:\/\/[^\s]+$/.test(value)) throw invalid();
      return;
    case 'email':
      if (!/^[^\s@]+@[^\s@]+$/.test(value)) throw invalid();
      return;
    default:
      return;
  }
}
