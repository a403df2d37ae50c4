import { useCallback, useEffect, useRef, useState } from 'react';
import type { EventRecord } from '@shared/events-model.js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHECKIN_FORM_CLEAR_MS } from '@shared/constants.js';
import { CHECKIN_MESSAGES, admissionRefusal, ticketIdFromScan, wrongEventText, type DoorListEntry, type DoorListReply } from '@shared/checkin-model.js';
import type { TicketView } from '@shared/rsvps-model.js';
import { ApiError } from '../api/client.js';
import { queryKeys } from '../api/query.js';
import { useStaff } from '../staff/StaffContext.js';
import { CHECKIN_TEXT, LIVE_REFRESH_MS, checkInErrorStatus, isOffline, refusalStatus, shouldRetrySync, status, type StatusMessage } from './checkin.js';
import { checkinCalls, doorListQuery, invalidateEvent } from './checkinApi.js';
import { connection, useConnection } from './connection.js';
import { signal } from './feedback.js';
import {
  doorField,
  enqueueCheckIn,
  offlineCheckInTime,
  pendingCheckIns,
  queuedCheckInBody,
  rememberDoorEvent,
  rememberedDoorEvent,
  rememberedDoorName,
  syncQueue,
  type DeviceDoorList,
  type QueuedCheckIn,
  type SendResult,
  type SyncConflict,
} from './offline.js';

export type Busy = 'lookup' | 'checkin' | 'undo' | null;

/**
 * The event the door works on: the one chosen on this device last (kept across reloads, offline
 * ones too: issue 24 item 3) while it is still among the choices, else the default one.
 */
export function useDoorEvent(choices: readonly EventRecord[], fallback: string): [string, (eventId: string) => void] {
  const [picked, setPicked] = useState<string | null>(rememberedDoorEvent);
  const pick = useCallback((eventId: string) => {
    rememberDoorEvent(eventId);
    setPicked(eventId);
  }, []);
  return [picked && choices.some((event) => event.id === picked) ? picked : fallback, pick];
}

/**
 * One door's check-in logic for the selected event: look up, admit (online, or against the
 * device's door list when the network is gone), undo, and sync the offline queue.
 */
