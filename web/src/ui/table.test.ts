import { describe, expect, it } from 'vitest';
import { nextSort, searchRows, sortRows } from './table.js';

describe('table helpers', () => {
  it('sorts numbers by value, text case-insensitively and numerically, empty values last both ways', () => {
    const rows = [{ v: 'b10' }, { v: '' }, { v: 'B2' }, { v: 'a' }];
    expect(sortRows(rows, (r) => r.v, 'ascending').map((r) => r.v)).toEqual(['a', 'B2', 'b10', '']);
    expect(sortRows(rows, (r) => r.v, 'descending').map((r) => r.v)).toEqual(['b10', 'B2', 'a', '']);
    expect(sortRows([{ n: 10 }, { n: null }, { n: 9 }], (r) => r.n, 'ascending').map((r) => r.n)).toEqual([9, 10, null]);
  });

  it('keeps equal rows in their order', () => {
    const rows = [
      { k: 1, id: 'x' },
      { k: 1, id: 'y' },
      { k: 0, id: 'z' },
    ];
    expect(sortRows(rows, (r) => r.k, 'descending').map((r) => r.id)).toEqual(['x', 'y', 'z']);
  });

  it('searches every word across the fields', () => {
    const rows = [
      { name: 'Ann Lee', email: 'ann@trail.org' },
      { name: 'Bob', email: 'bob@example.org' },
    ];
    const fields = [(r: (typeof rows)[number]) => r.name, (r: (typeof rows)[number]) => r.email];
    expect(searchRows(rows, '  ', fields)).toHaveLength(2);
    expect(searchRows(rows, 'lee TRAIL', fields).map((r) => r.name)).toEqual(['Ann Lee']);
    expect(searchRows(rows, 'lee bob', fields)).toEqual([]);
  });

  it('a header click sorts ascending, a second one flips', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'ascending' });
    expect(nextSort({ key: 'name', direction: 'ascending' }, 'name')).toEqual({ key: 'name', direction: 'descending' });
    expect(nextSort({ key: 'name', direction: 'descending' }, 'date')).toEqual({ key: 'date', direction: 'ascending' });
  });
});
