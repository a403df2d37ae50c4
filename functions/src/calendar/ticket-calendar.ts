import type { EventDetails } from '../events/repository.js';
import { checkInUrl } from '../mail/templates/render.js';
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

/** The .ics of a ticket of `event`, as the event is now (its current SEQUENCE). */
export function ticketCalendarFile(input: {
  ticketId: string;
  event: Pick<EventDetails, 'title' | 'date' | 'location'>;
  sequence: number;
  cancelled: boolean;
  siteUrl: string;
  now: Date;
}): TicketCalendarFile {
  const ticketUrl = checkInUrl(input.siteUrl, input.ticketId);
  const text = ticketIcs({
    ticketId: input.ticketId,
    siteHost: new URL(input.siteUrl).hostname,
    entry: { title: input.event.title, start: input.event.date, location: input.event.location, ticketUrl },
    sequence: input.sequence,
    cancelled: input.cancelled,
    stamp: input.now,
  });
  return { filename: icsFilename(input.event.title), contentType: ICS_CONTENT_TYPE, text };
}
