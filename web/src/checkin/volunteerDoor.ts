// Volunteers at the door (issue 29 item 5): their list, their lookup and check-in. A volunteer's pass
// (a QR of /volunteer/pass/{signupId}) is told from a ticket by doorScanOf; the check-in is stored on
// the sign-up, never counted among the attendees. Online only: the door's offline list and queue
// carry tickets, so a volunteer scanned without a network is told it needs the network.
import { useCallback, useEffect, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHECKIN_MESSAGES } from '@shared/checkin-model.js';
import {
  VOLUNTEER_DOOR_MESSAGES,
  VOLUNTEER_REFUSAL_MESSAGES,
  volunteerRefusal,
  type DoorVolunteer,
  type DoorVolunteersReply,
  type VolunteerCheckInReply,
  type VolunteerCheckInRequest,
} from '@shared/volunteer-door-model.js';
import { ApiError, type ApiClient } from '../api/client.js';
import { whenPhrase } from '../events/relativeTime.js';
import { useStaff } from '../staff/StaffContext.js';
import { LIVE_REFRESH_MS, checkInErrorStatus, isOffline, status, type StatusMessage } from './checkin.js';
import { connection, reach } from './connection.js';
import { doorField, rememberedDoorName } from './offline.js';

type Api = Pick<ApiClient, 'request'>;

/** The query key of an event's door volunteers: here, not in api/query.ts, whose keys ship with every public page. */
export const doorVolunteersKey = (eventId: string) => ['door-volunteers', eventId] as const;
const id = encodeURIComponent;

export const volunteerDoorCalls = {
  list: (api: Api, eventId: string, signal?: AbortSignal) =>
    reach((inner) => api.request<DoorVolunteersReply>(`/events/${id(eventId)}/door-volunteers`, { signal: inner }, VOLUNTEER_DOOR_MESSAGES.loadFailed), signal).then(
      (reply) => reply.volunteers ?? [],
    ),
  checkIn: (api: Api, signupId: string, body: VolunteerCheckInRequest) =>
    reach((inner) => api.request<VolunteerCheckInReply>(`/volunteer/checkin/${id(signupId)}`, { method: 'POST', body, signal: inner }, VOLUNTEER_DOOR_MESSAGES.checkInFailed)),
};

/** The event's volunteers, refetched like the door's other lists so another door's check-ins show here. */
export function doorVolunteersQuery(api: Api, eventId: string) {
  return queryOptions({
    queryKey: doorVolunteersKey(eventId),
    queryFn: ({ signal }) => volunteerDoorCalls.list(api, eventId, signal),
    enabled: Boolean(eventId),
    refetchInterval: LIVE_REFRESH_MS,
    retry: false,
  });
}

/** 'This volunteer is already checked in (2 minutes ago, by staff@…, at Gate 2)': a second scan says when. */
export function alreadyCheckedInText(volunteer: Pick<DoorVolunteer, 'checkedInAt' | 'checkedInBy' | 'door'> | null, now: Date = new Date()): string {
  const parts = volunteer ? [whenPhrase(volunteer.checkedInAt, now), volunteer.checkedInBy ? `by ${volunteer.checkedInBy}` : '', volunteer.door ? `at ${volunteer.door}` : ''].filter(Boolean) : [];
  return parts.length ? `${VOLUNTEER_DOOR_MESSAGES.alreadyCheckedIn} (${parts.join(', ')})` : VOLUNTEER_DOOR_MESSAGES.alreadyCheckedIn;
}

/** What the door says of a volunteer it may not admit. */
export function volunteerRefusalStatus(volunteer: DoorVolunteer, eventId: string): StatusMessage | null {
  const refusal = volunteerRefusal(volunteer, eventId);
  if (!refusal) return null;
  if (refusal === 'VOLUNTEER_ALREADY_CHECKED_IN') return status('already', alreadyCheckedInText(volunteer));
  return status('refused', VOLUNTEER_REFUSAL_MESSAGES[refusal]);
}

/** Volunteers the door expects: active sign-ups (a cancelled one stays in the list only so a scan can say so). */
export function expectedVolunteers(volunteers: readonly DoorVolunteer[]): DoorVolunteer[] {
  return volunteers.filter((volunteer) => volunteer.status === 'active');
}

/**
 * One door's volunteers for the selected event: the list, the one looked up, and the check-in.
 * `say` is the door's status line (useDoor's), so a volunteer's outcome reads and sounds like a ticket's.
 */
