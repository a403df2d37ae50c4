/**
 * Events without zod: the record the API returns, the rules the public site needs
 * (display status, lowest price, page path, reserved slugs), and the event form's
 * limits. events.ts builds the validators from these.
 */
import { DEFAULT_TICKET_TYPE, RESERVED_SLUGS } from './constants.js';

/** An event as the API returns it. */
export interface EventRecord {
  id: string;
  title: string;
  description: string;
  /** ISO instant (UTC). */
  date: string;
  /** When it ends, an ISO instant after `date` (issue 26 item 4); null: no end set, calendars use their default length. */
  endDate: string | null;
  /**
   * When registration closes, an ISO instant at or before `date` (issue 26 item 4); null: at the start,
   * as before the setting. A hold taken before it may still be paid within its window.
   */
  registrationClosesAt: string | null;
  location: string;
  maxAttendees: number | null;
  ticketTypes: string[];
  /** Dollars per ticket type. */
  ticketPrices: Record<string, number>;
  /**
   * Seats per ticket type inside maxAttendees (issue 26 item 4), by type name; a type left out is
   * bounded by the total alone. The API always answers it ({} on events stored before quotas); optional
   * so records built elsewhere need not name it. Not public: visitors get `ticketsLeft`.
   */
  ticketQuotas?: Record<string, number>;
  requiresPayment: boolean;
  eventType: 'free' | 'paid';
  eventImage: string;
  mailchimpAudienceId: string;
  mailchimpTags: string[];
  tags: string[];
  isActive: boolean;
  isArchived: boolean;
  eventStatus: 'active' | 'inactive' | 'archived';
  generateTickets: boolean;
  rsvpOnlyMode: boolean;
  allowAdditionalInfo: boolean;
  customUrl: string;
  /** Registrations holding a seat that one e-mail address may have for this event (issue 12). */
  maxRegistrationsPerEmail: number;
  /**
   * 'Confirm by e-mail' (issue 23): a registration holds its seat for CONFIRMATION_HOLD_MS until
   * the link e-mailed to it is opened. Free events only; a new free event with a capacity has it on.
   */
  confirmByEmail: boolean;
  /**
   * Hours before the start at which each active ticket gets a reminder e-mail (issue 25 item 3),
   * largest first; empty: no reminders. Not public.
   */
  reminderOffsetsHours: number[];
  /**
   * A paid ticket its attendee cancels (issue 25 item 4) is refunded in full until this many hours
   * before the start, then not at all; null: never. Kept on each ticket when it is paid. Not public.
   */
  refundUntilHoursBefore: number | null;
  /**
   * How many hours a waitlist offer holds its seats (issue 28 item 2), never more than a quarter of the
   * time left before the start (shared/waitlist-model.ts offerWindowEnd). Not public. Absent in records
   * built before the setting: DEFAULT_WAITLIST_CLAIM_HOURS.
   */
  waitlistClaimHours?: number;
  attendeeCount: number;
  createdAt: string;
  updatedAt: string;
  /**
   * When an admin cancelled the event (issue 26 item 3): its page says so, it takes no registration
   * and leaves the public list. Absent on an event that was never cancelled.
   */
  cancelledAt?: string | null;
}

/**
 * What visitors are told about an event (GET /events, /events/{idOrSlug}): the fields the
 * public pages read, listed, so a new field stays private until it is added here. No
 * Mailchimp settings, no per-e-mail limit, no internal timestamps.
 */
export const PUBLIC_EVENT_FIELDS = [
  'id',
  'title',
  'description',
  'date',
  'endDate',
  'registrationClosesAt',
  'location',
  'maxAttendees',
  'ticketTypes',
  'ticketPrices',
  'requiresPayment',
  'eventImage',
  'tags',
  'isActive',
  'isArchived',
  'generateTickets',
  'allowAdditionalInfo',
  'customUrl',
  'confirmByEmail',
  'attendeeCount',
  'cancelledAt',
  // The registration form's most tickets per order (issue 26 item 1): the server counts every ticket of the address against it.
  'maxRegistrationsPerEmail',
] as const satisfies readonly (keyof EventRecord)[];
export type PublicEventRecord = Pick<EventRecord, (typeof PUBLIC_EVENT_FIELDS)[number]> & {
  /**
   * The event has a Mailchimp audience, so its registration form offers 'Keep me informed about
   * future events' (issue 11). Only this yes/no is public, never the audience.
   */
  mailingList?: boolean;
  /**
   * Only on a full event (attendeeCount >= maxAttendees): how many of its seats are held by
   * registrations still awaiting payment or e-mail confirmation, seats that may free up when their
   * hold runs out (issue 24 item 6). The count only, never whose.
   */
  heldSeats?: number;
  /**
   * Tickets left of each type with a quota, only where few are (LOW_TICKETS_LEFT or fewer; 0: that
   * type is sold out), the event's own seats left included (issue 26 item 4). Absent: none is low.
   */
  ticketsLeft?: Record<string, number>;
  /** Issue 29 item 1: the event has volunteer roles with upcoming shifts (its page links to them). Absent: none. */
  hasVolunteerRoles?: boolean;
};

