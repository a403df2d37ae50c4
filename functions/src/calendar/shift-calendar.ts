import { PROJECT_NAME } from '../shared/constants.js';
import { ICS_CONTENT_TYPE, icsFilename, ticketIcs } from './ics.js';
import type { TicketCalendarFile } from './ticket-calendar.js';

/**
 * The .ics of a volunteer's shift (issue 29 item 2), made by the tickets' builder (ics.ts): the
 * shift's own times and place, UID `volunteer-<signupId>@<host>`, stable for the sign-up's life.
 * Its link is the public Volunteer page: the sign-up page's link carries the person's key, which
 * a calendar (often synced, sometimes shared) must not hold.
 */
export function volunteerShiftCalendarFile(input: {
  signupId: string;
  /** The public /volunteer page's absolute address (its host names the UID). */
  volunteerPageUrl: string;
  role: string;
  /** The role's event's title; '' for a standalone role. */
  eventTitle: string;
  shift: { start: string; end: string; place: string };
  cancelled: boolean;
  now: Date;
}): TicketCalendarFile {
  const title = input.eventTitle ? `Volunteer: ${input.role} (${input.eventTitle})` : `Volunteer: ${input.role}`;
  const text = ticketIcs({
    ticketId: `volunteer-${input.signupId}`,
    siteHost: new URL(input.volunteerPageUrl).hostname,
    entry: { title, start: input.shift.start, end: input.shift.end, location: input.shift.place, ticketUrl: input.volunteerPageUrl },
    sequence: 0,
    cancelled: input.cancelled,
    stamp: input.now,
    description: `${PROJECT_NAME} volunteer shift: ${input.role}. Your confirmation e-mail has the link to see or cancel it.`,
    product: 'Volunteers',
  });
  return { filename: icsFilename(`volunteer ${input.role}`), contentType: ICS_CONTENT_TYPE, text };
}
