import type { StaffInstrument, StaffInstrumentForm } from '@meridian/contract';

/** The dealing terms as the edit form holds them: text fields, leverage lists as "50, 100, 200". */
export interface InstrumentValues {
  enabled: boolean;
  spread: string;
  min_lots: string;
  lot_step: string;
  max_lots: string;
  fee_rate: string;
  fee_per_lot: string;
  margin_mode: number;
  retail_leverage: string;
  pro_leverage: string;
}

export const LEVERAGE_LIST = /^\s*(\d{1,4}\s*(,\s*\d{1,4}\s*){0,11})?$/;

export function instrumentValues(i: StaffInstrument): InstrumentValues {
  return {
    enabled: i.enabled,
    spread: i.spread,
    min_lots: i.min_lots,
    lot_step: i.lot_step,
    max_lots: i.max_lots,
    fee_rate: i.fee_rate,
    fee_per_lot: i.fee_per_lot,
    margin_mode: i.margin_mode,
    retail_leverage: i.retail_leverage.join(', '),
    pro_leverage: i.pro_leverage.join(', '),
  };
}

/** "50, 100 ,200" → [50, 100, 200]; "" → []. */
export function parseLeverage(text: string): number[] {
  const trimmed = text.trim();
  return trimmed === '' ? [] : trimmed.split(',').map((x) => Number(x.trim()));
}

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** `spread` may be '' (no minimum: quotes as the feed sends them). */
const TEXT_FIELDS = ['spread', 'min_lots', 'lot_step', 'max_lots', 'fee_rate', 'fee_per_lot'] as const;

/** Only what the form changed (the update keeps every field left out), or null when nothing did. */
export function instrumentChanges(
  original: StaffInstrument,
  values: InstrumentValues,
): StaffInstrumentForm | null {
  const changes: StaffInstrumentForm = { id: original.id };
  let changed = false;
  if (values.enabled !== original.enabled) {
    changes.enabled = values.enabled;
    changed = true;
  }
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value !== original[field]) {
      changes[field] = value;
      changed = true;
    }
  }
  if (values.margin_mode !== original.margin_mode) {
    changes.margin_mode = values.margin_mode;
    changed = true;
  }
  for (const field of ['retail_leverage', 'pro_leverage'] as const) {
    const list = parseLeverage(values[field]);
    if (!sameList(list, original[field])) {
      changes[field] = list;
      changed = true;
    }
  }
  return changed ? changes : null;
}
