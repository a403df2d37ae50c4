import { stringify } from 'csv-stringify/sync';
import { DateTime } from 'luxon';
import type { EventRecord } from '../shared/events-model.js';
import { RSVP_CSV_COLUMNS, type RsvpRecord } from '../shared/rsvps-model.js';

/**
 * An event's RSVP export (GET /events/{id}/rsvps.csv): RFC 4180 CSV written by
 * csv-stringify, every field quoted, UTF-8 with a byte-order mark so Excel reads
 * accents right. Text a spreadsheet would run as a formula is neutralised
 * (neutraliseFormulas); ids are written as they are (see ID_COLUMNS).
 * Every RSVP but lapsed or failed checkouts ('released': never a registration);
 * cancelled and refunded ones stay, with their status, for the accounts.
 * Dates are the organisation's wall-clock time ('2026-12-05 19:30'), as the
 * dashboard shows them, which spreadsheets read as dates.
 */

function localTime(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const time = DateTime.fromISO(iso, { zone: 'utc' }).setZone(timeZone);
  return time.isValid ? time.toFormat('yyyy-MM-dd HH:mm') : '';
}

type Column = (typeof RSVP_CSV_COLUMNS)[number];

/** What starts a formula in Excel, LibreOffice, Google Sheets or Numbers (OWASP CSV injection): = + - @ tab CR, and their full-width forms. */
const FORMULA_AT_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/**
 * A formula trigger right after a character some reader splits cells or rows at: the list
 * separator (`,` or `;` by locale: every field is quoted, but a reader with the other separator
 * does not see those quotes where it splits), a tab (the file read as tab-separated) or a line
 * break (read by something that does not honour quoted line breaks).
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

/** The text with a `'` before each place a cell could start with a formula: `Bob;=1+1;` -> `Bob;'=1+1;`, `=1` -> `'=1`. */
export function neutraliseFormulas(text: string): string {
  const inside = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_AT_START.test(inside) ? `'${inside}` : inside;
}

/**
 * Columns written exactly as stored: a ticket id is what staff look up and paste, and a stray `'`
 * made it another id. Ids are URL-safe base64 (newId, which never starts one with `-`, the only
 * formula trigger of that alphabet); one of that alphabet cannot make a formula that reaches out
 * (no brackets, quotes or `!`), at most `#NAME?`. Anything else in an id column is neutralised.
 */
const ID_COLUMNS: ReadonlySet<Column> = new Set<Column>(['Ticket ID']);
const ID_SHAPE = /^[A-Za-z0-9_-]*$/;

function cell(column: Column, value: string): string {
  return ID_COLUMNS.has(column) && ID_SHAPE.test(value) ? value : neutraliseFormulas(value);
}

const CANCELLED_BY: Record<NonNullable<RsvpRecord['cancelledBy']>, string> = { attendee: 'Attendee', admin: 'Admin' };

/**
 * The other side of a transfer (issue 25 item 5): the holder's name as typed, then their ticket id so the row
 * can be found; the whole cell is neutralised like any typed text (a name can start a formula).
 */
function holder(other: RsvpRecord['transferredTo'] | undefined): string {
  return other ? `${other.name} (${other.id})` : '';
}

function row(rsvp: RsvpRecord, timeZone: string): Record<Column, string> {
  const values: Record<Column, string> = {
    Name: rsvp.name,
    Email: rsvp.email,
    // Every field the form collects (issue 24 item 2); '' for a record stored without one.
    Address: rsvp.address ?? '',
    City: rsvp.city ?? '',
    State: rsvp.state ?? '',
    'ZIP code': rsvp.zipCode ?? '',
    'Ticket type': rsvp.ticketType,
    Status: rsvp.status,
    'Payment status': rsvp.paymentStatus,
    Amount: (rsvp.amountPaid / 100).toFixed(2),
    'Registered at': localTime(rsvp.createdAt, timeZone),
    'Checked in': rsvp.checkedIn ? 'Yes' : 'No',
    'Checked in at': localTime(rsvp.checkedInAt, timeZone),
    'Additional information': rsvp.additionalInfo ?? '',
    'Ticket ID': rsvp.id,
    'Cancelled At': localTime(rsvp.cancelledAt ?? null, timeZone),
    'Cancelled By': rsvp.cancelledBy ? CANCELLED_BY[rsvp.cancelledBy] : '',
    'Transferred To': holder(rsvp.transferredTo),
    'Transferred From': holder(rsvp.transferredFrom),
    'Transferred At': localTime(rsvp.transferredAt ?? null, timeZone),
  };
  return Object.fromEntries(RSVP_CSV_COLUMNS.map((column) => [column, cell(column, values[column])])) as Record<Column, string>;
}

export function rsvpsToCsv(rsvps: RsvpRecord[], timeZone: string): string {
  const rows = rsvps
    .filter((rsvp) => rsvp.status !== 'released')
    .map((rsvp) => row(rsvp, timeZone));
  return stringify(rows, {
    bom: true,
    header: true,
    columns: [...RSVP_CSV_COLUMNS],
    record_delimiter: 'windows',
    // Every field in quotes, empty ones too (RFC 4180): a separator or line break inside a cell never splits it.
    quoted: true,
    quoted_empty: true,
    // Formulas are neutralised above, column by column (ids are not); the library's own escape would alter ids.
    escape_formulas: false,
  });
}

/** `<custom URL or id>-rsvps.csv`; both are URL-safe already, anything else is replaced. */
export function csvFileName(event: Pick<EventRecord, 'id' | 'customUrl'>): string {
  return `${(event.customUrl || event.id).replace(/[^A-Za-z0-9_-]/g, '_')}-rsvps.csv`;
}
