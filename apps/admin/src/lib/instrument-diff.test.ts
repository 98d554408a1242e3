import type { StaffInstrument } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { instrumentChanges, instrumentValues, LEVERAGE_LIST } from './instrument-diff';

const eurusd: StaffInstrument = {
  id: 1,
  code: 'EURUSD',
  show_code: 'EUR/USD',
  category_id: 1,
  enabled: true,
  price_precision: 5,
  spread: '0.00012',
  typical_spread: '0.00008',
  min_lots: '0.01',
  lot_step: '0.01',
  max_lots: '100',
  contract_size: 100000,
  fee_rate: '0.0001',
  fee_per_lot: '7',
  margin_mode: 2,
  retail_leverage: [30, 50],
  pro_leverage: [100, 200, 500],
  schedule_id: 'forex',
  bid: '1.08000',
  ask: '1.08012',
};

describe('instrumentChanges', () => {
  it('is null when nothing changed (leverage text spacing does not count)', () => {
    const values = { ...instrumentValues(eurusd), retail_leverage: '30,50 ' };
    expect(instrumentChanges(eurusd, values)).toBeNull();
  });

  it('sends only the changed fields, leverage lists as numbers', () => {
    const values = {
      ...instrumentValues(eurusd),
      spread: ' 0.0002 ',
      enabled: false,
      pro_leverage: '100, 200',
    };
    expect(instrumentChanges(eurusd, values)).toEqual({
      id: 1,
      enabled: false,
      spread: '0.0002',
      pro_leverage: [100, 200],
    });
  });

  it('sends an emptied spread (no minimum) and an emptied leverage list', () => {
    const values = { ...instrumentValues(eurusd), spread: '', retail_leverage: '' };
    expect(instrumentChanges(eurusd, values)).toEqual({ id: 1, spread: '', retail_leverage: [] });
  });

  it('accepts comma-separated leverage lists only', () => {
    expect(LEVERAGE_LIST.test('50, 100,200')).toBe(true);
    expect(LEVERAGE_LIST.test('')).toBe(true);
    expect(LEVERAGE_LIST.test('50;100')).toBe(false);
    expect(LEVERAGE_LIST.test('1.5')).toBe(false);
  });
});
