import { collection } from '../store/port.js';

/**
 * One reminder queued: the record that makes it happen once per ticket, offset and event start
 * (issue 25 item 3). Created (never set) in the same transaction as the mail job, so two sweeps
 * cannot both queue it; the id is the key.
 */
export type ReminderSend = {
  eventId: string;
  rsvpId: string;
  offsetHours: number;
  /** The event's start the reminder was for (ISO): after a date change, the new start's reminders are new records. */
  eventStart: string;
  mailJobId: string;
  queuedAt: string;
};
export const REMINDER_SENDS = collection<ReminderSend>('reminderSends');

/**
 * A sweep of one event's offset (for one start) that has nothing left to send and no hold left
 * that could still become an active ticket: later sweeps skip it without reading its tickets.
 */
export type ReminderRun = { eventId: string; offsetHours: number; eventStart: string; completedAt: string };
export const REMINDER_RUNS = collection<ReminderRun>('reminderRuns');

/** The start as an id part: milliseconds since the epoch. */
function startKey(eventStart: string): string {
  return String(Date.parse(eventStart));
}

/** `~` never occurs in ids (base64url), so the parts cannot run into each other. */
export function reminderSendId(rsvpId: string, offsetHours: number, eventStart: string): string {
  return `${rsvpId}~${offsetHours}h~${startKey(eventStart)}`;
}

export function reminderRunId(eventId: string, offsetHours: number, eventStart: string): string {
  return `${eventId}~${offsetHours}h~${startKey(eventStart)}`;
}
