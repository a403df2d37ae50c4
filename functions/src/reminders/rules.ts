/**
 * Who gets which reminder, when (issue 25 item 3): plain rules, every outcome unit-tested
 * (rules.test.ts), like decideCheckIn. The sweep (service.ts) reads the documents and applies
 * `decideReminder` inside the transaction that writes the send record and the mail job.
 */
import type { EventRecord } from '../shared/events-model.js';
import type { RsvpRecord } from '../shared/rsvps-model.js';

const HOUR_MS = 60 * 60 * 1000;

/** The instant an offset's reminder falls due: `offsetHours` before the start (ms since the epoch). */
export function reminderDueAt(eventStart: string, offsetHours: number): number {
  return Date.parse(eventStart) - offsetHours * HOUR_MS;
}

/**
 * The one offset whose reminder is to go out now, or null: the event has not started and the
 * offset's time has come. When several have come (a sweep ran late, or the admin moved the date
 * nearer), only the nearest to the start is sent: two reminders at once, one saying 'in 24 hours'
 * on the morning of the event, would be noise.
 */
export function dueOffset(event: Pick<EventRecord, 'date' | 'reminderOffsetsHours' | 'isArchived'>, now: Date): number | null {
  const start = Date.parse(event.date);
  if (event.isArchived || !Number.isFinite(start) || now.getTime() >= start) return null;
  const due = event.reminderOffsetsHours.filter((hours) => reminderDueAt(event.date, hours) <= now.getTime());
  return due.length ? Math.min(...due) : null;
}

/** An active ticket: confirmed, and free or paid (not cancelled, released, unpaid, awaiting its e-mail confirmation, refunded). */
export function isActiveTicket(rsvp: Pick<RsvpRecord, 'status' | 'paymentStatus'>): boolean {
  return rsvp.status === 'confirmed' && (rsvp.paymentStatus === 'free' || rsvp.paymentStatus === 'paid');
}

export type ReminderDecision =
  | { send: true }
  | { send: false; reason: 'already-sent' | 'not-due' | 'inactive-ticket' | 'registered-after-due' | 'other-event' };

/**
 * Whether this ticket gets the reminder of `offsetHours` for the event's current start now.
 * - once: a send record of (ticket, offset, start) means it went (`alreadySent`);
 * - only the offset `dueOffset` names (which is also 'the event has not started' and 'the offset is still set');
 * - only an active ticket;
 * - never for an offset whose time had passed when the person registered (`createdAt`; a paid or
 *   e-mail-confirmed ticket was registered at most 30 minutes before it became active, so its
 *   registration time stands for both).
 */
export function decideReminder(input: {
  rsvp: Pick<RsvpRecord, 'eventId' | 'status' | 'paymentStatus' | 'createdAt'>;
  event: Pick<EventRecord, 'id' | 'date' | 'reminderOffsetsHours' | 'isArchived'>;
  offsetHours: number;
  now: Date;
  alreadySent: boolean;
}): ReminderDecision {
  const { rsvp, event, offsetHours, now, alreadySent } = input;
  if (rsvp.eventId !== event.id) return { send: false, reason: 'other-event' };
  if (alreadySent) return { send: false, reason: 'already-sent' };
  if (dueOffset(event, now) !== offsetHours) return { send: false, reason: 'not-due' };
  if (!isActiveTicket(rsvp)) return { send: false, reason: 'inactive-ticket' };
  if (!(Date.parse(rsvp.createdAt) < reminderDueAt(event.date, offsetHours))) return { send: false, reason: 'registered-after-due' };
  return { send: true };
}
