/** Pure helpers of the Table component: sorting and searching rows. */

export type SortDirection = 'ascending' | 'descending';
export type SortValue = string | number | boolean | Date | null | undefined;

export interface SortState {
  key: string;
  direction: SortDirection;
}

function isEmpty(value: SortValue): boolean {
  return value === null || value === undefined || value === '';
}

/** Compares two cell values: empty values last, numbers and dates by value, text by locale (case-insensitive, numeric). */
export function compareValues(a: SortValue, b: SortValue): number {
  if (isEmpty(a) || isEmpty(b)) return Number(isEmpty(a)) - Number(isEmpty(b));
  const va = a instanceof Date ? a.getTime() : typeof a === 'boolean' ? Number(a) : a;
  const vb = b instanceof Date ? b.getTime() : typeof b === 'boolean' ? Number(b) : b;
  if (typeof va === 'number' && typeof vb === 'number') return va - vb;
  return String(va).localeCompare(String(vb), undefined, { sensitivity: 'base', numeric: true });
}

/** A sorted copy of `rows` (stable); empty values stay last in both directions. */
export function sortRows<Row>(rows: readonly Row[], value: (row: Row) => SortValue, direction: SortDirection): Row[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, v: value(row) }))
    .sort((x, y) => {
      if (isEmpty(x.v) || isEmpty(y.v)) return compareValues(x.v, y.v) || x.index - y.index;
      return sign * compareValues(x.v, y.v) || x.index - y.index;
    })
    .map(({ row }) => row);
}

/** The rows where any of `fields` contains every word of `query` (case-insensitive); all rows for an empty query. */
export function searchRows<Row>(rows: readonly Row[], query: string, fields: readonly ((row: Row) => SortValue)[]): Row[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 || fields.length === 0) return [...rows];
  return rows.filter((row) => {
    const text = fields
      .map((field) => field(row))
      .filter((v) => v !== null && v !== undefined)
      .map((v) => String(v).toLowerCase())
      .join(' ');
    return words.every((word) => text.includes(word));
  });
}

/** The next sort after a click on `key`'s header: new column ascending, same column flips. */
export function nextSort(current: SortState | null, key: string): SortState {
  if (current?.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: 'ascending' };
}
