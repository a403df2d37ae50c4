// What the staff area keeps on this device (IndexedDB through idb-keyval): the doors' attendee
// lists and the check-ins admitted while offline (checkin/offline.ts). A folder of its own, so
// the shell and the sign-out can clear it without depending on the check-in screens.
import { clear, createStore, get, type UseStore } from 'idb-keyval';

/** The key of the queue of check-ins not yet sent to the server. */
export const QUEUE_KEY = 'queue';

let store: UseStore | null = null;

export function deviceStore(): UseStore {
  store ??= createStore('zion-checkin', 'door');
  return store;
}

/** How many admissions this device has not yet handed to the server. */
export async function unsyncedCheckInCount(): Promise<number> {
  const queue = await get<unknown[]>(QUEUE_KEY, deviceStore());
  return Array.isArray(queue) ? queue.length : 0;
}

/** Forgets every attendee and queued check-in on this device (at logout). */
export async function clearDeviceData(): Promise<void> {
  await clear(deviceStore());
}
