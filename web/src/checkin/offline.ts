// The door's memory on the device (DESIGN §4 'Check-in at the door works without a network'):
// the selected event's door list and the check-ins admitted while offline, in IndexedDB
// (idb-keyval). The server stays the judge: the queue is sent in order when the network returns,
// and what it refuses comes back as conflicts for the staff member.
import { del, get, set, update } from 'idb-keyval';
import type { DoorListEntry, DoorListReply } from '@shared/checkin-model.js';
import type { EventRecord } from '@shared/events-model.js';
import { deviceStore as db, QUEUE_KEY as QUEUE } from '../device/store.js';

export interface QueuedCheckIn {
  ticketId: string;
  eventId: string;
  /** When the door admitted the person (ISO, on the server's clock): the server records this time. */
  checkedInAt: string;
  /**
   * The `generatedAt` of the door list admitted against: the server refuses a time before it.
   * Absent in check-ins queued by an older version of the site: those are sent without a time.
   */
  listLoadedAt?: string;
  name: string;
  /** The door or device that admitted the person ('Gate 2'), when the door named itself (issue 28 item 4). */
  door?: string;
  /**
   * Queued after a call for it got no reply (or none in time): the server may have recorded it, so
   * at sync an 'already checked in' by this same staff member is that call, not a conflict.
   */
  sentBefore?: boolean;
}

export interface SyncConflict extends QueuedCheckIn {
  code: string;
  message: string;
  /** Who admitted the ticket first and when, when the server could say. */
  checkedInBy: string | null;
  serverCheckedInAt: string | null;
}

/** A door list as the device keeps it: with the device's time when it arrived (absent in older copies). */
export type DeviceDoorList = DoorListReply & { receivedAt?: string };

const doorListKey = (eventId: string) => `door-list:${eventId}`;

const EVENTS_KEY = 'events';

/**
 * The event the door last chose, kept on the device so that a reload (without a network too)
 * reopens on it (issue 24 item 3). In localStorage, read synchronously: the first render already
 * selects it instead of flashing the default event. Only an event id, nothing about people.
 */
const DOOR_EVENT_KEY = 'zion-door-event';

export function rememberedDoorEvent(): string | null {
  try {
    return localStorage.getItem(DOOR_EVENT_KEY);
  } catch {
    return null;
  }
}

export function rememberDoorEvent(eventId: string): void {
  try {
    localStorage.setItem(DOOR_EVENT_KEY, eventId);
  } catch {
    // Storage refused (private mode, full): the door still works, a reload opens the default event.
  }
}

/**
 * The door's own name ('Gate 2'), kept on the device like its event and sent with each check-in for
 * the audit log (issue 28 item 4); blank: none.
 */
const DOOR_NAME_KEY = 'zion-door-name';

