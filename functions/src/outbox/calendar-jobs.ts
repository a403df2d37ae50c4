import { collection, type Transaction } from '../store/port.js';
import type { EventChange, EventPrevious } from './outbox.js';

/*
 * Calendar fan-out jobs (issue 25 item 2), the outbox way (DESIGN §4): when an admin moves an
 * event, its update's transaction raises the event's calendarSequence and writes ONE job here
 * (never a mail per ticket: an event may have hundreds, past a transaction's write limit). The
 * scheduled work (calendar/fan-out.ts) turns the job into one mail job per active ticket, keyed by
 * (ticket, sequence), so a rerun or two workers at once create each mail once. Beside the mail
 * outbox, so events/ can queue it without depending on calendar/.
 */

export type CalendarFanoutStatus = 'pending' | 'fanning' | 'done' | 'failed' | 'skipped';

export type CalendarFanoutJob = {
  eventId: string;
  /** The event's calendarSequence this change raised it to. */
  sequence: number;
  changes: EventChange[];
  /** The date and place before the change (issue 26 item 3: the mail says 'old → new'); absent on older jobs. */
  previous?: EventPrevious;
  status: CalendarFanoutStatus;
  attempts: number;
  nextAttemptAt: string;
  createdAt: string;
  lastError: string | null;
  leaseUntil: string | null;
  leaseId: string | null;
  finishedAt: string | null;
  /** How many mail jobs the finished fan-out found queued for its tickets. */
  mails?: number;
};

export const CALENDAR_FANOUT_JOBS = collection<CalendarFanoutJob>('calendarFanoutJobs');

/** The job's key: one per event and sequence, so the same change is never fanned out twice. */
export function calendarFanoutId(eventId: string, sequence: number): string {
  return `${eventId}-${sequence}`;
}

export function queueCalendarFanout(tx: Transaction, change: { eventId: string; sequence: number; changes: EventChange[]; previous?: EventPrevious }, now: Date): string {
  const id = calendarFanoutId(change.eventId, change.sequence);
  tx.create(CALENDAR_FANOUT_JOBS, id, {
    eventId: change.eventId,
    sequence: change.sequence,
    changes: change.changes,
    ...(change.previous ? { previous: change.previous } : {}),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now.toISOString(),
    createdAt: now.toISOString(),
    lastError: null,
    leaseUntil: null,
    leaseId: null,
    finishedAt: null,
  });
  return id;
}