export function useVolunteerDoor(eventId: string, say: (message: StatusMessage | null) => void) {
  const { api } = useStaff();
  const queryClient = useQueryClient();
  const list = useQuery(doorVolunteersQuery(api, eventId));
  const [selected, setSelected] = useState<DoorVolunteer | null>(null);
  const [busy, setBusy] = useState<'lookup' | 'checkin' | null>(null);

  useEffect(() => setSelected(null), [eventId]);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: doorVolunteersKey(eventId) }), [queryClient, eventId]);

  const checkIn = async (signupId: string, known: DoorVolunteer | null = null) => {
    if (!eventId) return say(status('error', CHECKIN_MESSAGES.selectEvent));
    if (connection() === 'offline') return say(status('error', VOLUNTEER_DOOR_MESSAGES.needsNetwork));
    setBusy('checkin');
    try {
      const reply = await volunteerDoorCalls.checkIn(api, signupId, { eventId, ...doorField(rememberedDoorName()) });
      setSelected(reply.volunteer);
      say(status('admitted', `${VOLUNTEER_DOOR_MESSAGES.checkedIn}: ${reply.volunteer.name}`));
    } catch (error) {
      if (isOffline(error)) say(status('error', VOLUNTEER_DOOR_MESSAGES.needsNetwork));
      else if (error instanceof ApiError && error.code === 'VOLUNTEER_ALREADY_CHECKED_IN') {
        // Another door was first: the list says when, and by whom.
        const fresh = await queryClient.fetchQuery({ ...doorVolunteersQuery(api, eventId), staleTime: 0 }).catch(() => null);
        const now = fresh?.find((volunteer) => volunteer.id === signupId) ?? known;
        setSelected(now);
        say(status('already', alreadyCheckedInText(now)));
      } else if (error instanceof ApiError && error.code === 'VOLUNTEER_PASS_NOT_FOUND') {
        setSelected(null);
        say(status('notFound', VOLUNTEER_DOOR_MESSAGES.passNotFound));
      } else if (error instanceof ApiError && error.serverMessage && error.code.startsWith('VOLUNTEER_')) {
        // Another event's volunteer (named), a standalone role's, a cancelled sign-up: the server's words.
        setSelected(known);
        say(status('refused', error.serverMessage));
      } else say(checkInErrorStatus(error, VOLUNTEER_DOOR_MESSAGES.checkInFailed));
    } finally {
      setBusy(null);
      void refresh();
    }
  };

  /** A pass scanned (`admit`) or a code typed: found in the list (refetched once when not there), judged, admitted when `admit`. */
  const lookUp = async (signupId: string, admit: boolean) => {
    if (!signupId) return;
    if (!eventId) return say(status('error', CHECKIN_MESSAGES.selectEvent));
    if (connection() === 'offline') {
      setSelected(list.data?.find((volunteer) => volunteer.id === signupId) ?? null);
      return say(status('error', VOLUNTEER_DOOR_MESSAGES.needsNetwork));
    }
    setBusy('lookup');
    let entry = list.data?.find((volunteer) => volunteer.id === signupId) ?? null;
    try {
      if (!entry) entry = (await queryClient.fetchQuery({ ...doorVolunteersQuery(api, eventId), staleTime: 0 })).find((volunteer) => volunteer.id === signupId) ?? null;
    } catch (error) {
      setBusy(null);
      return say(isOffline(error) ? status('error', VOLUNTEER_DOOR_MESSAGES.needsNetwork) : checkInErrorStatus(error, VOLUNTEER_DOOR_MESSAGES.loadFailed));
    }
    setBusy(null);
    // Not this event's volunteer: the server says whose it is (or that the pass is unknown), recording nothing.
    if (!entry) return checkIn(signupId);
    setSelected(entry);
    const refusal = volunteerRefusalStatus(entry, eventId);
    if (refusal) return say(refusal);
    if (admit) return checkIn(entry.id, entry);
    say(null);
  };

  return {
    list,
    selected,
    busy,
    /** Whether `signupId` is one of this event's volunteers (a typed code is then a volunteer's, not a ticket's). */
    has: (signupId: string) => Boolean(list.data?.some((volunteer) => volunteer.id === signupId)),
    lookUp,
    checkIn: (volunteer: DoorVolunteer) => checkIn(volunteer.id, volunteer),
  };
}

export type VolunteerDoor = ReturnType<typeof useVolunteerDoor>;
