/**
 * Reminder e-mails (issue 25 item 3) without zod: what the admin screens show of them, the
 * wording of 'how long until the start', and the reply of the counts call. No zod: the
 * dashboard imports it; the offsets themselves are an event field (events-model.ts), declared
 * here so the public pages, which load events-model.ts, do not carry the event form's rules.
 */

/** Reminders of a new event, and of events stored before reminders existed: the day before and two hours before. */
export const DEFAULT_REMINDER_OFFSETS_HOURS: readonly number[] = [24, 2];
/** What the reminder offsets may be: whole hours from 1 to 30 days, at most 5 of them. */
export const REMINDER_OFFSET_LIMITS = { minHours: 1, maxHours: 720, maxCount: 5 } as const;
export const REMINDER_OFFSET_MESSAGES = {
  hours: `Reminders are whole numbers of hours from ${REMINDER_OFFSET_LIMITS.minHours} to ${REMINDER_OFFSET_LIMITS.maxHours}`,
  tooMany: `At most ${REMINDER_OFFSET_LIMITS.maxCount} reminders per event`,
  duplicate: 'Each reminder must be a different number of hours',
} as const;

/** One reminder offset of an event and how many reminders were queued for it (for the event's current date). */
export interface ReminderCount {
  offsetHours: number;
  sent: number;
}

/** GET /events/{id}/reminders (admins and staff): the counts per offset of the event's current date, largest offset first. */
export interface ReminderCountsReply {
  success: true;
  eventId: string;
  /** The start the counts are for: a reminder sent before the date was moved counts for the old date only. */
  eventStart: string;
  counts: ReminderCount[];
}

/** How the dashboard names one offset's count: '24 h reminder: 38 sent'. */
export function reminderCountLabel({ offsetHours, sent }: ReminderCount): string {
  return `${offsetHours} h reminder: ${sent} sent`;
}

export const REMINDER_TEXT = {
  heading: 'Reminders',
  off: 'Reminders are off for this event.',
  loadFailed: 'Could not load the reminder counts.',
} as const;

/**
 * How long until the start, as a reminder says it: 'in 24 hours', 'in 1 hour', 'in 45 minutes'.
 * Rounded to the nearest hour from an hour on (a reminder composed a minute after its time still
 * says 'in 24 hours'); the real time left, so a late or moved reminder never says the wrong one.
 */
export function startsInPhrase(msUntilStart: number): string {
  const minutes = Math.max(0, Math.round(msUntilStart / 60_000));
  if (minutes >= 60) {
    const hours = Math.round(minutes / 60);
    return `in ${hours} hour${hours === 1 ? '' : 's'}`;
  }
  if (minutes <= 1) return 'in a minute';
  return `in ${minutes} minutes`;
}

/** The first word of a name, for 'Hi Alex,'; the whole (trimmed) name when it has one word. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
