import { describe, expect, it } from 'vitest';
import { langFromBrowser } from './browser-lang';

describe('the language of a first visit', () => {
  it('is the first of the phone’s languages the app speaks', () => {
    expect(langFromBrowser(['zh-HK', 'en'])).toBe('hk');
    expect(langFromBrowser(['zh-Hant-TW'])).toBe('hk');
    expect(langFromBrowser(['zh-CN'])).toBe('hk');
    expect(langFromBrowser(['ja-JP'])).toBe('jp');
    expect(langFromBrowser(['ko'])).toBe('kr');
    expect(langFromBrowser(['vi-VN'])).toBe('vn');
    expect(langFromBrowser(['es-419'])).toBe('spa');
    expect(langFromBrowser(['pt-BR'])).toBe('pt');
    expect(langFromBrowser(['ar-EG'])).toBe('ar');
    expect(langFromBrowser(['nl-NL', 'de-DE', 'en'])).toBe('de');
  });

  it('is English when none is spoken here, or the browser says nothing', () => {
    expect(langFromBrowser(['nl', 'sv'])).toBe('en');
    expect(langFromBrowser([])).toBe('en');
    expect(langFromBrowser(undefined)).toBe('en');
  });
});
