import 'fake-indexeddb/auto';
import { get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAttendeeLists, clearDeviceData, deviceStore, QUEUE_KEY, unsyncedCheckInCount } from './store.js';

const queued = [{ ticketId: 'T1', eventId: 'E1', checkedInAt: '2026-11-23T05:00:00.000Z', name: 'Ann' }];

describe('what the device keeps', () => {
  beforeEach(async () => {
    await clearDeviceData();
    await set('door-list:E1', { attendees: [{ id: 'T1' }] }, deviceStore());
    await set('events', [{ id: 'E1' }], deviceStore());
    await set(QUEUE_KEY, queued, deviceStore());
  });

  it('a session that ends by itself forgets the attendee lists but keeps the check-ins not yet sent', async () => {
    await clearAttendeeLists();
    expect(await get('door-list:E1', deviceStore())).toBeUndefined();
    expect(await get('events', deviceStore())).toBeUndefined();
    expect(await get(QUEUE_KEY, deviceStore())).toEqual(queued);
    expect(await unsyncedCheckInCount()).toBe(1);
  });

  it('a confirmed logout forgets everything', async () => {
    await clearDeviceData();
    expect(await unsyncedCheckInCount()).toBe(0);
    expect(await get('door-list:E1', deviceStore())).toBeUndefined();
  });
});
