// The Overview tab's two calls (issue 30), their queries and the per-event page's address.
import { queryOptions } from '@tanstack/react-query';
import { OVERVIEW_LIMITS, OVERVIEW_MESSAGES, type EventOverviewReply, type OverviewReply } from '@shared/overview-model.js';
import type { StaffApiClient } from '../../api/staffClient.js';

type Api = Pick<StaffApiClient, 'request'>;

/** Every overview query starts with this key. */
export const OVERVIEW_KEY = ['overview'] as const;

/** GET /overview: the upcoming events' cards. Fetched each time the tab opens (the figures move with every registration). */
export function overviewQuery(api: Api) {
  return queryOptions({
    queryKey: [...OVERVIEW_KEY, 'cards'] as const,
    queryFn: ({ signal }) => api.request<OverviewReply>('/overview', { signal }, OVERVIEW_MESSAGES.loadFailed),
    staleTime: 0,
  });
}

/**
 * GET /events/{id}/overview. From the event's day on (the reply has its check-in view) it refetches
 * every OVERVIEW_LIMITS.liveRefreshMs while the page is open, not while the browser tab is hidden
 * (refetchIntervalInBackground false), and at once when it is shown again.
 */
export function eventOverviewQuery(api: Api, eventId: string) {
  return queryOptions({
    queryKey: [...OVERVIEW_KEY, 'event', eventId] as const,
    queryFn: ({ signal }) => api.request<EventOverviewReply>(`/events/${encodeURIComponent(eventId)}/overview`, { signal }, OVERVIEW_MESSAGES.loadFailed),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.checkIn ? OVERVIEW_LIMITS.liveRefreshMs : false),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: (query) => Boolean(query.state.data?.checkIn),
  });
}

/** The dashboard address of an event's overview page (deep-linkable). */
export function eventOverviewSearch(eventId: string): string {
  return `?${new URLSearchParams({ tab: 'overview', event: eventId }).toString()}`;
}
