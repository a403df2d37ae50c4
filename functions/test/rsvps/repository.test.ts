import { afterAll, describe, expect, it } from 'vitest';
import { EVENTS } from '../../src/events/repository.js';
import {
  RSVPS,
  cancelRsvp,
  checkIn,
  undoCheckIn,
  readRsvpWithEvent,
  readRsvpWithSeat,
  releaseHold,
  toRsvpView,
} from '../../src/rsvps/repository.js';
import type { Transaction } from '../../src/store/port.js';
import { seedRsvp, tempStore } from '../mail/helpers.js';
import { seatsTakenOf } from '../support/seats.js';

const { store, close } = tempStore();
afterAll(close);

const NOW = new Date('2026-12-06T02:10:00.000Z');

describe('checkIn and undoCheckIn', () => {
  const stamp = { checkedInAt: NOW.toISOString(), checkedInBy: 'door@example.org', checkInRecordedAt: NOW.toISOString() };

  it('records the admission, then its undo; the undo keeps who and when', async () => {
    const { rsvpId } = await seedRsvp(store);
    const admitted = await store.runTransaction(async (tx) => checkIn(tx, (await readRsvpWithEvent(tx, rsvpId)).rsvp!, stamp));
    expect(admitted.data).toMatchObject({ checkedIn: true, ...stamp });
    expect((await store.get(RSVPS, rsvpId))?.data).toEqual(admitted.data);

    const undo = { checkInUndoneBy: 'admin@example.org', checkInUndoneAt: '2026-12-06T02:20:00.000Z' };
    const undone = await store.runTransaction(async (tx) => undoCheckIn(tx, (await readRsvpWithEvent(tx, rsvpId)).rsvp!, undo));
    expect(undone.data).toMatchObject({ checkedIn: false, checkedInAt: null, checkedInBy: null, checkInRecordedAt: null, ...undo });
    expect((await store.get(RSVPS, rsvpId))?.data).toEqual(undone.data);
    expect(toRsvpView(undone)).not.toHaveProperty('checkInUndoneBy');
  });
});

describe('seat transitions', () => {
  it('cancel gives the seat back once; a second cancel is refused', async () => {
    const { rsvpId, eventId } = await seedRsvp(store, { event: { attendeeCount: 3 } });
    const cancel = (tx: Transaction) => readRsvpWithSeat(tx, rsvpId).then((read) => cancelRsvp(tx, read, new Date()));
    await store.runTransaction(cancel);
    expect(await seatsTakenOf(store, eventId)).toBe(2);
    expect((await store.get(RSVPS, rsvpId))?.data).toMatchObject({ status: 'cancelled' });
    await expect(store.runTransaction(cancel)).rejects.toMatchObject({ kind: 'not-found' });
    expect(await seatsTakenOf(store, eventId)).toBe(2);
  });

  it('release only frees a hold that has run out', async () => {
    const holdExpiresAt = '2026-12-06T02:00:00.000Z';
    const { rsvpId, eventId } = await seedRsvp(store, { event: { attendeeCount: 1 }, rsvp: { status: 'pending_payment', paymentStatus: 'pending', holdExpiresAt } });
    const release = (at: string) =>
      store.runTransaction(async (tx) => {
        const { rsvp, seat } = await readRsvpWithSeat(tx, rsvpId);
        return releaseHold(tx, rsvp!, seat, at);
      });
    expect(await release('2026-12-06T01:59:59.000Z')).toBe(false);
    expect(await release(holdExpiresAt)).toBe(true);
    expect(await release(holdExpiresAt)).toBe(false);
    expect(await seatsTakenOf(store, eventId)).toBe(0);
  });
});

describe('toRsvpView', () => {
  it('lists the record fields only: a stray stored field never reaches a reply', async () => {
    const { rsvpId } = await seedRsvp(store);
    const doc = (await store.get(RSVPS, rsvpId))!;
    const view = toRsvpView({ id: doc.id, data: { ...doc.data, internalNote: 'secret' } as typeof doc.data });
    expect(view).not.toHaveProperty('internalNote');
    expect(view).toEqual({ ...doc.data, id: rsvpId });
  });
});

describe('typed collections', () => {
  it('an update accepts only the fields of the collection’s documents', () => {
    const compileOnly = (tx: Transaction) => {
      tx.update(RSVPS, 'x', { checkedIn: true });
      // @ts-expect-error: a misspelt field does not compile
      tx.update(RSVPS, 'x', { chekedIn: true });
      // @ts-expect-error: nor does a value of the wrong type
      tx.update(EVENTS, 'x', { attendeeCount: '5' });
    };
    expect(compileOnly).toBeTypeOf('function');
  });
});
