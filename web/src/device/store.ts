// What the staff area keeps on this device (IndexedDB through idb-keyval): the doors' attendee
// lists and the check-ins admitted while offline (checkin/offline.ts). A folder of its own, so
// the shell and the sign-out can clear it without depending on the check-in screens.
import { clear, createStore, delMany, get, keys, set, type UseStore } from 'idb-keyval';
import type { SessionInfo } from '@shared/session-model.js';

/** The key of the queue of check-ins not yet sent to the server. */
export const QUEUE_KEY = 'queue';

let store: UseStore | null = null;

export function deviceStore(): UseStore {
  store ??= createStore('zion-checkin', 'door');
  return store;
}

const sessionKey = (uid: string) => `session:${uid}`;

/** The signed-in user's last GET /session answer: the door reopens with it after a reload without a network. */
export async function rememberSession(uid: string, session: SessionInfo): Promise<void> {
  await set(sessionKey(uid), session, deviceStore());
}

export async function rememberedSession(uid: string): Promise<SessionInfo | null> {
  return (await get<SessionInfo>(sessionKey(uid), deviceStore())) ?? null;
}

/** How many admissions this device has not yet handed to the server. */
export async function unsyncedCheckInCount(): Promise<number> {
  const queue = await get<unknown[]>(QUEUE_KEY, deviceStore());
  return Array.isArray(queue) ? queue.length : 0;
}

/**
 * Forgets the door lists and the event list, but keeps the check-ins not yet sent: used when the
 * session ends by itself (an expired or revoked sign-in, a logout in another tab), so people already
 * admitted offline are still recorded at the next sign-in.
 */
export async function clearAttendeeLists(): Promise<void> {
  const stored = await keys(deviceStore());
  await delMany(
    stored.filter((key) => key !== QUEUE_KEY),
    deviceStore(),
  );
}

/** Forgets every attendee and queued check-in on this device (a logout the staff member confirmed). */
export async function clearDeviceData(): Promise<void> {
  await clear(deviceStore());
}