/** The event page's link to its volunteer roles (issue 29 item 1): /volunteer#event-<id>. */
export const VOLUNTEER_AT_EVENT_TEXT = 'Volunteer at this event';

/** A type's remaining tickets are shown ('3 left') from this many down (issue 26 item 4). */
export const LOW_TICKETS_LEFT = 5;
/** The words beside a ticket type with few left ('3 left'), 'Sold out' for none; null when not low (issue 26 item 4). */
export function ticketLeftLabel(event: { ticketsLeft?: Record<string, number> }, ticketType: string): string | null {
  const left = event.ticketsLeft?.[ticketType];
  return left === undefined ? null : left > 0 ? `${left} left` : SOLD_OUT_TEXT.soldOut;
}

/** A full event's wording on its card and page (issue 24 item 6; there is no waitlist). */
export const SOLD_OUT_TEXT = {
  soldOut: 'Sold out',
  // 30: PAYMENT_HOLD_MS and CONFIRMATION_HOLD_MS in minutes (a test holds them equal); not imported, so the landing page stays light.
  heldSeats: 'Seats held for unpaid or unconfirmed registrations may free up within 30 minutes.',
} as const;

/** An event whose registration has closed offers no 'Register Now'/'Buy Tickets' on its card and header (issue 26 item 4). */
export const REGISTRATION_CLOSED_LABEL = 'Registration closed';

/**
 * New registrations (and new holds) are refused from the event's 'Registration closes' time
 * (issue 26 item 4), exactly at it included, or from its start when it has none. Cancels and
 * transfers keep rsvps-model's `registrationHasClosed` (the start): the deadline is for newcomers.
 * Here, not in rsvps-model, so the landing card can ask without loading the registration wording.
 */
export function registrationIsClosed(event: { date: string; registrationClosesAt?: string | null }, now: number): boolean {
  const deadline = event.registrationClosesAt ? Date.parse(event.registrationClosesAt) : Number.NaN;
  return Date.parse(event.date) <= now || (Number.isFinite(deadline) && deadline <= now);
}

/** The event has a maximum of attendees and every seat is taken (held seats included). */
export function isSoldOut(event: Pick<EventRecord, 'maxAttendees' | 'attendeeCount'>): boolean {
  return typeof event.maxAttendees === 'number' && (event.attendeeCount ?? 0) >= event.maxAttendees;
}

/**
 * 'Confirm by e-mail' when the form leaves it out: on for a free event with a maximum of attendees,
 * where seats are worth taking; a paid event never, its payment confirms the seat. The API saves
 * new events with it and the event form shows it until the admin chooses.
 */
export function confirmByEmailDefault(event: { requiresPayment: boolean; hasCapacity: boolean }): boolean {
  return !event.requiresPayment && event.hasCapacity;
}

/** A new event's limit of registrations per e-mail address: a family, not a bot. */
export const DEFAULT_MAX_REGISTRATIONS_PER_EMAIL = 4;
/** The highest limit an event may set (standalone, not in EVENT_LIMITS: the landing page loads that object). */
export const MAX_REGISTRATIONS_PER_EMAIL_LIMIT = 50;

/** A new event's refund rule: full refund of a ticket its attendee cancels until two days before the start. */
export const DEFAULT_REFUND_UNTIL_HOURS_BEFORE = 48;
/** The refund rule's hours: whole hours from 0 (until the start) to a year. */
export const REFUND_RULE_LIMITS = { minHours: 0, maxHours: 8760 } as const;
export const REFUND_RULE_MESSAGE = `The refund deadline is a whole number of hours from ${REFUND_RULE_LIMITS.minHours} to ${REFUND_RULE_LIMITS.maxHours}, or empty for no refunds`;

