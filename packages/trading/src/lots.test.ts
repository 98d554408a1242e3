import { describe, expect, it } from 'vitest';
import { parseDecimal } from './decimal.js';
import { canDecrement, nextLots, prevLots, validateLots } from './lots.js';

const terms = { minLots: '0.01', lotStep: '0.01', maxLots: '100' };
const tenths = { minLots: '0.1', lotStep: '0.1', maxLots: '50' };

describe('validateLots', () => {
  it.each([
    ['0.01', terms, '0.01'],
    ['100', terms, '100'],
    [1, terms, '1'],
    // trailing zeros are not extra decimals: "0.10" is 0.1
    ['0.10', tenths, '0.1'],
    // the classic float trap, done in decimals: 0.3 is 3 × 0.1
    ['0.3', tenths, '0.3'],
    [0.3, tenths, '0.3'],
    ['0.7', tenths, '0.7'],
    [parseDecimal('1.2'), tenths, '1.2'],
    // a step of 0.05: 0.15 = 3 × 0.05
    ['0.15', { minLots: '0.05', lotStep: '0.05', maxLots: 10 }, '0.15'],
  ])('%s is valid', (lots, t, lotsStr) => {
    expect(validateLots(lots, t)).toEqual({ ok: true, lotsStr });
  });

  it.each([
    0,
    '0',
    '0.00',
    -1,
    '-0.01',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    'abc',
    '',
    '1e-2',
    ' 1',
    null,
    undefined,
    {},
    true,
  ])('%s is lots_invalid', (lots) => {
    expect(validateLots(lots, terms)).toEqual({ ok: false, error: 'lots_invalid', params: {} });
  });

  it.each([
    // more decimals than the step has
    ['0.015', terms, '0.01'],
    ['0.25', tenths, '0.1'],
    // 0.1 + 0.2 as floats is 0.30000000000000004: 17 decimals, off the 0.1 grid
    [0.1 + 0.2, tenths, '0.1'],
    // right number of decimals, not a multiple: 0.07 / 0.05 = 1.4
    ['0.07', { minLots: '0.05', lotStep: '0.05', maxLots: 10 }, '0.05'],
    // a step of 2 lots: 3 is off it
    ['3', { minLots: 2, lotStep: 2, maxLots: 10 }, '2'],
  ])('%s is lots_off_step with step %#', (lots, t, step) => {
    expect(validateLots(lots, t)).toEqual({ ok: false, error: 'lots_off_step', params: { step } });
  });

  it('checks the minimum and maximum after the step', () => {
    expect(validateLots('0.09', { ...terms, minLots: '0.1' })).toEqual({
      ok: false,
      error: 'lots_below_minimum',
      params: { min: '0.1' },
    });
    expect(validateLots('100.01', terms)).toEqual({
      ok: false,
      error: 'lots_too_large',
      params: { max: '100' },
    });
    expect(validateLots('1e6', terms)).toMatchObject({ error: 'lots_invalid' });
    expect(validateLots('1000000', terms)).toMatchObject({ error: 'lots_too_large' });
  });

  it('throws on broken instrument terms instead of blaming the user', () => {
    expect(() => validateLots('1', { ...terms, lotStep: 0 })).toThrow(/lotStep/);
  });
});

describe('lot stepper', () => {
  it('steps in exact decimals: ten taps of 0.1 from 0.1 reach 1.1', () => {
    let lots = '0.1';
    for (let i = 0; i < 10; i++) lots = nextLots(lots, '0.1');
    expect(lots).toBe('1.1');
    expect(nextLots('0.2', '0.1')).toBe('0.3');
    expect(validateLots(nextLots('0.2', '0.1'), tenths).ok).toBe(true);
    expect(prevLots('0.3', '0.1')).toBe('0.2');
    expect(nextLots(0.01, 0.01)).toBe('0.02');
  });

  it('snaps an off-grid value to the grid', () => {
    expect(nextLots('0.15', '0.1')).toBe('0.2');
    expect(prevLots('0.15', '0.1')).toBe('0.1');
    expect(nextLots('-0.15', '0.1')).toBe('-0.1');
  });

  it('disables minus when lots − step is not above zero', () => {
    expect(canDecrement('0.02', '0.01')).toBe(true);
    expect(canDecrement('0.01', '0.01')).toBe(false);
    expect(canDecrement('0.015', '0.01')).toBe(true);
    expect(canDecrement('0.005', '0.01')).toBe(false);
    // prevLots never goes to zero or below: unchanged when minus is disabled
    expect(prevLots('0.01', '0.01')).toBe('0.01');
    expect(prevLots('0.005', '0.01')).toBe('0.005');
  });
});
