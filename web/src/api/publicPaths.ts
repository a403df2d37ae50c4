import { EVENTS_PAGE } from '@shared/events-model.js';

// The public pages' API paths, declared once: the client asks them, and the boot script
// (boot/pageData.ts) asks a page's own ones early, before the app's script has arrived.

export const SPONSORS_PATH = '/sponsors';

/** One page of the upcoming public events; null for the first. */
export function eventsPagePath(cursor: string | null): string {
  return `/events?limit=${EVENTS_PAGE.size}${cursor ? `&cursor=${cursor}` : ''}`;
}

/** One public event, by id or custom URL. */
export function eventPath(idOrSlug: string): string {
  return `/events/${encodeURIComponent(idOrSlug)}`;
}

/** A ticket, as its holder sees it (the ticket page). */
export function ticketViewPath(ticketId: string): string {
  return `/checkin/${encodeURIComponent(ticketId)}?format=json`;
}