export function rememberedDoorName(): string {
  try {
    return localStorage.getItem(DOOR_NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberDoorName(name: string): void {
  try {
    localStorage.setItem(DOOR_NAME_KEY, name);
  } catch {
    // Storage refused: check-ins go without a door name.
  }
}

/** The `door` a check-in sends: the door's name when it has one, else nothing. */
export function doorField(name: string | undefined): { door?: string } {
  const door = name?.trim();
  return door ? { door } : {};
}

/** The check-in event list, kept so a door can switch events without a network. */
export async function saveEventList(events: EventRecord[]): Promise<void> {
  await set(EVENTS_KEY, events, db());
}

export async function loadEventList(): Promise<EventRecord[] | null> {
  return (await get<EventRecord[]>(EVENTS_KEY, db())) ?? null;
}

export async function saveDoorList(list: DeviceDoorList): Promise<void> {
  await set(doorListKey(list.event.id), list, db());
}

export async function loadDoorList(eventId: string): Promise<DeviceDoorList | null> {
  return (await get<DeviceDoorList>(doorListKey(eventId), db())) ?? null;
}

/**
 * The time of a check-in admitted offline, on the server's clock: the list's `generatedAt` (the
 * server's time) plus what elapsed on this device since the list arrived. A phone whose clock is
 * minutes off still sends a time the server believes (it refuses one before the list was loaded
 * or in the future). A copy without `receivedAt` falls back to the device's clock, never earlier
 * than the list.
 */
export function offlineCheckInTime(list: DeviceDoorList, deviceNow: number): { checkedInAt: string; listLoadedAt: string } {
  const loaded = Date.parse(list.generatedAt);
  const received = list.receivedAt === undefined ? Number.NaN : Date.parse(list.receivedAt);
  const at = Number.isFinite(received) ? loaded + Math.max(0, deviceNow - received) : Math.max(loaded, deviceNow);
  return { checkedInAt: new Date(at).toISOString(), listLoadedAt: list.generatedAt };
}

/** What a queued check-in sends: its time and its list's, or (queued by an older version) neither. */
export function queuedCheckInBody(item: QueuedCheckIn): { eventId: string; checkedInAt?: string; listLoadedAt?: string; door?: string } {
  const door = doorField(item.door);
  return item.listLoadedAt ? { eventId: item.eventId, checkedInAt: item.checkedInAt, listLoadedAt: item.listLoadedAt, ...door } : { eventId: item.eventId, ...door };
}

export async function pendingCheckIns(): Promise<QueuedCheckIn[]> {
  return (await get<QueuedCheckIn[]>(QUEUE, db())) ?? [];
}

/** Adds a check-in to the end of the queue (once per ticket); resolves to the queue's length. */
export async function enqueueCheckIn(item: QueuedCheckIn): Promise<number> {
  let length = 0;
  await update<QueuedCheckIn[]>(
    QUEUE,
    (queue = []) => {
      const next = queue.some((queued) => queued.ticketId === item.ticketId) ? queue : [...queue, item];
      length = next.length;
      return next;
    },
    db(),
  );
  return length;
}

async function removeFromQueue(ticketId: string): Promise<void> {
  await update<QueuedCheckIn[]>(QUEUE, (queue = []) => queue.filter((queued) => queued.ticketId !== ticketId), db());
}

/** The door list with the queued check-ins applied: what this device has admitted shows as checked in. */
export function withQueued<L extends DoorListReply>(list: L, queue: readonly QueuedCheckIn[], by: string | null): L {
  const queued = new Map(queue.filter((item) => item.eventId === list.event.id).map((item) => [item.ticketId, item]));
  if (queued.size === 0) return list;
  const attendees = list.attendees.map((entry): DoorListEntry => {
    const item = queued.get(entry.id);
    return item && !entry.checkedIn ? { ...entry, checkedIn: true, checkedInAt: item.checkedInAt, checkedInBy: by } : entry;
  });
  return { ...list, attendees };
}

/** How one queued check-in fared: sent, refused by the server (a conflict), or not sent (still offline). */
export type SendResult = { kind: 'sent' } | { kind: 'refused'; conflict: SyncConflict } | { kind: 'retry' };

/**
 * Sends the queue in order, oldest first. Stops at the first one that cannot be sent yet
 * (the network is still gone), keeping it and the rest for the next try.
 */
export async function syncQueue(send: (item: QueuedCheckIn) => Promise<SendResult>): Promise<{ sent: number; conflicts: SyncConflict[]; left: number }> {
  const conflicts: SyncConflict[] = [];
  let sent = 0;
  for (const item of await pendingCheckIns()) {
    const result = await send(item);
    if (result.kind === 'retry') break;
    if (result.kind === 'refused') conflicts.push(result.conflict);
    else sent += 1;
    await removeFromQueue(item.ticketId);
  }
  return { sent, conflicts, left: (await pendingCheckIns()).length };
}

export async function forgetDoorList(eventId: string): Promise<void> {
  await del(doorListKey(eventId), db());
}
