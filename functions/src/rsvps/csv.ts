import { stringify } from 'csv-stringify/sync';
import { DateTime } from 'luxon';
import type { EventRecord } from '../shared/events-model.js';
import { RSVP_CSV_COLUMNS, type RsvpRecord } from '../shared/rsvps-model.js';

/**
 * An event's RSVP export (GET /events/{id}/rsvps.csv): RFC 4180 CSV written by
 * csv-stringify, UTF-8 with a byte-order mark so Excel reads accents right.
 * Cells a spreadsheet would run as a formula are neutralised by the library.
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

function row(rsvp: RsvpRecord, timeZone: string): Record<Column, string> {
  return {
    Name: rsvp.name,
    Email: rsvp.email,
    'Ticket type': rsvp.ticketType,
    Status: rsvp.status,
    'Payment status': rsvp.paymentStatus,
    Amount: (rsvp.amountPaid / 100).toFixed(2),
    'Registered at': localTime(rsvp.createdAt, timeZone),
    'Checked in': rsvp.checkedIn ? 'Yes' : 'No',
    'Checked in at': localTime(rsvp.checkedInAt, timeZone),
    'Ticket ID': rsvp.id,
  };
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
    // A line break of any kind inside a cell is quoted, not read as a new row.
    quote_record_delimiter: true,
    // A cell starting with = + - @ tab or CR (or their full-width forms) gets a leading quote (OWASP CSV injection).
    escape_formulas: true,
  });
}

/** `<custom URL or id>-rsvps.csv`; both are URL-safe already, anything else is replaced. */
export function csvFileName(event: Pick<EventRecord, 'id' | 'customUrl'>): string {
  return `${(event.customUrl || event.id).replace(/[^A-Za-z0-9_-]/g, '_')}-rsvps.csv`;
}
