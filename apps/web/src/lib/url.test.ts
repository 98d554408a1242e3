import { describe, expect, it } from 'vitest';
import { apiBaseUrl, socketUrl } from './endpoints';
import { formatBalance, formatChangePercent, formatFee } from './format';
import { langFromUrl } from './url-lang';

describe('lang from the URL', () => {
  it('reads lang before the hash and inside it, the hash winning, tw meaning hk', () => {
    expect(langFromUrl('http://x/?lang=jp#/')).toBe('jp');
    expect(langFromUrl('http://x/#/trade?lang=ar')).toBe('ar');
    expect(langFromUrl('http://x/?lang=jp#/trade?lang=fr')).toBe('fr');
    expect(langFromUrl('http://x/?lang=tw#/')).toBe('hk');
    expect(langFromUrl('http://x/?lang=TW')).toBe('hk');
    expect(langFromUrl('http://x/#/?lang=xx')).toBeNull();
    expect(langFromUrl('http://x/#/')).toBeNull();
  });
});

describe('endpoints', () => {
  const page = { protocol: 'https:', host: 'www.example.com:8443', hostname: 'www.example.com' };
  it('uses the page origin by default, with ws or wss to match', () => {
    expect(apiBaseUrl(page, 'same-origin')).toBe('');
    expect(socketUrl(page, 'same-origin')).toBe('wss://www.example.com:8443/v1/ws');
    expect(
      socketUrl({ protocol: 'http:', host: '127.0.0.1:8080', hostname: '127.0.0.1' }, 'same-origin'),
    ).toBe('ws://127.0.0.1:8080/v1/ws');
  });
  it('derives api.<site> under the api-subdomain rule', () => {
    expect(apiBaseUrl(page, 'api-subdomain')).toBe('https://api.example.com:8443');
    expect(socketUrl(page, 'api-subdomain')).toBe('wss://api.example.com:8443/v1/ws');
  });
});

describe('formatting', () => {
  it('rounds half-up exactly, without float artefacts', () => {
    expect(formatBalance('1.005')).toBe('1.01');
    expect(formatBalance(1.005)).toBe('1.01');
    expect(formatBalance('100000')).toBe('100,000.00');
    expect(formatFee('0.0000005')).toBe('0.000001');
    expect(formatChangePercent('0.5')).toBe('+0.50%');
    expect(formatChangePercent(-1.234)).toBe('-1.23%');
    expect(formatBalance(null)).toBe('--');
    expect(formatBalance('abc')).toBe('--');
  });
});
