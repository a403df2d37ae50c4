import { PROJECT_NAME } from '../shared/constants.js';
import { googleCalendarUrl } from '../shared/calendar-model.js';
import { ICS_CONTENT_TYPE, icsFilename, ticketIcs } from './ics.js';
import type { TicketCalendarFile } from './ticket-calendar.js';

/** The words of a shift's calendar entry (the .ics and the Google Calendar link agree): 'Volunteer: Planting crew (Riverside Restoration Day)'. */
export function volunteerShiftTitle(role: string, eventTitle: string): string {
  return eventTitle ? `Volunteer: ${role} (${eventTitle})` : `Volunteer: ${role}`;
}

/** The description of a shift's calendar entry: no link with a key (a calendar may be synced or shared). */
function volunteerShiftDetails(role: string): string {
  return `${PROJECT_NAME} volunteer shift: ${role}. Your confirmation e-mail has the link to see or cancel it.`;
}

/** The shift's Google Calendar 'add event' link, with the same words as its .ics. */
export function volunteerShiftGoogleUrl(input: { volunteerPageUrl: string; role: string; eventTitle: string; shift: { start: string; end: string; place: string } }): string {
  return googleCalendarUrl(
    { title: volunteerShiftTitle(input.role, input.eventTitle), start: input.shift.start, end: input.shift.end, location: input.shift.place, ticketUrl: input.volunteerPageUrl },
    volunteerShiftDetails(input.role),
  );
}

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
  const title = volunteerShiftTitle(input.role, input.eventTitle);
  const text = ticketIcs({
    ticketId: `volunteer-${input.signupId}`,
    siteHost: new URL(input.volunteerPageUrl).hostname,
    entry: { title, start: input.shift.start, end: input.shift.end, location: input.shift.place, ticketUrl: input.volunteerPageUrl },
    sequence: 0,
    cancelled: input.cancelled,
    stamp: input.now,
    description: volunteerShiftDetails(input.role),
    product: 'Volunteers',
  });
  return { filename: icsFilename(`volunteer ${input.role}`), contentType: ICS_CONTENT_TYPE, text };
}
