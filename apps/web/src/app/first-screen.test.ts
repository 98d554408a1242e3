// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { initialPath } from './first-screen';

describe('the first screen', () => {
  it('is read from the hash router part of the address', () => {
    expect(initialPath('')).toBe('/');
    expect(initialPath('#/')).toBe('/');
    expect(initialPath('#/trade')).toBe('/trade');
    expect(initialPath('#/login?from=/order')).toBe('/login');
  });
});
