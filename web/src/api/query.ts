// The staff area's server-data cache (TanStack Query). Only staff chunks import this file:
// the public pages keep their own fetch code, so the landing page never loads the library.
//
// Convention: one `queryOptions` per resource, next to the resource's API calls, with a
// `queryKey` starting with the resource's name (['session', ...], ['events', ...]);
// mutations invalidate by that prefix; live lists add `refetchInterval`.
import { QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, type ApiClient } from './client.js';

/** How long fetched data counts as fresh before a screen refetches it. */
export const STALE_MS = 30_000;
/** At most this many retries of a failed query (network or 5xx only). */
export const MAX_RETRIES = 2;

/** Whether a failed query is worth retrying: not for 4xx (the answer will not change), nor aborts. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  return false;
}

/** The staff area's QueryClient: retries only what may succeed next time, no refetch storms on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_MS, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The query keys of every resource, in one place so invalidations cannot misspell them. */
export const queryKeys = {
  session: (uid: string | null) => ['session', uid] as const,
  /** Every event a signed-in staff member may see (GET /events?active=all). */
  staffEvents: () => ['events', 'staff'] as const,
  /** The Events tab's list for one filter (GET /events?active=&archived=&tags=). */
  adminEvents: (status: string, tags: readonly string[]) => ['events', 'admin', status, [...tags]] as const,
  /** One event as admins see it (GET /events/{id}). */
  event: (eventId: string) => ['events', 'one', eventId] as const,
  /** GET /events/tags. */
  eventTags: () => ['events', 'tags'] as const,
  /** Issue 28: an event's waitlist (GET /events/{id}/waitlist) and the Events list's 'n waiting' (GET /waitlist/counts). */
  waitlist: (eventId: string) => ['waitlist', 'event', eventId] as const,
  waitlistCounts: () => ['waitlist', 'counts'] as const,
  /** GET /events/stats: registrations and money taken per event (changes with every RSVP action). */
  eventStats: () => ['events', 'stats'] as const,
  rsvps: (eventId: string) => ['rsvps', eventId] as const,
  checkins: (eventId: string) => ['checkins', eventId] as const,
  doorList: (eventId: string) => ['door-list', eventId] as const,
  /** GET /mailchimp/audiences (their member counts change with every sync). */
  mailchimpAudiences: () => ['mailchimp', 'audiences'] as const,
};

/**
 * GET /session for the signed-in user (keyed by uid, so another sign-in refetches). Each answer is
 * kept on the device (device/store.ts; forgotten at sign-out) so that, with `offlineCopy` (the door),
 * a reload without a network still opens the door for the user signed in (issue 24 item 3): the
 * server stays the judge of every call the door then makes.
 */
export function sessionQuery(api: Pick<ApiClient, 'getSession'>, uid: string | null, offlineCopy = false) {
  const device = () => import('../device/store.js');
  return queryOptions({
    queryKey: queryKeys.session(uid),
    queryFn: async ({ signal }) => {
      try {
        const session = await api.getSession(signal);
        if (uid) void device().then((store) => store.rememberSession(uid, session)).catch(() => undefined);
        return session;
      } catch (error) {
        const kept = offlineCopy && uid && error instanceof ApiError && error.isNetworkError ? await device().then((store) => store.rememberedSession(uid)).catch(() => null) : null;
        if (!kept) throw error;
        return kept;
      }
    },
    staleTime: 5 * 60_000,
    retry: shouldRetry,
  });
}
