// @vitest-environment happy-dom
// (antd-mobile, imported by the component module, only loads in a DOM environment)
import { describe, expect, it } from 'vitest';
import { filterAreas } from './area-code';

const areas = [
  { id: 1, code: 'United Kingdom', global_code: '44' },
  { id: 2, code: 'United States', global_code: '1' },
  { id: 3, code: 'Germany', global_code: '49' },
  { id: 4, code: 'Bermuda', global_code: '1441' },
];

describe('area code search', () => {
  it('matches the country name in any case, or the calling code with or without +', () => {
    expect(filterAreas(areas, '').map((a) => a.id)).toEqual([1, 2, 3, 4]);
    expect(filterAreas(areas, 'united').map((a) => a.id)).toEqual([1, 2]);
    expect(filterAreas(areas, ' GERM ').map((a) => a.id)).toEqual([3]);
    expect(filterAreas(areas, '+44').map((a) => a.id)).toEqual([1]);
    expect(filterAreas(areas, '1').map((a) => a.id)).toEqual([2, 4]);
    expect(filterAreas(areas, 'zz')).toEqual([]);
  });
});
