import type { EventDetails } from '../events/repository.js';
import { ICS_CONTENT_TYPE, icsFilename, ticketIcs } from './ics.js';

/** A ticket's calendar file as the route serves it and the e-mails attach it. */
export interface TicketCalendarFile {
  filename: string;
  contentType: string;
  text: string;
}

/** The event's calendar sequence: absent on events never moved (and those stored before it existed). */
export function calendarSequenceOf(event: { calendarSequence?: number }): number {
  return event.calendarSequence ?? 0;
}

/**
 * The .ics of a ticket of `event`, as the event is now (its current SEQUENCE). `ticketUrl` is the
 * ticket page's absolute address (the caller's, so calendar/ depends on neither mail/ nor checkin/);
 * its host names the UID.
 */
export function ticketCalendarFile(input: {
  ticketId: string;
  ticketUrl: string;
  event: Pick<EventDetails, 'title' | 'date' | 'location'> & { endDate?: string | null };
  sequence: number;
  cancelled: boolean;
  now: Date;
}): TicketCalendarFile {
  const { ticketUrl } = input;
  const text = ticketIcs({
    ticketId: input.ticketId,
    siteHost: new URL(ticketUrl).hostname,
    entry: { title: input.event.title, start: input.event.date, end: input.event.endDate, location: input.event.location, ticketUrl },
    sequence: input.sequence,
    cancelled: input.cancelled,
    stamp: input.now,
  });
  return { filename: icsFilename(input.event.title), contentType: ICS_CONTENT_TYPE, text };
}
