import type { Lang } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, setLanguage } from '../../i18n';
import { lotsText } from './lots-text';

const say = (lots: string) => lotsText(i18n.t, lots);

async function inLang(lang: Lang, lots: string[]): Promise<string[]> {
  await setLanguage(lang);
  return lots.map(say);
}

beforeAll(async () => {
  await initI18n('en');
});
afterAll(async () => {
  await setLanguage('en');
});

describe('lot counts in every language', () => {
  it('English: "1 lot", "2 lots", and decimals plural, printed exactly as given', async () => {
    expect(await inLang('en', ['1', '2', '0.01', '1.5', '100'])).toEqual([
      '1 lot',
      '2 lots',
      '0.01 lots',
      '1.5 lots',
      '100 lots',
    ]);
  });

  it('follows each language’s own plural rules (French 1.5 is singular, Russian has three forms)', async () => {
    expect(await inLang('fr', ['1', '1.5', '2'])).toEqual(['1 lot', '1.5 lot', '2 lots']);
    expect(await inLang('ru', ['1', '3', '5', '21', '0.5'])).toEqual([
      '1 лот',
      '3 лота',
      '5 лотов',
      '21 лот',
      '0.5 лота',
    ]);
    expect(await inLang('ar', ['1', '2', '3', '11', '0.01'])).toEqual([
      '1 لوت',
      '2 لوت',
      '3 لوتات',
      '11 لوتًا',
      '0.01 لوت',
    ]);
  });

  it('languages without plural forms keep their one form, by their real language tag', async () => {
    // hk, jp, kr and vn are not language tags: English rules would look for a `_one` form they have not got.
    expect(await inLang('hk', ['1', '2'])).toEqual(['1 手', '2 手']);
    expect(await inLang('jp', ['1', '2'])).toEqual(['1ロット', '2ロット']);
    expect(await inLang('kr', ['1', '0.01'])).toEqual(['1랏', '0.01랏']);
    expect(await inLang('vn', ['1', '2'])).toEqual(['1 lô', '2 lô']);
    expect(await inLang('th', ['1'])).toEqual(['1 ล็อต']);
  });
});
