import { describe, expect, it } from 'vitest';
import { groupThousands } from './digits.js';

describe('groupThousands', () => {
  it('groups the whole part only, keeps the sign and the decimals as given', () => {
    expect(groupThousands('61033.00')).toBe('61,033.00');
    expect(groupThousands('-1234567.891234')).toBe('-1,234,567.891234');
    expect(groupThousands('999.99')).toBe('999.99');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('0.000001')).toBe('0.000001');
  });
});