/** A waitlist offer's claim window (issue 28 item 2): whole hours from 1 to a week. */
export const WAITLIST_CLAIM_LIMITS = { minHours: 1, maxHours: 168, defaultHours: 12 } as const;
export const WAITLIST_CLAIM_MESSAGE = `The claim window is a whole number of hours from ${WAITLIST_CLAIM_LIMITS.minHours} to ${WAITLIST_CLAIM_LIMITS.maxHours}`;

/** The end and registration deadline's refusals (issue 26 item 4), said by the API and the event form alike. */
export const EVENT_TIME_MESSAGES = {
  endInvalid: 'End date and time must be a date and time, or empty',
  endBeforeStart: 'The event must end after it starts',
  deadlineInvalid: 'Registration closes must be a date and time, or empty',
  deadlineAfterStart: 'Registration must close at or before the start of the event',
} as const;

/** Lengths and counts the event form accepts. */
export const EVENT_LIMITS = { ticketTypeName: 60, tag: 60, customUrl: 80, mailchimpAudienceId: 100, maxPrice: 100_000 } as const;

/** Lower-cased words of a-z and 0-9 joined by single hyphens (SPEC §5). */
export const CUSTOM_URL_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type EventDisplayStatus = 'Active' | 'Inactive' | 'Archived';

/** SPEC §4: Archived if isArchived, else Active if isActive, else Inactive. */
export function eventDisplayStatus(event: Pick<EventRecord, 'isActive' | 'isArchived'>): EventDisplayStatus {
  if (event.isArchived) return 'Archived';
  return event.isActive ? 'Active' : 'Inactive';
}

/** The lowest ticket price in dollars, or null when the event has no prices. */
export function lowestPrice(event: Pick<EventRecord, 'ticketPrices' | 'ticketTypes'>): number | null {
  const prices = event.ticketTypes
    .map((type) => event.ticketPrices[type])
    .filter((price): price is number => typeof price === 'number' && Number.isFinite(price));
  return prices.length ? Math.min(...prices) : null;
}

/** The path of an event's page: its custom URL when set, else its id. */
export function eventPath(event: Pick<EventRecord, 'id' | 'customUrl'>): string {
  return `/${event.customUrl || event.id}`;
}

/** The ticket type of a registration that names none: General when offered, else the first type. */
export function defaultTicketType(event: Pick<EventRecord, 'ticketTypes'>): string {
  const types = event.ticketTypes ?? [];
  return types.includes(DEFAULT_TICKET_TYPE) ? DEFAULT_TICKET_TYPE : (types[0] ?? DEFAULT_TICKET_TYPE);
}

/** Words that are routes of their own, or empty: never an event's address (SPEC §2). */
export function isReservedSlug(slug: string | null | undefined): boolean {
  const value = (slug ?? '').trim().toLowerCase();
  return value === '' || (RESERVED_SLUGS as readonly string[]).includes(value);
}

/** Events shown on the public list: active and not archived. */
export function isPubliclyListed(event: Pick<EventRecord, 'isActive' | 'isArchived'>): boolean {
  return event.isActive && !event.isArchived;
}

/** GET /events/stats (admins): what each event's registrations add up to, by event id. */
export interface EventStats {
  /** Active registrations (confirmed, or holding a seat while payment is pending). */
  registered: number;
  checkedIn: number;
  /** Cents received, less refunds. */
  amountTaken: number;
}

export interface EventStatsReply {
  success: true;
  stats: Record<string, EventStats>;
}

/**
 * GET /events?limit=&cursor=: one page of the public list, the upcoming active events soonest
 * first (the landing page shows the first, then 'Show more'). Without either parameter GET
 * /events answers every event, as SPEC §7 says (the dashboard).
 */
export const EVENTS_PAGE = { size: 12, max: 50 } as const;

export const EVENTS_PAGE_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${EVENTS_PAGE.max}`,
  cursor: 'cursor is not valid: pass the nextCursor of the page before',
} as const;

/** A page of the public list; `nextCursor` asks for the next one, null on the last. */
export interface EventsPageReply {
  success: true;
  events: PublicEventRecord[];
  nextCursor: string | null;
}

/** The public page's notice of a cancelled event, and the refusal of a registration (issue 26 item 3); alone, so the public bundle carries no more. */
export const EVENT_CANCELLED_TEXT = 'This event has been cancelled.';
