import { EVENT_EXCERPT_LENGTH, ORGANISATION_TIME_ZONE } from '@shared/constants.js';
import { isPubliclyListed, lowestPrice, type EventRecord } from '@shared/events-model.js';
import { formatPrice } from '@shared/payments-model.js';

export const DEFAULT_EXCERPT = 'Join us for this exciting event!';
export const DEFAULT_EVENT_DESCRIPTION =
  'More details about this event will follow. Join us to learn, explore and help protect the Zion region.';
export const DATE_TO_BE_ANNOUNCED = 'Date to be announced';

/** The card text: the description cut to 150 characters plus '...', or the default line. */
export function eventExcerpt(description: string | null | undefined, limit: number = EVENT_EXCERPT_LENGTH): string {
  const text = (description ?? '').trim();
  if (!text) return DEFAULT_EXCERPT;
  const chars = Array.from(text);
  return chars.length > limit ? `${chars.slice(0, limit).join('')}...` : text;
}

/** 'From $x.xx' when the event requires payment and has prices, else null. */
export function fromPriceText(event: Pick<EventRecord, 'requiresPayment' | 'ticketPrices' | 'ticketTypes'>): string | null {
  if (!event.requiresPayment) return null;
  const lowest = lowestPrice(event);
  return lowest === null ? null : `From ${formatPrice(lowest)}`;
}

/** The ticket types with their prices, in the event's order (types without a price are left out). */
export function ticketPriceList(event: Pick<EventRecord, 'ticketPrices' | 'ticketTypes'>): { type: string; price: string }[] {
  return event.ticketTypes
    .filter((type) => typeof event.ticketPrices[type] === 'number' && Number.isFinite(event.ticketPrices[type]))
    .map((type) => ({ type, price: formatPrice(event.ticketPrices[type]) }));
}

/** 'n / max registered' when the event has a maximum, else null. */
export function registeredText(event: Pick<EventRecord, 'attendeeCount' | 'maxAttendees'>): string | null {
  if (event.maxAttendees === null || event.maxAttendees === undefined) return null;
  return `${event.attendeeCount ?? 0} / ${event.maxAttendees} registered`;
}

/**
 * A formatter in the organisation's time zone, made on its first use. The first one a page makes
 * loads the browser's date and time-zone data (about 10 ms, four times that on a slowed phone
 * CPU): made when this module loads, that cost sat in the app's script evaluation, ahead of every
 * page's first screen, though the landing page's shows no date.
 */
function zoned(options: Intl.DateTimeFormatOptions): Pick<Intl.DateTimeFormat, 'format'> {
  let made: Intl.DateTimeFormat | undefined;
  return { format: (date) => (made ??= new Intl.DateTimeFormat('en-US', { ...options, timeZone: ORGANISATION_TIME_ZONE })).format(date) };
}

const monthFormat = zoned({ month: 'short' });
const dayFormat = zoned({ day: 'numeric' });
const longDateFormat = zoned({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const timeFormat = zoned({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
const bareTimeFormat = zoned({ hour: 'numeric', minute: '2-digit' });
const dayKeyFormat = zoned({ year: 'numeric', month: '2-digit', day: '2-digit' });

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The month and day for the date badge, in the organisation's time zone. */
export function dateBadge(iso: string): { month: string; day: string } | null {
  const date = parse(iso);
  if (!date) return null;
  return { month: monthFormat.format(date).toUpperCase(), day: dayFormat.format(date) };
}

/** 'Saturday, June 14, 2025' in the organisation's time zone. */
export function formatEventDate(iso: string): string {
  const date = parse(iso);
  return date ? longDateFormat.format(date) : DATE_TO_BE_ANNOUNCED;
}

/** '7:30 PM MDT' in the organisation's time zone. */
export function formatEventTime(iso: string): string {
  const date = parse(iso);
  return date ? timeFormat.format(date) : '';
}

/** 'Saturday, June 14, 2025 at 7:30 PM MDT'. */
export function formatEventDateTime(iso: string): string {
  const date = parse(iso);
  return date ? `${longDateFormat.format(date)} at ${timeFormat.format(date)}` : DATE_TO_BE_ANNOUNCED;
}

/**
 * The date and time lines of an event with an optional end (issue 26 item 4), in the organisation's
 * time zone. No end: as before. Same day: '7:30 PM – 9:30 PM MST'. Across days: both dates.
 */
export function eventWhen(start: string, end?: string | null): { date: string; time: string; dateTime: string } {
  const from = parse(start);
  const to = end ? parse(end) : null;
  if (!from || !to || to <= from) return { date: formatEventDate(start), time: formatEventTime(start), dateTime: formatEventDateTime(start) };
  const date = longDateFormat.format(from);
  if (dayKeyFormat.format(from) === dayKeyFormat.format(to)) {
    const time = `${bareTimeFormat.format(from)} – ${timeFormat.format(to)}`;
    return { date, time, dateTime: `${date}, ${time}` };
  }
  const endDate = longDateFormat.format(to);
  return {
    date: `${date} – ${endDate}`,
    time: `${timeFormat.format(from)} – ${timeFormat.format(to)}`,
    dateTime: `${date} at ${timeFormat.format(from)} – ${endDate} at ${timeFormat.format(to)}`,
  };
}

/** Events shown on the public list: active and not archived. */
export function visibleEvents<T extends Pick<EventRecord, 'isActive' | 'isArchived'>>(events: T[]): T[] {
  return events.filter(isPubliclyListed);
}
