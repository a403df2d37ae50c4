/*
 * 'Event updated' (issue 25 item 2) is the admin-editable 'eventUpdated' template since issue 26
 * item 3 (templates/notices.ts). What is left here: the sentence of what changed for a job queued
 * before the previous date and place were kept with it.
 */

/** The sentence of what changed. */
export function describeEventChanges(changes: readonly string[]): string {
  const date = changes.includes('date');
  const place = changes.includes('location');
  if (date && place) return 'The date, time and place of this event have changed.';
  if (place) return 'The place of this event has changed.';
  return 'The date and time of this event have changed.';
}
