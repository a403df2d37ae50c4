import { STAFF_PAGE_SLUGS } from '@shared/constants.js';
import { THEME_PATH } from '../api/paths.js';
import { eventPath, eventsPagePath, SPONSORS_PATH, ticketViewPath } from '../api/publicPaths.js';

/** First path segments that are pages of their own (App.tsx), not an event's id or custom URL. */
const NOT_EVENT_PAGES = new Set<string>([...STAFF_PAGE_SLUGS, 'payment-success']);

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The landing page's address: '/'. */
export function isLandingPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === '';
}

/** Which public page an address shows (App.tsx's routes), and the API call that brings its own data. */
export type PublicPage =
  | { kind: 'landing' }
  | { kind: 'event'; dataPath: string }
  | { kind: 'ticket'; dataPath: string }
  | { kind: 'other' };

export function publicPage(pathname: string): PublicPage {
  if (isLandingPath(pathname)) return { kind: 'landing' };
  const [first = '', second, ...rest] = pathname.replace(/\/+$/, '').split('/').slice(1);
  if (rest.length) return { kind: 'other' };
  if (second === undefined) {
    const slug = decoded(first);
    return slug && !NOT_EVENT_PAGES.has(first) ? { kind: 'event', dataPath: eventPath(slug) } : { kind: 'other' };
  }
  const id = decoded(second);
  if (first === 'event' && id) return { kind: 'event', dataPath: eventPath(id) };
  if (first === 'checkin' && id?.trim()) return { kind: 'ticket', dataPath: ticketViewPath(id.trim()) };
  return { kind: 'other' };
}

/**
 * The API calls a page makes as soon as it renders, from its address alone: the theme (every
 * page) and the page's own data, exactly as its component asks for them (App.tsx's routes):
 * the landing page's first events and the sponsors, an event page's event, a ticket page's ticket.
 */
export function pageDataPaths(pathname: string): string[] {
  const page = publicPage(pathname);
  if (page.kind === 'landing') return [THEME_PATH, eventsPagePath(null), SPONSORS_PATH];
  return page.kind === 'other' ? [THEME_PATH] : [THEME_PATH, page.dataPath];
}
