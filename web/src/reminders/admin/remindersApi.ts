// The reminder counts of one event (GET /events/{id}/reminders, issue 25 item 6), for the RSVPs tab.
import { queryOptions } from '@tanstack/react-query';
import { REMINDER_TEXT, type ReminderCount, type ReminderCountsReply } from '@shared/reminders-model.js';
import type { StaffApiClient } from '../../api/staffClient.js';
import { LIVE_REFRESH_MS } from '../../checkin/checkin.js';

/** Keyed under the event ('events', 'one', id), so whatever refreshes the events (a date or offsets saved) refreshes it; live like the RSVP list. */
export function reminderCountsQuery(api: Pick<StaffApiClient, 'request'>, eventId: string) {
  return queryOptions({
    queryKey: ['events', 'one', eventId, 'reminders'] as const,
    queryFn: ({ signal }) =>
      api
        .request<ReminderCountsReply>(`/events/${encodeURIComponent(eventId)}/reminders`, { signal }, REMINDER_TEXT.loadFailed)
        .then((reply): ReminderCount[] => reply.counts ?? []),
    enabled: Boolean(eventId),
    refetchInterval: LIVE_REFRESH_MS,
  });
}
