import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, setLanguage } from './index';

/** The app's t (as useTranslation gets it), typed loosely: the test uses keys en.json has not. */
type LooseT = (key: string, options?: Record<string, unknown>) => unknown;
const fixedT = () => i18n.getFixedT(null, 'translation') as unknown as LooseT;
const plainT = i18n.t as unknown as LooseT;

/**
 * The app's `t` (useTranslation's, i18n.getFixedT's) remembers texts by language, key and options:
 * it must give exactly what i18next gives, and forget when the language or the loaded texts change.
 */
describe('remembered texts', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('gives what i18next gives, for plain keys, interpolations and plurals', () => {
    const t = fixedT();
    expect(t('nav.trade')).toBe(plainT('nav.trade'));
    expect(t('nav.trade')).toBe(plainT('nav.trade'));
    expect(t('trading.leverage_value', { value: 5 })).toBe(plainT('trading.leverage_value', { value: 5 }));
    // Another value is another text, not the one remembered for 5.
    expect(t('trading.leverage_value', { value: 10 })).toBe(plainT('trading.leverage_value', { value: 10 }));
    expect(t('trading.leverage_value', { value: 10 })).not.toBe(t('trading.leverage_value', { value: 5 }));
  });

  it('forgets when a text is added or changed, and when the language changes', async () => {
    const t = fixedT();
    const key = 'test_only.greeting';
    expect(t(key)).toBe('test_only.greeting');
    i18n.addResourceBundle('en', 'translation', { test_only: { greeting: 'Hello {{name}}' } }, true, true);
    expect(t(key, { name: 'Ada' })).toBe('Hello Ada');
    expect(t(key)).toBe('Hello {{name}}');
    i18n.addResourceBundle('en', 'translation', { test_only: { greeting: 'Hi {{name}}' } }, true, true);
    expect(t(key, { name: 'Ada' })).toBe('Hi Ada');

    const english = t('nav.trade');
    await setLanguage('fr');
    const french = fixedT()('nav.trade');
    expect(french).toBe(plainT('nav.trade'));
    expect(french).not.toBe(english);
    // A t made before the switch follows the language too, as i18next's own does.
    expect(t('nav.trade')).toBe(french);
    await setLanguage('en');
    expect(t('nav.trade')).toBe(english);
  });

  it('leaves calls with other options to i18next', () => {
    const t = fixedT();
    const obj = t('nav', { returnObjects: true }) as unknown;
    expect(typeof obj).toBe('object');
    expect(t('nav.trade', { lng: 'de' })).toBe(plainT('nav.trade', { lng: 'de' }));
  });
});
