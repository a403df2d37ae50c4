import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DoorListReply } from '@shared/checkin-model.js';
import { clearDeviceData } from '../device/store.js';
import { enqueueCheckIn, loadDoorList, offlineCheckInTime, pendingCheckIns, queuedCheckInBody, saveDoorList, syncQueue, withQueued, type QueuedCheckIn } from './offline.js';

const entry = (id: string) => ({
  id,
  eventId: 'E1',
  name: `Person ${id}`,
  email: `${id}@example.org`,
  ticketType: 'General',
  status: 'confirmed' as const,
  paymentStatus: 'free' as const,
  checkedIn: false,
  checkedInAt: null,
  checkedInBy: null,
});
const list: DoorListReply = { success: true, event: { id: 'E1', title: 'Night', date: '2026-06-10', location: 'Lodge' }, generatedAt: '2026-06-10T00:00:00Z', attendees: [entry('A'), entry('B')] };
const queued = (ticketId: string, at: string): QueuedCheckIn => ({ ticketId, eventId: 'E1', checkedInAt: at, name: ticketId });

describe('offline door', () => {
  beforeEach(() => clearDeviceData());

  it('keeps the door list on the device and forgets it at logout', async () => {
    await saveDoorList(list);
    expect((await loadDoorList('E1'))?.attendees).toHaveLength(2);
    await enqueueCheckIn(queued('A', '2026-06-10T18:00:00Z'));
    await clearDeviceData();
    expect(await loadDoorList('E1')).toBeNull();
    expect(await pendingCheckIns()).toEqual([]);
  });

  it('queues each ticket once, in order, and shows queued ones as checked in', async () => {
    expect(await enqueueCheckIn(queued('B', '2026-06-10T18:00:00Z'))).toBe(1);
    expect(await enqueueCheckIn(queued('A', '2026-06-10T18:01:00Z'))).toBe(2);
    expect(await enqueueCheckIn(queued('B', '2026-06-10T18:02:00Z'))).toBe(2);
    const applied = withQueued(list, await pendingCheckIns(), 'door@example.org');
    expect(applied.attendees.map((a) => [a.id, a.checkedIn, a.checkedInAt])).toEqual([
      ['A', true, '2026-06-10T18:01:00Z'],
      ['B', true, '2026-06-10T18:00:00Z'],
    ]);
  });

  it('sends in order, reports refusals and keeps what could not be sent', async () => {
    await enqueueCheckIn(queued('A', '1'));
    await enqueueCheckIn(queued('B', '2'));
    await enqueueCheckIn(queued('C', '3'));
    const seen: string[] = [];
    const result = await syncQueue(async (item) => {
      seen.push(item.ticketId);
      if (item.ticketId === 'A') return { kind: 'sent' };
      if (item.ticketId === 'B')
        return { kind: 'refused', conflict: { ...item, code: 'ALREADY_CHECKED_IN', message: 'already', checkedInBy: 'other@example.org', serverCheckedInAt: '0' } };
      return { kind: 'retry' };
    });
    expect(seen).toEqual(['A', 'B', 'C']);
    expect(result).toMatchObject({ sent: 1, left: 1 });
    expect(result.conflicts.map((c) => [c.ticketId, c.checkedInBy])).toEqual([['B', 'other@example.org']]);
    expect((await pendingCheckIns()).map((q) => q.ticketId)).toEqual(['C']);
  });

  it("dates an offline check-in on the server's clock: the list's time plus what elapsed on the device", () => {
    const generatedAt = '2026-06-10T18:00:00.000Z';
    // This phone's clock is 10 minutes slow: the list arrived at 17:50 by it.
    const kept = { ...list, generatedAt, receivedAt: '2026-06-10T17:50:00.000Z' };
    expect(offlineCheckInTime(kept, Date.parse('2026-06-10T18:20:00.000Z'))).toEqual({ checkedInAt: '2026-06-10T18:30:00.000Z', listLoadedAt: generatedAt });
    // A clock that went back never dates it before the list.
    expect(offlineCheckInTime(kept, Date.parse('2026-06-10T17:00:00.000Z')).checkedInAt).toBe(generatedAt);
    // A copy kept by an older version (no arrival time): the device's clock, not before the list.
    expect(offlineCheckInTime({ ...list, generatedAt }, Date.parse('2026-06-10T18:05:00.000Z')).checkedInAt).toBe('2026-06-10T18:05:00.000Z');
    expect(offlineCheckInTime({ ...list, generatedAt }, Date.parse('2026-06-10T17:55:00.000Z')).checkedInAt).toBe(generatedAt);
  });

  it('sends a queued check-in with its time and its list; one queued by an older version without a time', () => {
    expect(queuedCheckInBody({ ...queued('A', '2026-06-10T18:30:00.000Z'), listLoadedAt: '2026-06-10T18:00:00.000Z' })).toEqual({
      eventId: 'E1',
      checkedInAt: '2026-06-10T18:30:00.000Z',
      listLoadedAt: '2026-06-10T18:00:00.000Z',
    });
    expect(queuedCheckInBody(queued('A', '2026-06-10T18:30:00.000Z'))).toEqual({ eventId: 'E1' });
  });

  it("sends the door's name a queued check-in was admitted at; a blank one not at all (issue 28 item 4)", () => {
    const item = { ...queued('A', '2026-06-10T18:30:00.000Z'), listLoadedAt: '2026-06-10T18:00:00.000Z' };
    expect(queuedCheckInBody({ ...item, door: ' Gate 2 ' })).toMatchObject({ eventId: 'E1', door: 'Gate 2' });
    expect(queuedCheckInBody({ ...item, door: '  ' })).not.toHaveProperty('door');
  });
});
