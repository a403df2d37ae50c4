import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { ORGANISATION_TIME_ZONE, PROJECT_NAME } from '../shared/constants.js';
import { calendarEnd, type CalendarEntry } from '../shared/calendar-model.js';

/*
 * The .ics file of a ticket (issue 25 item 2): one pure function, its text pinned by an exact test.
 *
 * Times are written in UTC (DTSTART:...Z) with X-WR-TIMEZONE naming the organisation's zone. A
 * TZID would need a matching VTIMEZONE block (Outlook refuses or shifts a TZID it cannot resolve),
 * which ical-generator only writes with a second zone-data package; a UTC instant is read the same
 * by Google, Apple and Outlook, each showing it in the reader's own zone, and X-WR-TIMEZONE lets
 * Apple and Google label the entry with the event's zone. METHOD:PUBLISH, not REQUEST: REQUEST is
 * an invitation that needs an ORGANIZER and an ATTENDEE (the person's address, which the file must
 * not carry) and makes Outlook offer to reply to us; PUBLISH with the same UID and a higher
 * SEQUENCE still updates (or, with STATUS:CANCELLED, cancels) the entry already imported.
 */

/** The method every file is published with; also in the attachment's Content-Type. */
export const ICS_METHOD = 'PUBLISH';
export const ICS_CONTENT_TYPE = `text/calendar; charset=utf-8; method=${ICS_METHOD}`;

export interface TicketCalendarInput {
  ticketId: string;
  /** The public site's host name: the UID is `<ticketId>@<host>`, stable for the ticket's life. */
  siteHost: string;
  entry: CalendarEntry;
  /** Raised each time the event's date, time or place changes, so calendars replace their copy. */
  sequence: number;
  cancelled: boolean;
  /** When the file is made (DTSTAMP). */
  stamp: Date;
  /** The entry's description; default '<project> ticket: <ticketUrl>' (a volunteer shift says its own, issue 29). */
  description?: string;
  /** PRODID's product; default 'Tickets'. */
  product?: string;
}

/** The iCalendar text (RFC 5545: CRLF line ends, lines folded at 75 octets, text escaped). */
export function ticketIcs(input: TicketCalendarInput): string {
  const calendar = ical({ prodId: { company: PROJECT_NAME, product: input.product ?? 'Tickets', language: 'EN' }, method: ICalCalendarMethod.PUBLISH });
  calendar.createEvent({
    id: `${input.ticketId}@${input.siteHost}`,
    sequence: input.sequence,
    stamp: input.stamp,
    start: new Date(input.entry.start),
    end: new Date(calendarEnd(input.entry.start, input.entry.end)),
    summary: input.entry.title,
    location: input.entry.location,
    description: input.description ?? `${PROJECT_NAME} ticket: ${input.entry.ticketUrl}`,
    url: input.entry.ticketUrl,
    status: input.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  calendar.x('X-WR-TIMEZONE', ORGANISATION_TIME_ZONE);
  // The library ends the last line without its CRLF; RFC 5545 ends every content line with one.
  return `${calendar.toString()}\r\n`;
}

/** A download name that is safe in any header and file system: the title's ASCII letters and digits. */
export function icsFilename(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'event'}.ics`;
}
