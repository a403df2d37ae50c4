import { describe, expect, it } from 'vitest';
import { decideReminder, dueOffset, isActiveTicket, reminderDueAt } from '../../src/reminders/rules.js';
import { reminderSendId } from '../../src/reminders/repository.js';
import { firstNameOf, reminderCountLabel, startsInPhrase } from '../../src/shared/reminders-model.js';

const HOUR = 60 * 60_000;
const START = '2026-12-06T02:30:00.000Z';
const at = (msBeforeStart: number) => new Date(Date.parse(START) - msBeforeStart);
const event = { id: 'ev1', date: START, reminderOffsetsHours: [24, 2], isArchived: false };
const rsvp = { eventId: 'ev1', status: 'confirmed' as const, paymentStatus: 'free' as const, createdAt: at(3 * 24 * HOUR).toISOString() };
const decide = (overrides: Partial<Parameters<typeof decideReminder>[0]> = {}) =>
  decideReminder({ rsvp, event, offsetHours: 24, now: at(23 * HOUR), alreadySent: false, ...overrides });

describe('dueOffset', () => {
  it('is null before the first offset, the offset once its time has come, the nearest when several have, null from the start on', () => {
    expect(dueOffset(event, at(25 * HOUR))).toBeNull();
    expect(dueOffset(event, at(24 * HOUR))).toBe(24);
    expect(dueOffset(event, at(3 * HOUR))).toBe(24);
    expect(dueOffset(event, at(2 * HOUR))).toBe(2);
    expect(dueOffset(event, at(1))).toBe(2);
    expect(dueOffset(event, at(0))).toBeNull();
    expect(dueOffset(event, at(-HOUR))).toBeNull();
  });

  it('is null when reminders are off or the event is archived', () => {
    expect(dueOffset({ ...event, reminderOffsetsHours: [] }, at(HOUR))).toBeNull();
    expect(dueOffset({ ...event, isArchived: true }, at(HOUR))).toBeNull();
  });
});

describe('decideReminder', () => {
  it('sends a due offset to an active ticket registered before its time', () => {
    expect(decide()).toEqual({ send: true });
    expect(decide({ rsvp: { ...rsvp, paymentStatus: 'paid' } })).toEqual({ send: true });
    expect(decide({ offsetHours: 2, now: at(HOUR) })).toEqual({ send: true });
  });

  it('sends once: a send record means it went', () => {
    expect(decide({ alreadySent: true })).toEqual({ send: false, reason: 'already-sent' });
  });

  it('never to a cancelled, released, unpaid, unconfirmed or refunded registration', () => {
    for (const changed of [
      { status: 'cancelled' as const },
      { status: 'released' as const },
      { status: 'pending_payment' as const, paymentStatus: 'pending' as const },
      { status: 'pending_confirmation' as const },
      { paymentStatus: 'refunded' as const },
      { paymentStatus: 'failed' as const },
    ]) {
      expect(decide({ rsvp: { ...rsvp, ...changed } }), JSON.stringify(changed)).toEqual({ send: false, reason: 'inactive-ticket' });
    }
  });

  it('never for an offset whose time had passed when the person registered', () => {
    expect(decide({ rsvp: { ...rsvp, createdAt: at(23.5 * HOUR).toISOString() } })).toEqual({ send: false, reason: 'registered-after-due' });
    expect(decide({ rsvp: { ...rsvp, createdAt: at(24 * HOUR).toISOString() } })).toEqual({ send: false, reason: 'registered-after-due' });
    // The 2 h reminder is still theirs.
    expect(decide({ rsvp: { ...rsvp, createdAt: at(23.5 * HOUR).toISOString() }, offsetHours: 2, now: at(HOUR) })).toEqual({ send: true });
  });

  it('not before its time, not once a nearer offset is due, not after the start, not for an offset no longer set', () => {
    expect(decide({ now: at(25 * HOUR) })).toEqual({ send: false, reason: 'not-due' });
    expect(decide({ now: at(HOUR) })).toEqual({ send: false, reason: 'not-due' });
    expect(decide({ offsetHours: 2, now: at(0) })).toEqual({ send: false, reason: 'not-due' });
    expect(decide({ event: { ...event, reminderOffsetsHours: [2] } })).toEqual({ send: false, reason: 'not-due' });
    expect(decide({ event: { ...event, reminderOffsetsHours: [] } })).toEqual({ send: false, reason: 'not-due' });
  });

  it("never for another event's ticket", () => {
    expect(decide({ rsvp: { ...rsvp, eventId: 'ev2' } })).toEqual({ send: false, reason: 'other-event' });
  });

  it('a moved date gives the new start its own send records, due relative to the new start', () => {
    const later = '2026-12-13T02:30:00.000Z';
    expect(reminderSendId('r1', 24, START)).not.toBe(reminderSendId('r1', 24, later));
    expect(reminderDueAt(later, 24)).toBe(Date.parse(later) - 24 * HOUR);
    expect(decide({ event: { ...event, date: later } })).toEqual({ send: false, reason: 'not-due' });
  });
});

describe('isActiveTicket', () => {
  it('is confirmed and free or paid', () => {
    expect(isActiveTicket({ status: 'confirmed', paymentStatus: 'free' })).toBe(true);
    expect(isActiveTicket({ status: 'confirmed', paymentStatus: 'pending' })).toBe(false);
  });
});

describe('wording', () => {
  it("says the time left as a reminder does: 'in 24 hours', 'in 1 hour', minutes under an hour", () => {
    expect(startsInPhrase(24 * HOUR - 60_000)).toBe('in 24 hours');
    expect(startsInPhrase(2 * HOUR + 5 * 60_000)).toBe('in 2 hours');
    expect(startsInPhrase(HOUR)).toBe('in 1 hour');
    expect(startsInPhrase(45 * 60_000)).toBe('in 45 minutes');
    expect(startsInPhrase(10_000)).toBe('in a minute');
  });

  it('names a count and a first name', () => {
    expect(reminderCountLabel({ offsetHours: 24, sent: 38 })).toBe('24 h reminder: 38 sent');
    expect(firstNameOf('  Ada  Lovelace ')).toBe('Ada');
  });
});
