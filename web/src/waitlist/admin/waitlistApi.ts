// The admins' waitlist of an event (issue 28 items 2 and 3): the list, offers by hand, removal, the CSV and the Events list's counts.
import { queryOptions } from '@tanstack/react-query';
import { WAITLIST_MESSAGES, type WaitlistAdminEntry, type WaitlistAdminReply } from '@shared/waitlist-model.js';
import type { StaffApiClient } from '../../api/staffClient.js';
import { queryKeys } from '../../api/query.js';
import { LIVE_REFRESH_MS } from '../../checkin/checkin.js';

type Api = Pick<StaffApiClient, 'request' | 'download'>;
const id = encodeURIComponent;

export const WAITLIST_ADMIN_TEXT = {
  heading: 'Waitlist',
  empty: 'Nobody is on the waitlist of this event.',
  csvFailed: 'Failed to download the waitlist CSV',
  csvReady: 'Waitlist CSV downloaded',
  remove: 'Remove',
  removeTitle: (name: string) => `Remove ${name} from the waitlist?`,
  removeBody: 'They lose their place in line; those behind them move up.',
  keep: 'Keep on the waitlist',
  removing: 'Removing...',
} as const;

/** Keyed under the event's waitlist; ['waitlist'] also holds the Events list's counts, so a removal refreshes both. */
export const waitlistKeys = { event: queryKeys.waitlist, counts: queryKeys.waitlistCounts };

export function waitlistQuery(api: Pick<StaffApiClient, 'request'>, eventId: string) {
  return queryOptions({
    queryKey: waitlistKeys.event(eventId),
    queryFn: ({ signal }) => api.request<WaitlistAdminReply>(`/events/${id(eventId)}/waitlist`, { signal }, WAITLIST_MESSAGES.loadFailed).then((r) => r.entries ?? []),
    enabled: Boolean(eventId),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export const waitlistCalls = {
  remove: (api: Api, entryId: string) => api.request<{ message?: string }>(`/waitlist/${id(entryId)}`, { method: 'DELETE' }, WAITLIST_MESSAGES.removeFailed),
  offer: (api: Api, entryId: string) => api.request<{ message?: string }>(`/waitlist/${id(entryId)}/offer`, { method: 'POST' }, WAITLIST_MESSAGES.offerFailed),
  csv: (api: Api, eventId: string) => api.download(`/events/${id(eventId)}/waitlist.csv`, {}, WAITLIST_ADMIN_TEXT.csvFailed),
};

/** An admin may make an offer by hand to an entry still waiting (issue 28 item 2). */
export function isOfferable(entry: Pick<WaitlistAdminEntry, 'status'>): boolean {
  return entry.status === 'waiting';
}

export function isRemovable(entry: Pick<WaitlistAdminEntry, 'status'>): boolean {
  return entry.status === 'waiting' || entry.status === 'offered';
}
