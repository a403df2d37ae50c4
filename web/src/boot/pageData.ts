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

/** The landing page's address: '/' (the boot script preloads its first slide's image). */
export function isLandingPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === '';
}

/**
 * The API calls a page makes as soon as it renders, from its address alone: the theme (every
 * page) and the page's own data, exactly as its component asks for them (App.tsx's routes):
 * the landing page's first events and the sponsors, an event page's event, a ticket page's ticket.
 */
export function pageDataPaths(pathname: string): string[] {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  const [first = '', second, ...rest] = segments;
  if (rest.length) return [THEME_PATH];
  if (isLandingPath(pathname)) return [THEME_PATH, eventsPagePath(null), SPONSORS_PATH];
  if (second === undefined) {
    const slug = decoded(first);
    return slug && !NOT_EVENT_PAGES.has(first) ? [THEME_PATH, eventPath(slug)] : [THEME_PATH];
  }
  const id = decoded(second);
  if (first === 'event' && id) return [THEME_PATH, eventPath(id)];
  if (first === 'checkin' && id?.trim()) return [THEME_PATH, ticketViewPath(id.trim())];
  return [THEME_PATH];
}
