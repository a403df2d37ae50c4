import { describe, expect, it } from 'vitest';
import { decideCheckIn, decideUndo } from '../../src/checkin/rules.js';
import { toCheckedInAttendee, doorListEntryOf, toTicketView } from '../../src/checkin/ticket-view.js';
import { CHECKIN_MESSAGES, CLOCK_SKEW_MS, OFFLINE_CHECKIN_MAX_AGE_MS, checkInTimeRefusal, doorEventRefusal } from '../../src/shared/checkin-model.js';
import { CHECKIN_EVENT_WINDOW_MS } from '../../src/shared/constants.js';
import type { EventRecord } from '../../src/shared/events-model.js';
import { RSVP_MESSAGES, type RsvpRecord } from '../../src/shared/rsvps-model.js';
import { rsvpRecord } from '../mail/helpers.js';

const NOW = new Date('2026-12-06T02:10:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const HOUR = 60 * 60_000;
const DOOR = 'door@example.org';

const rsvp: RsvpRecord = {
  id: 'Tk7Qm2Xb9LpV4sWcQ1a2Zw',
  ...rsvpRecord('ev1', { name: 'Ada Lovelace', email: 'ada@example.org', address: '1 Canyon Rd', city: 'Springdale', state: 'UT', zipCode: '84767' }),
};
const event = { id: 'ev1', title: 'Stargazing', date: '2026-12-06T02:30:00.000Z', location: 'Kolob', customUrl: 'stars', isActive: true, isArchived: false } as EventRecord;
/** The door's request for the ticket's own event, online (no time of its own). */
const door = { by: DOOR, now: NOW, eventId: 'ev1' };
/** An offline check-in: admitted at `checkedInAt` against a list loaded at `listLoadedAt`. */
const offline = (checkedInAt: string, listLoadedAt = at(-2 * HOUR)) => ({ ...door, checkedInAt, listLoadedAt });

describe('decideCheckIn', () => {
  const admitted = (checkedInAt: string) => ({ ok: true, value: { checkedInAt, checkedInBy: DOOR, checkInRecordedAt: NOW.toISOString() } });

  it('admits a confirmed free or paid ticket at the server time, by the signed-in user', () => {
    expect(decideCheckIn(rsvp, event, door)).toEqual(admitted(NOW.toISOString()));
    expect(decideCheckIn({ ...rsvp, paymentStatus: 'paid' }, event, door)).toEqual(admitted(NOW.toISOString()));
  });

  it('refuses an unknown ticket, or one whose event is gone: 404 TICKET_NOT_FOUND', () => {
    const notFound = { ok: false, code: 'TICKET_NOT_FOUND', message: RSVP_MESSAGES.ticketNotFound, kind: 'not-found' };
    expect(decideCheckIn(null, event, door)).toEqual(notFound);
    expect(decideCheckIn(rsvp, null, door)).toEqual(notFound);
  });

  it.each([
    ['already checked in', { checkedIn: true, checkedInAt: at(-60_000), checkedInBy: 'other@example.org' }, 'ALREADY_CHECKED_IN', CHECKIN_MESSAGES.alreadyCheckedIn],
    ['cancelled', { status: 'cancelled' }, 'TICKET_CANCELLED', CHECKIN_MESSAGES.cancelled],
    ['released', { status: 'released', paymentStatus: 'failed' }, 'TICKET_CANCELLED', CHECKIN_MESSAGES.cancelled],
    ['unpaid hold', { status: 'pending_payment', paymentStatus: 'pending' }, 'PAYMENT_INCOMPLETE', CHECKIN_MESSAGES.paymentIncomplete],
    ['confirmed, payment failed', { paymentStatus: 'failed' }, 'PAYMENT_INCOMPLETE', CHECKIN_MESSAGES.paymentIncomplete],
    ['refunded', { paymentStatus: 'refunded' }, 'PAYMENT_INCOMPLETE', CHECKIN_MESSAGES.paymentIncomplete],
  ] as const)('refuses a ticket that is %s: 409 %s', (_label, change, code, message) => {
    expect(decideCheckIn({ ...rsvp, ...change }, event, door)).toEqual({ ok: false, code, message, kind: 'conflict' });
  });

  it("refuses a ticket of another event, naming the ticket's event: 409 WRONG_EVENT", () => {
    expect(decideCheckIn(rsvp, event, { ...door, eventId: 'ev2' })).toEqual({
      ok: false,
      code: 'WRONG_EVENT',
      message: 'This ticket is for another event: Stargazing',
      kind: 'conflict',
    });
    // Before anything else: an already checked-in ticket of another event says it is another event's.
    expect(decideCheckIn({ ...rsvp, checkedIn: true }, { ...event, isArchived: true }, { ...door, eventId: 'ev2' })).toMatchObject({ code: 'WRONG_EVENT' });
  });

  it.each([
    ['archived', { isArchived: true }, 'CHECKIN_EVENT_ARCHIVED', CHECKIN_MESSAGES.eventArchived],
    ['archived (and inactive, as archiving leaves it)', { isArchived: true, isActive: false }, 'CHECKIN_EVENT_ARCHIVED', CHECKIN_MESSAGES.eventArchived],
    ['deactivated', { isActive: false }, 'CHECKIN_EVENT_INACTIVE', CHECKIN_MESSAGES.eventInactive],
    ['of 2020', { date: '2020-06-01T01:00:00.000Z' }, 'CHECKIN_CLOSED', CHECKIN_MESSAGES.checkInClosed],
    ['dated 24 h and a minute ago', { date: at(-CHECKIN_EVENT_WINDOW_MS - 60_000) }, 'CHECKIN_CLOSED', CHECKIN_MESSAGES.checkInClosed],
  ] as const)('refuses a ticket whose event is %s: 409 %s', (_label, change, code, message) => {
    expect(decideCheckIn(rsvp, { ...event, ...change }, door)).toEqual({ ok: false, code, message, kind: 'conflict' });
  });

  it('admits for an event starting later tonight, next month, or that started 3 h (or just under 24 h) ago', () => {
    for (const date of [at(6 * HOUR), at(30 * 24 * HOUR), at(-3 * HOUR), at(-CHECKIN_EVENT_WINDOW_MS + 60_000)]) {
      expect(decideCheckIn(rsvp, { ...event, date }, door), date).toEqual(admitted(NOW.toISOString()));
    }
  });

  it("records a queued offline check-in's own time when it is believable", () => {
    for (const kept of [at(-HOUR), at(-2 * HOUR), at(-2 * HOUR - CLOCK_SKEW_MS), at(CLOCK_SKEW_MS), at(0)]) {
      expect(decideCheckIn(rsvp, event, offline(kept)), kept).toEqual(admitted(kept));
    }
    expect(decideCheckIn(rsvp, event, offline(at(-OFFLINE_CHECKIN_MAX_AGE_MS), at(-OFFLINE_CHECKIN_MAX_AGE_MS)))).toEqual(admitted(at(-OFFLINE_CHECKIN_MAX_AGE_MS)));
  });

  it.each([
    ['in the future beyond the clock skew', offline(at(CLOCK_SKEW_MS + 1)), 'CHECKIN_TIME_IN_FUTURE', CHECKIN_MESSAGES.timeInFuture],
    ['an hour in the future', offline(at(HOUR)), 'CHECKIN_TIME_IN_FUTURE', CHECKIN_MESSAGES.timeInFuture],
    ['backdated 47 h (with a list "loaded" before it)', offline(at(-47 * HOUR), at(-48 * HOUR)), 'CHECKIN_TIME_TOO_OLD', CHECKIN_MESSAGES.timeTooOld],
    ['24 h and a second old', offline(at(-OFFLINE_CHECKIN_MAX_AGE_MS - 1000), at(-30 * HOUR)), 'CHECKIN_TIME_TOO_OLD', CHECKIN_MESSAGES.timeTooOld],
    ['before the device loaded its list', offline(at(-3 * HOUR), at(-2 * HOUR)), 'CHECKIN_TIME_BEFORE_LIST', CHECKIN_MESSAGES.timeBeforeList],
    ['just beyond the skew before the list', offline(at(-2 * HOUR - CLOCK_SKEW_MS - 1)), 'CHECKIN_TIME_BEFORE_LIST', CHECKIN_MESSAGES.timeBeforeList],
  ] as const)('refuses an offline check-in dated %s: 400 %s at checkedInAt, recording nothing', (_label, request, code, message) => {
    expect(decideCheckIn(rsvp, event, request)).toEqual({ ok: false, code, message, kind: 'invalid', field: 'checkedInAt' });
  });

  it('judges the event at the time of an offline check-in: admitted within its 24 h, synced after them', () => {
    const started = { ...event, date: at(-25 * HOUR) };
    expect(decideCheckIn(rsvp, started, offline(at(-2 * HOUR)))).toEqual(admitted(at(-2 * HOUR)));
    expect(decideCheckIn(rsvp, started, door)).toMatchObject({ code: 'CHECKIN_CLOSED' });
  });

  it('records the door time as a UTC ISO instant whatever offset it came with', () => {
    expect(decideCheckIn(rsvp, event, offline('2026-12-05T18:00:00-07:00'))).toEqual(admitted('2026-12-06T01:00:00.000Z'));
  });
});

describe('the shared door rules', () => {
  it('doorEventRefusal: the event select and the API agree', () => {
    expect(doorEventRefusal(event, NOW)).toBeNull();
    expect(doorEventRefusal({ ...event, date: 'not a date' }, NOW)).toBe('CHECKIN_CLOSED');
  });

  it('checkInTimeRefusal: none claimed is the server time; an unreadable one is refused', () => {
    expect(checkInTimeRefusal({}, NOW)).toBeNull();
    expect(checkInTimeRefusal({ checkedInAt: 'yesterday', listLoadedAt: at(0) }, NOW)).toBe('CHECKIN_TIME_IN_FUTURE');
    expect(checkInTimeRefusal({ checkedInAt: at(0) }, NOW)).toBe('CHECKIN_TIME_BEFORE_LIST');
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
