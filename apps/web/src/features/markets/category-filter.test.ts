import { describe, expect, it } from 'vitest';
import { filterByCategory, toggleCategory } from './category-filter';

describe('category chips', () => {
  it('selects a tapped chip, switches to another, and clears when the active one is tapped again', () => {
    expect(toggleCategory(null, 3)).toBe(3);
    expect(toggleCategory(3, 5)).toBe(5);
    expect(toggleCategory(5, 5)).toBeNull();
  });

  it('filters the list by category, and shows everything without one', () => {
    const list = [
      { Code: 'EURUSD', CategoryId: 1 },
      { Code: 'XAUUSD', CategoryId: 3 },
      { Code: 'GBPUSD', CategoryId: 1 },
    ];
    expect(filterByCategory(list, 1).map((i) => i.Code)).toEqual(['EURUSD', 'GBPUSD']);
    expect(filterByCategory(list, 6)).toEqual([]);
    expect(filterByCategory(list, null)).toBe(list);
  });
});
