/**
 * Adding an event to the attendee's calendar (issue 25 item 2), declared once for the API (the
 * .ics builder, the e-mails) and the site (the ticket page's links). No zod: public pages import it.
 */
import { ORGANISATION_TIME_ZONE, PROJECT_NAME } from './constants.js';

/**
 * A calendar entry needs an end. An event with its own end (issue 26 item 4) ends then; one
 * without (every event stored before) lasts this long; the .ics file and the Google Calendar
 * link must agree, hence one constant and one `calendarEnd`.
 */
export const CALENDAR_EVENT_DURATION_MINUTES = 120;

/** The API path (under /api) of a ticket's .ics file. */
export function ticketCalendarPath(ticketId: string): string {
  return `/checkin/${encodeURIComponent(ticketId)}/calendar.ics`;
}

/** What a calendar entry of a ticket says: the event and the ticket's link, no other personal data. */
export interface CalendarEntry {
  title: string;
  /** ISO instant (UTC). */
  start: string;
  /** ISO instant (UTC) of the event's own end, when it has one (issue 26 item 4). */
  end?: string | null;
  location: string;
  /** The ticket page's absolute URL. */
  ticketUrl: string;
}

/** 20261205T020000Z: an instant in the form Google Calendar's `dates` and iCalendar's UTC times use. */
export function calendarUtcStamp(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** The end of an entry starting at `start`: the event's own `end` when set and after the start, else the default length. */
export function calendarEnd(start: string, end?: string | null): string {
  const startTime = new Date(start).getTime();
  const endTime = end ? Date.parse(end) : Number.NaN;
  if (Number.isFinite(endTime) && endTime > startTime) return new Date(endTime).toISOString();
  return new Date(startTime + CALENDAR_EVENT_DURATION_MINUTES * 60_000).toISOString();
}

/**
 * A Google Calendar 'add event' link for the entry, shown in the organisation's time zone; `details`
 * defaults to the ticket's line (a volunteer shift says its own, issue 29).
 */
export function googleCalendarUrl(entry: CalendarEntry, details = `${PROJECT_NAME} ticket: ${entry.ticketUrl}`): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: entry.title,
    dates: `${calendarUtcStamp(entry.start)}/${calendarUtcStamp(calendarEnd(entry.start, entry.end))}`,
    details,
    location: entry.location,
    ctz: ORGANISATION_TIME_ZONE,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