export function useDoor(eventId: string) {
  const { api, session } = useStaff();
  const queryClient = useQueryClient();
  const doorList = useQuery(doorListQuery(api, eventId, session.email));
  const [ticketId, setTicketId] = useState('');
  const [selected, setSelected] = useState<DoorListEntry | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<StatusMessage | null>(null);
  const [waiting, setWaiting] = useState(0);
  const [conflicts, setConflicts] = useState<SyncConflict[]>([]);
  const clearTimer = useRef<number | undefined>(undefined);

  const say = useCallback((next: StatusMessage | null) => {
    setMessage(next);
    if (next) signal(next.outcome);
  }, []);

  useEffect(() => () => window.clearTimeout(clearTimer.current), []);
  useEffect(() => {
    setSelected(null);
    setMessage(null);
  }, [eventId]);

  const scheduleClear = () => {
    window.clearTimeout(clearTimer.current);
    clearTimer.current = window.setTimeout(() => {
      setTicketId('');
      setSelected(null);
      // 'Checked in: …' goes with the form (SPEC §9, issue 27 item 4); a refusal or an error said
      // since then stays until the next ticket replaces it.
      setMessage((shown) => (shown?.kind === 'success' ? null : shown));
    }, CHECKIN_FORM_CLEAR_MS);
  };

  const markLocally = (entry: DoorListEntry) => {
    queryClient.setQueryData<DoorListReply>(queryKeys.doorList(eventId), (list) =>
      list ? { ...list, attendees: list.attendees.map((item) => (item.id === entry.id ? entry : item)) } : list,
    );
  };

  /** `sentBefore`: a call for it got no reply, so the server may have it already (see QueuedCheckIn). */
  const admitOffline = async (entry: DoorListEntry, sentBefore = false) => {
    const refusal = admissionRefusal(entry, eventId);
    if (refusal) {
      say(refusalStatus(refusal));
      return;
    }
    // The list admitted against, as the cache holds it now (a lookup may have just refreshed it).
    const list = queryClient.getQueryData<DeviceDoorList>(queryKeys.doorList(eventId)) ?? doorList.data;
    const { checkedInAt, listLoadedAt } = list ? offlineCheckInTime(list, Date.now()) : { checkedInAt: new Date().toISOString(), listLoadedAt: undefined };
    setWaiting(
      await enqueueCheckIn({ ticketId: entry.id, eventId, checkedInAt, listLoadedAt, name: entry.name, ...doorField(rememberedDoorName()), ...(sentBefore ? { sentBefore } : {}) }),
    );
    const admitted = { ...entry, checkedIn: true, checkedInAt, checkedInBy: session.email };
    markLocally(admitted);
    setSelected(admitted);
    say(status('admitted', `${CHECKIN_TEXT.offlineAdmitted}: ${entry.name}`));
    scheduleClear();
  };

  const checkIn = async (entry: DoorListEntry) => {
    if (!eventId) return say(status('error', CHECKIN_MESSAGES.selectEvent));
    window.clearTimeout(clearTimer.current);
    setSelected(entry);
    setBusy('checkin');
    try {
      // Known offline (the door's last call got no reply): queued at once, not after another wait.
      // The queue's retries and the list's refetches find out when the network is back.
      if (connection() === 'offline') return await admitOffline(entry);
      const reply = await checkinCalls.checkIn(api, entry.id, { eventId, ...doorField(rememberedDoorName()) });
      const ticket = reply.ticket;
      const admitted = { ...entry, checkedIn: true, checkedInAt: ticket.checkedInAt, checkedInBy: ticket.checkedInBy };
      markLocally(admitted);
      setSelected(admitted);
      say(status('admitted', `${CHECKIN_MESSAGES.checkedIn}: ${ticket.attendee.name || entry.name}`));
      scheduleClear();
      void invalidateEvent(queryClient, eventId);
    } catch (error) {
      if (isOffline(error)) return await admitOffline(entry, true);
      say(checkInErrorStatus(error));
      void invalidateEvent(queryClient, eventId);
    } finally {
      setBusy(null);
    }
  };

  /** Finds a ticket in the event's list (refetching once when it is not there yet); admits it when `admit`. */
  const lookUp = async (raw: string, admit = false) => {
    const id = ticketIdFromScan(raw);
    if (!id) return;
    if (!eventId) return say(status('error', CHECKIN_MESSAGES.selectEvent));
    window.clearTimeout(clearTimer.current);
    setTicketId(id);
    setBusy('lookup');
    let entry: DoorListEntry | undefined;
    let elsewhere: TicketView | null = null;
    try {
      entry = doorList.data?.attendees.find((item) => item.id === id);
      if (!entry && connection() !== 'offline') {
        const fresh = await queryClient.fetchQuery({ ...doorListQuery(api, eventId, session.email), staleTime: 0 });
        entry = fresh.attendees.find((item) => item.id === id);
        // Not this event's: the public ticket view says whose it is, so the door can say so.
        if (!entry) elsewhere = await checkinCalls.ticket(api, id).catch(() => null);
      }
    } catch (error) {
      if (!isOffline(error)) {
        setBusy(null);
        return say(checkInErrorStatus(error, CHECKIN_MESSAGES.lookupFailed));
      }
    }
    setBusy(null);
    if (!entry) {
      setSelected(null);
      if (elsewhere && elsewhere.event.id !== eventId) return say(refusalStatus('WRONG_EVENT', wrongEventText(elsewhere.event.title)));
      return say(status('notFound', CHECKIN_MESSAGES.notInList));
    }
    setSelected(entry);
    const refusal = admissionRefusal(entry, eventId);
    if (refusal) return say(refusalStatus(refusal));
    if (admit) return checkIn(entry);
    setMessage(null);
  };

  const undo = async (entry: DoorListEntry, reason = '') => {
    setBusy('undo');
    try {
      const reply = await checkinCalls.undo(api, entry.id, reason);
      const undone = { ...entry, checkedIn: false, checkedInAt: null, checkedInBy: null };
      markLocally(undone);
      setSelected(undone);
      say(status('info', reply.message || CHECKIN_MESSAGES.undone));
      void invalidateEvent(queryClient, eventId);
    } catch (error) {
      say(checkInErrorStatus(error));
    } finally {
      setBusy(null);
    }
  };

  // The offline queue: sent in order when the connection returns. Every try is a real call (its
  // failure or time-out keeps the queue), made on a timer, on the 'online' event and when another
  // call reaches the server; never held back because navigator.onLine says offline (issue 24 item 4).
  const online = useConnection();
  const syncOnce = useCallback(async () => {
    const send = async (item: QueuedCheckIn): Promise<SendResult> => {
      try {
        await checkinCalls.checkIn(api, item.ticketId, queuedCheckInBody(item));
        return { kind: 'sent' };
      } catch (error) {
        // Refused (or a body the server cannot take): reported with its reason and taken off the queue.
        if (!(error instanceof ApiError) || shouldRetrySync(error)) return { kind: 'retry' };
        const ticket = error.code === 'ALREADY_CHECKED_IN' ? await checkinCalls.ticket(api, item.ticketId).catch(() => null) : null;
        // Our own earlier send whose reply was lost: it is recorded, not a conflict.
        // (A check-in queued by an older version is sent without its time: the server's differs.)
        const sameTime = !item.listLoadedAt || item.sentBefore === true || Date.parse(ticket?.checkedInAt ?? '') === Date.parse(item.checkedInAt);
        if (ticket && ticket.checkedInBy === session.email && ticket.checkedInAt && sameTime) {
          return { kind: 'sent' };
        }
        const text = checkInErrorStatus(error).text;
        return {
          kind: 'refused',
          conflict: { ...item, code: error.code, message: text, checkedInBy: ticket?.checkedInBy ?? null, serverCheckedInAt: ticket?.checkedInAt ?? null },
        };
      }
    };
    const result = await syncQueue(send);
    setWaiting(result.left);
    if (result.conflicts.length > 0) {
      setConflicts((current) => [...current, ...result.conflicts]);
      signal('already');
    }
    if (result.sent > 0 || result.conflicts.length > 0) {
      await Promise.all([...new Set([eventId, ...result.conflicts.map((c) => c.eventId)])].filter(Boolean).map((id) => invalidateEvent(queryClient, id)));
    }
  }, [api, eventId, queryClient, session.email]);
  const syncing = useRef(false);
  // A try asked for while one runs (the 'online' event during a try that is failing) runs after it.
  const again = useRef(false);
  const sync = useCallback(async () => {
    if (syncing.current) {
      again.current = true;
      return;
    }
    syncing.current = true;
    try {
      do {
        again.current = false;
        await syncOnce();
      } while (again.current);
    } finally {
      syncing.current = false;
    }
  }, [syncOnce]);

  useEffect(() => {
    void pendingCheckIns().then((queue) => setWaiting(queue.length), () => undefined);
  }, []);

  useEffect(() => {
    if (waiting === 0) return;
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => void sync(), LIVE_REFRESH_MS);
    // At once too, and again whenever the door's connection changes (a list refetch got through).
    void sync();
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [waiting, sync, online]);

  return {
    doorList,
    ticketId,
    setTicketId,
    selected,
    busy,
    message,
    setMessage: say,
    waiting,
    /** Whether the door reaches the server, from its own calls (connection.ts). */
    connection: online,
    conflicts,
    dismissConflicts: () => setConflicts([]),
    lookUp,
    checkIn,
    undo,
  };
}

export type Door = ReturnType<typeof useDoor>;
