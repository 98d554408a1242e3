import { describe, expect, it } from 'vitest';
import { articleIdFrom } from './article-id';
import { formatNewsDate } from './format-date';
import { flattenPages, nextPage } from './paging';

const page = (pageNo: number, ids: number[], total: number) => ({
  page: pageNo,
  total,
  list: ids.map((id) => ({ id })),
});

describe('nextPage', () => {
  it('asks for the following page until every row is loaded', () => {
    expect(nextPage([page(1, [1, 2, 3], 5)])).toBe(2);
    expect(nextPage([page(1, [1, 2, 3], 5), page(2, [4, 5], 5)])).toBeUndefined();
    expect(nextPage([page(1, [1, 2], 2)])).toBeUndefined();
  });

  it('stops on an empty page even when the total says more', () => {
    expect(nextPage([page(1, [], 0)])).toBeUndefined();
    expect(nextPage([page(1, [1], 9), page(2, [], 9)])).toBeUndefined();
    expect(nextPage([])).toBeUndefined();
  });
});

describe('flattenPages', () => {
  it('keeps the first copy of a row that slid onto the next page', () => {
    expect(flattenPages([page(1, [5, 4], 4), page(2, [4, 3], 4)]).map((r) => r.id)).toEqual([5, 4, 3]);
  });
});

describe('formatNewsDate', () => {
  const t = Date.UTC(2026, 10, 21, 12) / 1000;
  it('writes the date in the reader language', () => {
    expect(formatNewsDate(t, 'en', 'UTC')).toBe('Nov 21, 2026');
    expect(formatNewsDate(t, 'de', 'UTC')).toBe('21. Nov. 2026');
    expect(formatNewsDate(t, 'jp', 'UTC')).toBe('2026年11月21日');
    expect(formatNewsDate(t, 'hk', 'UTC')).toContain('2026');
  });
});

describe('articleIdFrom', () => {
  it('reads a positive integer id and nothing else', () => {
    expect(articleIdFrom('?id=12')).toBe(12);
    expect(articleIdFrom('?x=1&id=3')).toBe(3);
    for (const bad of ['', '?id=', '?id=0', '?id=-1', '?id=1.5', '?id=abc', '?id=99999999999']) {
      expect(articleIdFrom(bad), bad).toBeNull();
    }
  });
});
