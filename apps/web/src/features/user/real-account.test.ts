import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import { REAL_ACCOUNT_PATHS } from '../../lib/guards';
import { featureText, registerLink } from './real-account';

describe('what a demo account is told on a real-account page', () => {
  it('every real-account page explains its own feature', () => {
    for (const path of REAL_ACCOUNT_PATHS) expect(featureText(path), path).not.toBe('real_only.general');
    expect(featureText('/mine/charge')).toBe('real_only.charge');
    expect(featureText('/mine/withdraw-way')).toBe('real_only.withdraw');
    expect(featureText('/mine/bank-card-list')).toBe('real_only.wallet');
    expect(featureText('/mine/auth')).toBe('real_only.auth');
    expect(featureText('/mine/invite')).toBe('real_only.invite');
    expect(featureText('/mine/password')).toBe('real_only.password');
    expect(featureText('/mine/something-new')).toBe('real_only.general');
    for (const key of Object.keys(en.real_only))
      expect(en.real_only[key as keyof typeof en.real_only]).not.toBe('');
  });

  it('opening a real account comes back to the page after registering', () => {
    expect(registerLink('/mine/withdraw-way', '?type=2')).toBe(
      `/register?from=${encodeURIComponent('/mine/withdraw-way?type=2')}`,
    );
  });
});
