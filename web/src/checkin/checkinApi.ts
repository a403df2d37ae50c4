// The check-in calls and their query options (one per resource, keys from queryKeys). Live lists
// refetch every few seconds while the page is visible, so an admission at one door shows at another.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CheckInReply, CheckInRequest, CheckedInAttendee, DoorListReply } from '@shared/checkin-model.js';
import { CHECKIN_MESSAGES } from '@shared/checkin-model.js';
import type { EventRecord } from '@shared/events-model.js';
import { MESSAGES } from '@shared/messages.js';
import type { RsvpRecord, TicketView } from '@shared/rsvps-model.js';
import { ApiError, type ApiClient, type RequestOptions } from '../api/client.js';
import { queryKeys } from '../api/query.js';
import { ticketViewPath } from '../api/publicPaths.js';
import { LIVE_REFRESH_MS } from './checkin.js';
import { reach } from './connection.js';
import { loadDoorList, loadEventList, pendingCheckIns, saveDoorList, saveEventList, withQueued, type DeviceDoorList } from './offline.js';

type Api = Pick<ApiClient, 'request'>;
const id = encodeURIComponent;

/** One door call, within the door's time limit; its outcome tells the door whether it is online (connection.ts). */
const call = <T extends object>(api: Api, path: string, options: RequestOptions, fallback: string): Promise<T> =>
  reach((signal) => api.request<T>(path, { ...options, signal }, fallback), options.signal);

export const checkinCalls = {
  /** Active and inactive (not archived) events: a staff token sees them all. */
  listEvents: (api: Api, signal?: AbortSignal) =>
    call<{ events: EventRecord[] }>(api, '/events?active=all', { signal }, MESSAGES.eventsFetchAdmin).then((r) => r.events ?? []),
  rsvps: (api: Api, eventId: string, signal?: AbortSignal) =>
    call<{ rsvps: RsvpRecord[] }>(api, `/events/${id(eventId)}/rsvps`, { signal }, CHECKIN_MESSAGES.loadRsvpsFailed).then((r) => r.rsvps ?? []),
  checkins: (api: Api, eventId: string, signal?: AbortSignal) =>
    call<{ checkedInAttendees: CheckedInAttendee[] }>(api, `/events/${id(eventId)}/checkins`, { signal }, CHECKIN_MESSAGES.loadRsvpsFailed)
      .then((r) => r.checkedInAttendees ?? []),
  doorList: (api: Api, eventId: string, signal?: AbortSignal) =>
    call<DoorListReply>(api, `/events/${id(eventId)}/door-list`, { signal }, CHECKIN_MESSAGES.loadRsvpsFailed),
  checkIn: (api: Api, ticketId: string, body: CheckInRequest) =>
    call<CheckInReply>(api, `/checkin/${id(ticketId)}`, { method: 'POST', body }, CHECKIN_MESSAGES.checkInFailed),
  undo: (api: Api, ticketId: string, reason = '') =>
    call<CheckInReply>(api, `/checkin/${id(ticketId)}`, { method: 'DELETE', body: { reason } }, CHECKIN_MESSAGES.checkInFailed),
  ticket: (api: Api, ticketId: string) =>
    call<{ ticket: TicketView }>(api, ticketViewPath(ticketId), {}, CHECKIN_MESSAGES.lookupFailed).then((r) => r.ticket),
};

/** Fallback to the device's copy when the network is gone (any other failure is shown). */
async function orDeviceCopy<T>(fetch: () => Promise<T>, save: (value: T) => Promise<void>, load: () => Promise<T | null>): Promise<T> {
  try {
    const value = await fetch();
    await save(value).catch(() => undefined);
    return value;
  } catch (error) {
    const saved = error instanceof ApiError && error.isNetworkError ? await load().catch(() => null) : null;
    if (saved === null) throw error;
    return saved;
  }
}

/**
 * The events a door can check in for; kept on the device. networkMode 'always': TanStack Query
 * would otherwise pause the query while the browser is offline, and never reach the device's copy.
 */
export function staffEventsQuery(api: Api) {
  return queryOptions({
    queryKey: queryKeys.staffEvents(),
    queryFn: ({ signal }) => orDeviceCopy(() => checkinCalls.listEvents(api, signal), saveEventList, loadEventList),
    networkMode: 'always',
  });
}

export function rsvpsQuery(api: Api, eventId: string) {
  return queryOptions({
    queryKey: queryKeys.rsvps(eventId),
    queryFn: ({ signal }) => checkinCalls.rsvps(api, eventId, signal),
    enabled: Boolean(eventId),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function checkinsQuery(api: Api, eventId: string) {
  return queryOptions({
    queryKey: queryKeys.checkins(eventId),
    queryFn: ({ signal }) => checkinCalls.checkins(api, eventId, signal),
    enabled: Boolean(eventId),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/**
 * The selected event's door list: fetched and kept on the device with the device's time of
 * arrival (an offline check-in's time is reckoned from it); when the network is gone, the
 * device's copy. Either way with this device's queued check-ins applied.
 */
export function doorListQuery(api: Api, eventId: string, by: string | null) {
  return queryOptions({
    queryKey: queryKeys.doorList(eventId),
    queryFn: async ({ signal }): Promise<DeviceDoorList> => {
      const fetchList = async (): Promise<DeviceDoorList> => ({ ...(await checkinCalls.doorList(api, eventId, signal)), receivedAt: new Date().toISOString() });
      const list = await orDeviceCopy(fetchList, saveDoorList, () => loadDoorList(eventId));
      return withQueued(list, await pendingCheckIns().catch(() => []), by);
    },
    // Offline the device's copy answers: the query must run even when the browser says offline.
    networkMode: 'always',
    enabled: Boolean(eventId),
    refetchInterval: LIVE_REFRESH_MS,
    retry: false,
  });
}

/** After a check-in or undo: every list of the event refetches. */
export function invalidateEvent(queryClient: QueryClient, eventId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.doorList(eventId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.checkins(eventId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.rsvps(eventId) }),
  ]);
}
