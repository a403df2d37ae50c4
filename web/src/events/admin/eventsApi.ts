// The Events tab's calls and their query options (one per resource, keys from queryKeys).
// Every change invalidates ['events', ...]: the tab's lists, the tags, the stats and the
// staff lists of the RSVPs and Check-in tabs.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { EventRecord, EventStatsReply } from '@shared/events-model.js';
import { EVENT_CANCEL_MESSAGES, type CancelEventReply } from '@shared/event-cancel-model.js';
import type { EventInput, EventUpdate } from '@shared/events.js';
import { MESSAGES } from '@shared/messages.js';
import { WAITLIST_MESSAGES, type WaitlistCountsReply } from '@shared/waitlist-model.js';
import { UPLOAD_MESSAGES, type UploadReply, type UploadRequest } from '@shared/uploads-model.js';
import { errorText, type ApiClient } from '../../api/client.js';
import { queryKeys } from '../../api/query.js';

type Api = Pick<ApiClient, 'request'>;
const id = encodeURIComponent;

/** The status filter (SPEC §2, default Active). */
export const STATUS_FILTERS = ['All', 'Active', 'Inactive', 'Archived'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function isStatusFilter(value: string | null): value is StatusFilter {
  return (STATUS_FILTERS as readonly string[]).includes(value ?? '');
}

/** The GET /events query of a filter. */
export function eventsListPath(status: StatusFilter, tags: readonly string[] = []): string {
  const query = new URLSearchParams(
    {
      All: { active: 'all', archived: 'all' },
      Active: { active: 'true', archived: 'false' },
      Inactive: { active: 'false', archived: 'false' },
      Archived: { active: 'all', archived: 'true' },
    }[status],
  );
  if (tags.length) query.set('tags', tags.join(','));
  return `/events?${query.toString()}`;
}

/** Wording of the tab's own results (the failures' wording is SPEC §8's, in MESSAGES). */
export const EVENT_TEXT = {
  created: 'Event created',
  updated: 'Event updated',
  noChanges: 'No changes to save',
  saveFailed: 'Failed to save event',
  archived: 'Event archived',
  restored: 'Event restored',
  /** A restored event comes back inactive (rules.restored): the notice says so and offers Activate (issue 24 item 5). */
  restoredInactive: 'It is inactive: activate it to show it on the public pages.',
  activated: 'Event activated: it is on the public site',
  deactivated: 'Event deactivated: it is no longer on the public site',
  activateFailed: 'Failed to update event status',
  modeTickets: 'Ticket mode: registrations get a ticket with a QR code',
  modeRsvp: 'RSVP-only mode: registrations get a confirmation without a ticket',
} as const;

/**
 * A failed action's text: its SPEC §8 message ('Failed to archive event'), with the API's
 * reason when it gave one ('Failed to archive event: Event not found').
 */
export function actionFailure(error: unknown, message: string): string {
  const reason = errorText(error, message);
  return reason === message ? message : `${message}: ${reason}`;
}

interface EventReply {
  success: true;
  message?: string;
  event: EventRecord;
}

export const eventCalls = {
  list: (api: Api, status: StatusFilter, tags: readonly string[], signal?: AbortSignal) =>
    api.request<{ events: EventRecord[] }>(eventsListPath(status, tags), { signal }, MESSAGES.eventsFetchAdmin).then((r) => r.events ?? []),
  tags: (api: Api, signal?: AbortSignal) => api.request<{ tags: string[] }>('/events/tags', { signal }, MESSAGES.eventsFetchAdmin).then((r) => r.tags ?? []),
  stats: (api: Api, signal?: AbortSignal) => api.request<EventStatsReply>('/events/stats', { signal }, MESSAGES.eventsFetchAdmin).then((r) => r.stats ?? {}),
  get: (api: Api, eventId: string, signal?: AbortSignal) =>
    api.request<EventReply>(`/events/${id(eventId)}`, { signal }, MESSAGES.eventDetailsFailed).then((r) => r.event),
  create: (api: Api, body: EventInput) => api.request<EventReply>('/events', { method: 'POST', body }, EVENT_TEXT.saveFailed),
  update: (api: Api, eventId: string, body: EventUpdate) => api.request<EventReply>(`/events/${id(eventId)}`, { method: 'PUT', body }, EVENT_TEXT.saveFailed),
  setActive: (api: Api, eventId: string, isActive: boolean) =>
    api.request<EventReply>(`/events/${id(eventId)}`, { method: 'PUT', body: { isActive } }, EVENT_TEXT.activateFailed),
  archive: (api: Api, eventId: string) => api.request<EventReply>(`/events/${id(eventId)}/archive`, { method: 'PATCH' }, MESSAGES.archiveFailed),
  restore: (api: Api, eventId: string) => api.request<EventReply>(`/events/${id(eventId)}/unarchive`, { method: 'PATCH' }, MESSAGES.restoreFailed),
  setMode: (api: Api, eventId: string, generateTickets: boolean) =>
    api.request<EventReply>(`/events/${id(eventId)}/toggle-tickets`, { method: 'PATCH', body: { generateTickets } }, MESSAGES.toggleModeFailed),
  // Issue 26 item 3: every ticket cancelled, paid ones refunded, every attendee told (admins).
  cancelEvent: (api: Api, eventId: string) => api.request<CancelEventReply>(`/events/${id(eventId)}/cancel`, { method: 'POST' }, EVENT_CANCEL_MESSAGES.failed),
  upload: (api: Api, body: UploadRequest) => api.request<UploadReply>('/upload', { method: 'POST', body }, UPLOAD_MESSAGES.uploadFailed),
};

export function adminEventsQuery(api: Api, status: StatusFilter, tags: readonly string[] = []) {
  return queryOptions({ queryKey: queryKeys.adminEvents(status, tags), queryFn: ({ signal }) => eventCalls.list(api, status, tags, signal) });
}

export function eventTagsQuery(api: Api) {
  return queryOptions({ queryKey: queryKeys.eventTags(), queryFn: ({ signal }) => eventCalls.tags(api, signal) });
}

export function eventStatsQuery(api: Api) {
  return queryOptions({ queryKey: queryKeys.eventStats(), queryFn: ({ signal }) => eventCalls.stats(api, signal) });
}

export function eventQuery(api: Api, eventId: string) {
  return queryOptions({ queryKey: queryKeys.event(eventId), queryFn: ({ signal }) => eventCalls.get(api, eventId, signal) });
}

/** After any change to an event: every list of events, the tags and the stats refetch. */
export function invalidateEvents(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['events'] });
}

/** Issue 28 item 3: 'n waiting' per event id on the Events list (GET /waitlist/counts; the waitlist panel invalidates it). */
export function waitlistCountsQuery(api: Pick<ApiClient, 'request'>) {
  return queryOptions({
    queryKey: queryKeys.waitlistCounts(),
    queryFn: ({ signal }) => api.request<WaitlistCountsReply>('/waitlist/counts', { signal }, WAITLIST_MESSAGES.loadFailed).then((r) => r.counts ?? {}),
  });
}
