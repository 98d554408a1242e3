import { describe, expect, it } from 'vitest';
import { safeEmail, safeWebUrl } from './links';

describe('safeWebUrl', () => {
  it('keeps http and https addresses', () => {
    expect(safeWebUrl('https://www.alderbank-markets.example')).toBe(
      'https://www.alderbank-markets.example/',
    );
    expect(safeWebUrl('http://a.example/x?y=1')).toBe('http://a.example/x?y=1');
  });
  it('refuses script, data and relative addresses', () => {
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', '/relative', '']) {
      expect(safeWebUrl(bad), bad).toBeNull();
    }
  });
});

describe('safeEmail', () => {
  it('accepts a plain address and refuses anything that could add mailto headers', () => {
    expect(safeEmail('compliance@kestrel-trade.example')).toBe('compliance@kestrel-trade.example');
    for (const bad of ['no-at-sign', 'a@b', 'a@b.example?bcc=x@y.example', 'a b@c.example', '']) {
      expect(safeEmail(bad), bad).toBeNull();
    }
  });
});
