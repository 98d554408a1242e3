import { describe, expect, it } from 'vitest';
import { sparklinePaths } from './sparkline-path';

describe('sparklinePaths', () => {
  it('spans the box, the highest price at the top and the lowest at the bottom', () => {
    const paths = sparklinePaths([1, 3, 2], 100, 20, 0);
    expect(paths?.line).toBe('M0,20L50,0L100,10');
    expect(paths?.area).toBe('M0,20L50,0L100,10L100,20L0,20Z');
  });

  it('draws a flat series through the middle and nothing for fewer than two points', () => {
    expect(sparklinePaths([5, 5], 10, 20)?.line).toBe('M0,10L10,10');
    expect(sparklinePaths([5], 10, 20)).toBeNull();
    expect(sparklinePaths([], 10, 20)).toBeNull();
  });
});
