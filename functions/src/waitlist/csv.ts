import { stringify } from 'csv-stringify/sync';
import { DateTime } from 'luxon';
import { neutraliseFormulas } from '../rsvps/csv.js';
import type { EventRecord } from '../shared/events-model.js';
import { WAITLIST_CSV_COLUMNS, WAITLIST_STATUS_LABELS, type WaitlistAdminEntry } from '../shared/waitlist-model.js';

/*
 * An event's waitlist export (GET /events/{id}/waitlist.csv, issue 28 item 3): written like the RSVP
 * export (csv-stringify, every field quoted, a byte-order mark, typed text neutralised against
 * spreadsheet formulas, times in the organisation's zone).
 */

type Column = (typeof WAITLIST_CSV_COLUMNS)[number];

function localTime(iso: string, timeZone: string): string {
  const time = DateTime.fromISO(iso, { zone: 'utc' }).setZone(timeZone);
  return time.isValid ? time.toFormat('yyyy-MM-dd HH:mm') : '';
}

function row(entry: WaitlistAdminEntry, timeZone: string): Record<Column, string> {
  const values: Record<Column, string> = {
    Position: entry.position === null ? '' : String(entry.position),
    Name: entry.name,
    Email: entry.email,
    Seats: String(entry.seats),
    Together: entry.together ? 'All together only' : 'Accept fewer',
    Joined: localTime(entry.joinedAt, timeZone),
    Status: WAITLIST_STATUS_LABELS[entry.status],
  };
  return Object.fromEntries(WAITLIST_CSV_COLUMNS.map((column) => [column, neutraliseFormulas(values[column])])) as Record<Column, string>;
}

export function waitlistCsv(event: Pick<EventRecord, 'id' | 'customUrl'>, entries: WaitlistAdminEntry[], timeZone: string): { fileName: string; csv: string } {
  const csv = stringify(
    entries.map((entry) => row(entry, timeZone)),
    { bom: true, header: true, columns: [...WAITLIST_CSV_COLUMNS], record_delimiter: 'windows', quoted: true, quoted_empty: true, escape_formulas: false },
  );
  return { fileName: `${(event.customUrl || event.id).replace(/[^A-Za-z0-9_-]/g, '_')}-waitlist.csv`, csv };
}
