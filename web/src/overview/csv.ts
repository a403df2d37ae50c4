/**
 * The Overview's CSV downloads (issue 30 item 5), written in the browser from the reply already on
 * screen: the same file shape as the API's exports (rsvps/csv.ts, waitlist/csv.ts, audit/csv.ts):
 * RFC 4180, every field quoted, CRLF line ends, UTF-8 with a byte-order mark so Excel reads accents
 * right, and text a spreadsheet would run as a formula neutralised with a leading `'`.
 *
 * `neutraliseFormulas` is the RSVP export's rule (functions/src/rsvps/csv.ts), which the site
 * cannot import (that module brings the API's CSV writer and Luxon with it); csv.test.ts checks
 * that both give the same answer on every trigger, so they cannot drift apart.
 */

/** What starts a formula in Excel, LibreOffice, Google Sheets or Numbers (OWASP CSV injection): = + - @ tab CR, and their full-width forms. */
const FORMULA_AT_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A formula trigger right after a character some reader splits cells or rows at. */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

/** The text with a `'` before each place a cell could start with a formula: `Bob;=1+1;` -> `Bob;'=1+1;`, `=1` -> `'=1`. */
export function neutraliseFormulas(text: string): string {
  const inside = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_AT_START.test(inside) ? `'${inside}` : inside;
}

/** A plain decimal number ('-12.50'): a spreadsheet reads it as that number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A cell's text: numbers as they are (a negative amount is a number, not a formula), any other text neutralised. */
function cell(value: string | number): string {
  const raw = String(value);
  const text = PLAIN_NUMBER.test(raw) ? raw : neutraliseFormulas(raw);
  return `"${text.replace(/"/g, '""')}"`;
}

/** The rows (the first one the header) as a CSV file's text. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${rows.map((row) => `${row.map(cell).join(',')}\r\n`).join('')}`;
}

/** A file name from an event's title and what the file holds: 'night-walk-registrations.csv'. */
export function csvFileName(title: string, what: string): string {
  const slug = `${title} ${what}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || 'overview'}.csv`;
}

/** The CSV as a Blob to save. */
export function csvBlob(rows: readonly (readonly (string | number)[])[]): Blob {
  return new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' });
}
