import { ORGANISATION_TIME_ZONE } from '@shared/constants.js';
import { formatEventDateTime, formatEventTime } from './format.js';

/*
 * When something happened, as a person at the door reads it (issue 24 item 20): 'just now',
 * '2 minutes ago', 'Today at 7:05 PM MDT', 'Yesterday at 11:50 PM MDT', else the full date.
 * Days are the organisation's (the time zone every date on the site is printed in), not UTC's;
 * within the hour it reads as minutes, on either side of midnight.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let relative: Intl.RelativeTimeFormat | undefined;
let dayKey: Intl.DateTimeFormat | undefined;

/** '2026-11-28': the calendar day of `date` in the organisation's time zone. */
function dayOf(date: Date): string {
  dayKey ??= new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: ORGANISATION_TIME_ZONE });
  return dayKey.format(date);
}

type When = { kind: 'relative' | 'day' | 'date'; text: string };

function when(iso: string | null | undefined, now: Date, full: (iso: string) => string = formatEventDateTime): When | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const ago = now.getTime() - date.getTime();
  // A device clock a little ahead of the server's reads as now, not as 'in 1 minute'.
  if (ago > -MINUTE && ago < MINUTE) return { kind: 'relative', text: 'just now' };
  if (ago >= MINUTE && ago < HOUR) {
    relative ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
    return { kind: 'relative', text: relative.format(-Math.floor(ago / MINUTE), 'minute') };
  }
  const day = dayOf(date);
  if (day === dayOf(now)) return { kind: 'day', text: `Today at ${formatEventTime(iso)}` };
  // Yesterday: the organisation's day before today (24 h back lands in it, whatever the DST change).
  if (ago > 0 && day === dayOf(new Date(now.getTime() - 24 * HOUR))) return { kind: 'day', text: `Yesterday at ${formatEventTime(iso)}` };
  return { kind: 'date', text: full(iso) };
}

/**
 * `iso` relative to `now` for today and yesterday, else the full date and time (or `full`'s, for a
 * table's narrower column); '' for no time.
 */
export function formatWhen(iso: string | null | undefined, now: Date = new Date(), full?: (iso: string) => string): string {
  return when(iso, now, full)?.text ?? '';
}

/** The same inside a sentence ('Checked in …'): '2 minutes ago', 'today at 7:05 PM MST', 'on Monday, …'. */
export function whenPhrase(iso: string | null | undefined, now: Date = new Date()): string {
  const found = when(iso, now);
  if (!found) return '';
  if (found.kind === 'day') return found.text.charAt(0).toLowerCase() + found.text.slice(1);
  return found.kind === 'date' ? `on ${found.text}` : found.text;
}
