import { describe, expect, it } from 'vitest';
import { admissionTime, decideCheckIn, decideUndo } from '../../src/checkin/rules.js';
import { toCheckedInAttendee, doorListEntryOf, toTicketView } from '../../src/checkin/ticket-view.js';
import { CHECKIN_MESSAGES, CLOCK_SKEW_MS, OFFLINE_CHECKIN_MAX_AGE_MS } from '../../src/shared/checkin-model.js';
import type { EventRecord } from '../../src/shared/events-model.js';
import { RSVP_MESSAGES, type RsvpRecord } from '../../src/shared/rsvps-model.js';
import { rsvpRecord } from '../mail/helpers.js';

const NOW = new Date('2026-12-06T02:10:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const DOOR = 'door@example.org';

const rsvp: RsvpRecord = {
  id: 'Tk7Qm2Xb9LpV4sWcQ1a2Zw',
  ...rsvpRecord('ev1', { name: 'Ada Lovelace', email: 'ada@example.org', address: '1 Canyon Rd', city: 'Springdale', state: 'UT', zipCode: '84767' }),
};
const event = { id: 'ev1', title: 'Stargazing', date: '2026-12-06T02:30:00.000Z', location: 'Kolob', customUrl: 'stars' } as EventRecord;

describe('decideCheckIn', () => {
  const admitted = (checkedInAt: string) => ({ ok: true, value: { checkedInAt, checkedInBy: DOOR, checkInRecordedAt: NOW.toISOString() } });

  it('admits a confirmed free or paid ticket at the server time, by the signed-in user', () => {
    expect(decideCheckIn(rsvp, event, { by: DOOR, now: NOW })).toEqual(admitted(NOW.toISOString()));
    expect(decideCheckIn({ ...rsvp, paymentStatus: 'paid' }, event, { by: DOOR, now: NOW, eventId: 'ev1' })).toEqual(admitted(NOW.toISOString()));
  });

  it('refuses an unknown ticket, or one whose event is gone: 404 TICKET_NOT_FOUND', () => {
    const notFound = { ok: false, code: 'TICKET_NOT_FOUND', message: RSVP_MESSAGES.ticketNotFound, kind: 'not-found' };
    expect(decideCheckIn(null, event, { by: DOOR, now: NOW })).toEqual(notFound);
    expect(decideCheckIn(rsvp, null, { by: DOOR, now: NOW })).toEqual(notFound);
  });

  it.each([
    ['already checked in', { checkedIn: true, checkedInAt: at(-60_000), checkedInBy: 'other@example.org' }, 'ALREADY_CHECKED_IN', CHECKIN_MESSAGES.alreadyCheckedIn],
    ['cancelled', { status: 'cancelled' }, 'TICKET_CANCELLED', CHECKIN_MESSAGES.cancelled],
    ['released', { status: 'released', paymentStatus: 'failed' }, 'TICKET_CANCELLED', CHECKIN_MESSAGES.cancelled],
    ['unpaid hold', { status: 'pending_payment', paymentStatus: 'pending' }, 'PAYMENT_INCOMPLETE', CHECKIN_MESSAGES.paymentIncomplete],
    ['confirmed, payment failed', { paymentStatus: 'failed' }, 'PAYMENT_INCOMPLETE', CHECKIN_MESSAGES.paymentIncomplete],
    ['refunded', { paymentStatus: 'refunded' }, 'PAYMENT_INCOMPLETE', CHECKIN_MESSAGES.paymentIncomplete],
  ] as const)('refuses a ticket that is %s: 409 %s', (_label, change, code, message) => {
    expect(decideCheckIn({ ...rsvp, ...change }, event, { by: DOOR, now: NOW })).toEqual({ ok: false, code, message, kind: 'conflict' });
  });

  it('refuses a ticket of another event when the door names its event: 409 WRONG_EVENT', () => {
    expect(decideCheckIn(rsvp, event, { by: DOOR, now: NOW, eventId: 'ev2' })).toEqual({
      ok: false,
      code: 'WRONG_EVENT',
      message: CHECKIN_MESSAGES.wrongEvent,
      kind: 'conflict',
    });
  });

  it('keeps a queued check-in’s own time inside the window, else takes the server time', () => {
    for (const kept of [at(-60 * 60_000), at(-OFFLINE_CHECKIN_MAX_AGE_MS), at(CLOCK_SKEW_MS), at(0)]) {
      expect(decideCheckIn(rsvp, event, { by: DOOR, now: NOW, checkedInAt: kept })).toEqual(admitted(kept));
    }
    for (const replaced of [at(-OFFLINE_CHECKIN_MAX_AGE_MS - 1), at(CLOCK_SKEW_MS + 1), 'not a date']) {
      expect(decideCheckIn(rsvp, event, { by: DOOR, now: NOW, checkedInAt: replaced })).toEqual(admitted(NOW.toISOString()));
    }
  });

  it('records the door time as a UTC ISO instant whatever offset it came with', () => {
    expect(admissionTime('2026-12-05T18:00:00-07:00', NOW)).toBe('2026-12-06T01:00:00.000Z');
  });
});

describe('decideUndo', () => {
  it('undoes a check-in, recording who and when', () => {
    expect(decideUndo({ ...rsvp, checkedIn: true, checkedInAt: at(-1000), checkedInBy: DOOR }, { by: 'admin@example.org', now: NOW })).toEqual({
      ok: true,
      value: { checkInUndoneBy: 'admin@example.org', checkInUndoneAt: NOW.toISOString() },
    });
  });

  it('refuses a ticket that is not checked in (409 NOT_CHECKED_IN) or unknown (404)', () => {
    expect(decideUndo(rsvp, { by: 'admin@example.org', now: NOW })).toEqual({
      ok: false,
      code: 'NOT_CHECKED_IN',
      message: CHECKIN_MESSAGES.notCheckedIn,
      kind: 'conflict',
    });
    expect(decideUndo(null, { by: 'admin@example.org', now: NOW })).toMatchObject({ ok: false, code: 'TICKET_NOT_FOUND', kind: 'not-found' });
  });
});

describe('allowlist mappers', () => {
  const stored = { ...rsvp, checkedIn: true, checkedInAt: at(0), checkedInBy: DOOR, checkInUndoneBy: 'x', internalNote: 'secret' } as RsvpRecord;

  it('the ticket view, the checked-in line and the door entry list their fields only', () => {
    expect(Object.keys(toTicketView(stored, { ...event, internal: 1 } as EventRecord)).sort()).toEqual(
      ['attendee', 'checkedIn', 'checkedInAt', 'checkedInBy', 'event', 'id'].sort(),
    );
    expect(toCheckedInAttendee(stored)).toEqual({ id: rsvp.id, name: 'Ada Lovelace', email: 'ada@example.org', ticketType: 'General', checkedInAt: at(0), checkedInBy: DOOR });
    expect(doorListEntryOf(stored)).toEqual({
      id: rsvp.id,
      eventId: 'ev1',
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      ticketType: 'General',
      status: 'confirmed',
      paymentStatus: 'free',
      checkedIn: true,
      checkedInAt: at(0),
      checkedInBy: DOOR,
    });
  });
});
