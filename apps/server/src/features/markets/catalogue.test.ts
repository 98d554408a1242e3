import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@meridian/contract';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { INSTRUMENTS, instrumentByCode, instrumentById, leverageOptions } from './catalogue.js';
import { CATEGORIES, categoryById } from './categories.js';
import { logoSvg } from './logos.js';
import { parsePrice } from './price.js';

const get = (code: string) => {
  const inst = instrumentByCode(code);
  if (!inst) throw new Error(`${code} missing`);
  return inst;
};
const maxRetail = (code: string) => Math.max(...get(code).retailLeverage);

describe('categories', () => {
  it('name each category in all 14 languages, actually translated', () => {
    expect(CATEGORIES.map((c) => c.key)).toEqual([
      'forex_major',
      'forex_minor',
      'metals',
      'energy',
      'indices',
      'crypto',
    ]);
    for (const c of CATEGORIES) {
      expect(c.nameKey).toBe(`markets.category.${c.key}`);
      for (const lang of LANGUAGES) {
        expect(c.names[lang].trim().length, `${c.key} ${lang}`).toBeGreaterThan(0);
      }
      // Copying English into other languages would pass a presence check; distinct names would not.
      expect(new Set(Object.values(c.names)).size, c.key).toBeGreaterThanOrEqual(10);
    }
  });
});

describe('instrument catalogue', () => {
  it('has at least 32 instruments with unique ids and topic-safe codes in every category', () => {
    expect(INSTRUMENTS.length).toBeGreaterThanOrEqual(32);
    expect(new Set(INSTRUMENTS.map((i) => i.id)).size).toBe(INSTRUMENTS.length);
    expect(new Set(INSTRUMENTS.map((i) => i.code)).size).toBe(INSTRUMENTS.length);
    for (const inst of INSTRUMENTS) {
      expect(inst.code).toMatch(/^[A-Z0-9.]{1,24}$/);
      expect(categoryById(inst.categoryId), inst.code).toBeDefined();
      expect(instrumentById(inst.id)).toBe(inst);
      expect(inst.quoteCurrency).toMatch(/^[A-Z]{3}$/);
    }
    for (const c of CATEGORIES) {
      expect(INSTRUMENTS.filter((i) => i.categoryId === c.id).length, c.key).toBeGreaterThanOrEqual(3);
    }
  });

  it('states prices, spreads and lots exactly at each instrument precision and step', () => {
    for (const inst of INSTRUMENTS) {
      const p = inst.pricePrecision;
      const base = parsePrice(inst.basePrice, p);
      const spread = parsePrice(inst.spread, p);
      expect(spread, inst.code).toBeGreaterThan(0);
      // Thin markets (platinum, palladium) quote wide, but never beyond a few tenths of a percent.
      expect(spread / base, inst.code).toBeLessThan(0.003);
      const step = new Decimal(inst.lotStep);
      expect(new Decimal(inst.minLots).mod(step).isZero(), inst.code).toBe(true);
      expect(new Decimal(inst.maxLots).mod(step).isZero(), inst.code).toBe(true);
      expect(new Decimal(inst.maxLots).gt(inst.minLots), inst.code).toBe(true);
      expect(inst.marginMode).toBe(2);
    }
  });

  it('caps retail leverage at the ESMA limits and offers more only to professionals', () => {
    expect(maxRetail('EURUSD')).toBe(30);
    expect(maxRetail('USDJPY')).toBe(30);
    expect(maxRetail('GBPJPY')).toBe(20);
    expect(maxRetail('XAUUSD')).toBe(20);
    expect(maxRetail('XAGUSD')).toBe(10);
    expect(maxRetail('USOIL')).toBe(10);
    expect(maxRetail('US500')).toBe(20);
    expect(maxRetail('HK50')).toBe(10);
    expect(maxRetail('BTCUSD')).toBe(2);
    for (const inst of INSTRUMENTS) {
      expect(Math.min(...inst.proLeverage), inst.code).toBeGreaterThan(Math.max(...inst.retailLeverage));
      expect(leverageOptions(inst, false)).toEqual([...inst.retailLeverage]);
      expect(leverageOptions(inst, true)).toEqual([...inst.retailLeverage, ...inst.proLeverage]);
    }
    expect(leverageOptions(get('EURUSD'), true)).toContain(200);
  });

  it('uses realistic contract sizes, quote currencies and volatilities', () => {
    expect(get('EURUSD').contractSize).toBe(100_000);
    expect(get('XAUUSD').contractSize).toBe(100);
    expect(get('XAGUSD').contractSize).toBe(5000);
    expect(get('USOIL').contractSize).toBe(1000);
    expect(get('BTCUSD').contractSize).toBe(1);
    expect(get('USDJPY').quoteCurrency).toBe('JPY');
    expect(get('EURGBP').quoteCurrency).toBe('GBP');
    expect(get('GER40').quoteCurrency).toBe('EUR');
    for (const inst of INSTRUMENTS.filter((i) => i.categoryId <= 2)) {
      expect(inst.quoteCurrency).toBe(inst.code.slice(3));
      expect(inst.showCode).toBe(`${inst.code.slice(0, 3)}/${inst.code.slice(3)}`);
    }
    expect(get('EURUSD').volatility).toBe(0.07);
    expect(get('GBPJPY').volatility).toBe(0.11);
    expect(get('XAUUSD').volatility).toBe(0.16);
    expect(get('USOIL').volatility).toBe(0.35);
    expect(get('BTCUSD').volatility).toBe(0.55);
    expect(get('EURUSD').scheduleId).toBe('forex');
    expect(get('BTCUSD').scheduleId).toBe('crypto');
  });

  it('ships a generated logo for every instrument, matching the generator', () => {
    for (const inst of INSTRUMENTS) {
      expect(inst.logo).toBe(`/logos/${inst.code}.svg`);
      const file = fileURLToPath(new URL(`../../../../web/public${inst.logo}`, import.meta.url));
      expect(readFileSync(file, 'utf8'), `${inst.code}: run tools/generate-logos.ts`).toBe(logoSvg(inst));
      expect(logoSvg(inst)).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    }
  });
});
