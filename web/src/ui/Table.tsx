import { useId, useMemo, useState, type ReactNode } from 'react';
import { cx } from './cx.js';
import { UI_TEXT } from './messages.js';
import { nextSort, searchRows, sortRows, type SortState, type SortValue } from './table.js';
import './ui.css';

export interface Column<Row> {
  key: string;
  header: string;
  /** The cell's value: shown when there is no `cell`, and used for sorting unless `sortValue` is given. */
  value?: (row: Row) => SortValue;
  /** Custom cell content (links, badges, buttons). */
  cell?: (row: Row) => ReactNode;
  /** What the column sorts by; defaults to `value`. */
  sortValue?: (row: Row) => SortValue;
  /** Whether the header sorts on click; defaults to true when the column has a value. */
  sortable?: boolean;
  className?: string;
}

export interface TableProps<Row> {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  /** Fields the search box looks in; no search box when absent. */
  searchFields?: readonly ((row: Row) => SortValue)[];
  searchLabel?: string;
  searchPlaceholder?: string;
  /** Shown when there are no rows at all. */
  empty?: ReactNode;
  /** Shown when the search matches nothing. */
  noMatches?: ReactNode;
  initialSort?: SortState;
  className?: string;
  /**
   * At phone width each row becomes a card of 'Header: value' lines instead of a table wider
   * than the screen (issue 24 item 19); sorting is then left to the wider screen.
   */
  stackOnPhone?: boolean;
}

function formatValue(value: SortValue): ReactNode {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toLocaleString();
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value;
}

/**
 * A data table: click a header to sort (aria-sort tells which way), an optional search box
 * filtering rows by `searchFields`, and an empty state.
 */
export function Table<Row>({
  rows,
  columns,
  rowKey,
  caption,
  searchFields,
  searchLabel = UI_TEXT.search,
  searchPlaceholder,
  empty = UI_TEXT.noResults,
  noMatches = UI_TEXT.noResults,
  initialSort,
  className,
  stackOnPhone = false,
}: TableProps<Row>) {
  const id = useId();
  const [sort, setSort] = useState<SortState | null>(initialSort ?? null);
  const [query, setQuery] = useState('');

  const visible = useMemo(() => {
    const found = searchFields ? searchRows(rows, query, searchFields) : [...rows];
    const column = sort && columns.find((c) => c.key === sort.key);
    const by = column ? (column.sortValue ?? column.value) : undefined;
    return by && sort ? sortRows(found, by, sort.direction) : found;
  }, [rows, query, searchFields, sort, columns]);

  return (
    <div className={cx('ui-table', stackOnPhone && 'ui-table-stack', className)}>
      {searchFields ? (
        <div className="field ui-table-search">
          <label htmlFor={`${id}-search`}>{searchLabel}</label>
          <input id={`${id}-search`} type="search" value={query} placeholder={searchPlaceholder} onChange={(e) => setQuery(e.target.value)} />
        </div>
      ) : null}
      {rows.length === 0 || visible.length === 0 ? (
        <div className="state-block" role="status">
          <p>{rows.length === 0 ? empty : noMatches}</p>
        </div>
      ) : (
        <div className="ui-table-scroll">
          <table>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => {
                  const sortable = column.sortable ?? Boolean(column.sortValue ?? column.value);
                  const direction = sort?.key === column.key ? sort.direction : undefined;
                  return (
                    <th key={column.key} scope="col" aria-sort={sortable ? (direction ?? 'none') : undefined} className={column.className}>
                      {sortable ? (
                        <button type="button" className="ui-sort" onClick={() => setSort((current) => nextSort(current, column.key))}>
                          {column.header}
                          <span className="ui-sort-mark" aria-hidden="true">
                            {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        column.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {visible.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.key} className={column.className} data-label={stackOnPhone ? column.header : undefined}>
                      {column.cell ? column.cell(row) : formatValue(column.value?.(row))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
