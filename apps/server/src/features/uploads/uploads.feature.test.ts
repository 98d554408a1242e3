import { describe, expect, it } from 'vitest';
import { FEATURES } from '../index.js';
import { requireUploads } from './uploads.feature.js';

describe('the upload service other features take', () => {
  it('is registered before kyc and funding, which take it in their register', () => {
    const names = FEATURES.map((f) => f.name);
    const uploads = names.indexOf('uploads');
    expect(uploads).toBeGreaterThanOrEqual(0);
    expect(uploads).toBeLessThan(names.indexOf('kyc'));
    expect(uploads).toBeLessThan(names.indexOf('funding'));
  });

  it('fails the start with a message naming both features when it is missing', () => {
    expect(() => requireUploads({}, 'kyc')).toThrow(
      'The kyc feature needs the uploads feature, listed before it',
    );
  });
});
