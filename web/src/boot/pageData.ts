import { isReservedSlug } from '@shared/events-model.js';
import { THEME_PATH } from '../api/paths.js';
import { eventPath, eventsPagePath, SPONSORS_PATH, ticketViewPath } from '../api/publicPaths.js';
import { ROUTES, routeParams } from '../routes.js';

/** The landing page's address: '/'. */
export function isLandingPath(pathname: string): boolean {
  return routeParams(ROUTES.landing, pathname) !== null;
}

/** Which public page an address shows (App.tsx's routes), and the API call that brings its own data. */
export type PublicPage =
  | { kind: 'landing' }
  | { kind: 'event'; dataPath: string }
  | { kind: 'ticket'; dataPath: string }
  | { kind: 'other' };

export function publicPage(pathname: string): PublicPage {
  if (isLandingPath(pathname)) return { kind: 'landing' };
  // As TicketPage reads its id: trimmed; a blank one is refused without a call.
  const ticketId = routeParams(ROUTES.ticket, pathname)?.ticketId?.trim();
  if (ticketId) return { kind: 'ticket', dataPath: ticketViewPath(ticketId) };
  // As EventPage reads its id: a page of its own or a reserved slug (isReservedSlug) is refused without a call.
  const eventId = (routeParams(ROUTES.eventById, pathname) ?? routeParams(ROUTES.event, pathname))?.eventId;
  if (eventId !== undefined && !isReservedSlug(eventId)) return { kind: 'event', dataPath: eventPath(eventId) };
  return { kind: 'other' };
}

/**
 * The API calls a page makes as soon as it renders, from its address alone: the theme (every
 * page) and the page's own data, exactly as its component asks for them (App.tsx's routes):
 * the landing page's first events and the sponsors, an event page's event, a ticket page's ticket.
 */
export function pageDataPaths(pathname: string): string[] {
  return dataPathsOf(publicPage(pathname));
}

/** pageDataPaths of a page already read from its address (the boot script reads it once). */
export function dataPathsOf(page: PublicPage): string[] {
  if (page.kind === 'landing') return [THEME_PATH, eventsPagePath(null), SPONSORS_PATH];
  return page.kind === 'other' ? [THEME_PATH] : [THEME_PATH, page.dataPath];
}
