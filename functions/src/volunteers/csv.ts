import { stringify } from 'csv-stringify/sync';
import { DateTime } from 'luxon';
import { neutraliseFormulas } from '../rsvps/csv.js';
import { VOLUNTEER_CSV_COLUMNS } from '../shared/volunteers-admin-model.js';
import type { StoredDocument } from '../store/port.js';
import type { StoredVolunteerRole, StoredVolunteerShift, StoredVolunteerSignup } from './repository.js';

/*
 * The volunteers' export (GET /volunteer/admin/signups.csv, issue 29 item 3): written like the RSVP
 * and waitlist exports (csv-stringify, every field quoted, a byte-order mark, typed text neutralised
 * against spreadsheet formulas, times in the organisation's zone).
 */

type Column = (typeof VOLUNTEER_CSV_COLUMNS)[number];

function localTime(iso: string | undefined, timeZone: string): string {
  if (!iso) return '';
  const time = DateTime.fromISO(iso, { zone: 'utc' }).setZone(timeZone);
  return time.isValid ? time.toFormat('yyyy-MM-dd HH:mm') : '';
}

export function volunteerSignupsCsv(
  signups: StoredDocument<StoredVolunteerSignup>[],
  shifts: Map<string, StoredVolunteerShift>,
  roles: Map<string, StoredVolunteerRole>,
  eventTitles: Map<string, string>,
  timeZone: string,
): string {
  const rows = signups
    .map(({ data }) => {
      const shift = shifts.get(data.shiftId);
      const values: Record<Column, string> = {
        Event: data.eventId ? (eventTitles.get(data.eventId) ?? '') : '',
        Role: roles.get(data.roleId)?.title ?? '',
        'Shift start': localTime(shift?.start, timeZone),
        'Shift end': localTime(shift?.end, timeZone),
        Place: shift?.place ?? '',
        Name: data.name,
        Email: data.email,
        Phone: data.phone,
        Note: data.note,
        Status: data.status === 'active' ? 'Signed up' : 'Cancelled',
        'Signed up': localTime(data.createdAt, timeZone),
      };
      return Object.fromEntries(VOLUNTEER_CSV_COLUMNS.map((column) => [column, neutraliseFormulas(values[column])])) as Record<Column, string>;
    })
    .sort((a, b) => a.Event.localeCompare(b.Event) || a['Shift start'].localeCompare(b['Shift start']) || a.Role.localeCompare(b.Role) || a.Name.localeCompare(b.Name));
  return stringify(rows, { bom: true, header: true, columns: [...VOLUNTEER_CSV_COLUMNS], record_delimiter: 'windows', quoted: true, quoted_empty: true, escape_formulas: false });
}
