import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHECKIN_FORM_CLEAR_MS } from '@shared/constants.js';
import { CHECKIN_MESSAGES, admissionRefusal, ticketIdFromScan, wrongEventText, type DoorListEntry, type DoorListReply } from '@shared/checkin-model.js';
import type { TicketView } from '@shared/rsvps-model.js';
import { ApiError } from '../api/client.js';
import { queryKeys } from '../api/query.js';
import { useStaff } from '../staff/StaffContext.js';
import { CHECKIN_TEXT, LIVE_REFRESH_MS, checkInErrorStatus, isOffline, refusalStatus, shouldRetrySync, status, type StatusMessage } from './checkin.js';
import { checkinCalls, doorListQuery, invalidateEvent } from './checkinApi.js';
import { signal } from './feedback.js';
import {
  enqueueCheckIn,
  offlineCheckInTime,
  pendingCheckIns,
  queuedCheckInBody,
  syncQueue,
  type DeviceDoorList,
  type QueuedCheckIn,
  type SendResult,
  type SyncConflict,
} from './offline.js';

export type Busy = 'lookup' | 'checkin' | 'undo' | null;

function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
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
    }, CHECKIN_FORM_CLEAR_MS);
  };

  const markLocally = (entry: DoorListEntry) => {
    queryClient.setQueryData<DoorListReply>(queryKeys.doorList(eventId), (list) =>
      list ? { ...list, attendees: list.attendees.map((item) => (item.id === entry.id ? entry : item)) } : list,
    );
  };

  const admitOffline = async (entry: DoorListEntry) => {
    const refusal = admissionRefusal(entry, eventId);
    if (refusal) {
      say(refusalStatus(refusal));
      return;
    }
    // The list admitted against, as the cache holds it now (a lookup may have just refreshed it).
    const list = queryClient.getQueryData<DeviceDoorList>(queryKeys.doorList(eventId)) ?? doorList.data;
    const { checkedInAt, listLoadedAt } = list ? offlineCheckInTime(list, Date.now()) : { checkedInAt: new Date().toISOString(), listLoadedAt: undefined };
    setWaiting(await enqueueCheckIn({ ticketId: entry.id, eventId, checkedInAt, listLoadedAt, name: entry.name }));
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
      if (!online()) return await admitOffline(entry);
      const reply = await checkinCalls.checkIn(api, entry.id, { eventId });
      const ticket = reply.ticket;
      const admitted = { ...entry, checkedIn: true, checkedInAt: ticket.checkedInAt, checkedInBy: ticket.checkedInBy };
      markLocally(admitted);
      setSelected(admitted);
      say(status('admitted', `${CHECKIN_MESSAGES.checkedIn}: ${ticket.attendee.name || entry.name}`));
      scheduleClear();
      void invalidateEvent(queryClient, eventId);
    } catch (error) {
      if (isOffline(error, online())) return await admitOffline(entry);
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
      if (!entry && online()) {
        const fresh = await queryClient.fetchQuery({ ...doorListQuery(api, eventId, session.email), staleTime: 0 });
        entry = fresh.attendees.find((item) => item.id === id);
        // Not this event's: the public ticket view says whose it is, so the door can say so.
        if (!entry) elsewhere = await checkinCalls.ticket(api, id).catch(() => null);
      }
    } catch (error) {
      if (!isOffline(error, online())) {
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

  const undo = async (entry: DoorListEntry) => {
    setBusy('undo');
    try {
      const reply = await checkinCalls.undo(api, entry.id);
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

  // The offline queue: sent in order when the connection returns (the 'online' event, and a periodic retry).
  const syncing = useRef(false);
  const sync = useCallback(async () => {
    if (syncing.current || !online()) return;
    syncing.current = true;
    try {
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
          const sameTime = !item.listLoadedAt || Date.parse(ticket?.checkedInAt ?? '') === Date.parse(item.checkedInAt);
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
    } finally {
      syncing.current = false;
    }
  }, [api, eventId, queryClient, session.email]);

  useEffect(() => {
    void pendingCheckIns().then((queue) => setWaiting(queue.length), () => undefined);
  }, []);

  useEffect(() => {
    if (waiting === 0) return;
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => void sync(), LIVE_REFRESH_MS);
    void sync();
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [waiting, sync]);

  return {
    doorList,
    ticketId,
    setTicketId,
    selected,
    busy,
    message,
    setMessage: say,
    waiting,
    conflicts,
    dismissConflicts: () => setConflicts([]),
    lookUp,
    checkIn,
    undo,
  };
}

export type Door = ReturnType<typeof useDoor>;
