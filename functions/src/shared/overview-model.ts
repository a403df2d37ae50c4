/**
 * The organiser's overview (issue 30) without zod: the shapes of its two calls, its limits and
 * wording. The dashboard's Overview tab and per-event page import this file; the API builds the
 * replies from the stored records with the same rules as the lists (rsvps/ holdsSeat: cancelled,
 * refunded and expired unpaid holds do not count as registered).
 *
 * Every day is a calendar day in the organisation's time zone (ORGANISATION_TIME_ZONE), written
 * 'YYYY-MM-DD'; every amount is in cents.
 */

export const OVERVIEW_LIMITS = {
  /** The cards' sparkline: registrations on each of the last 7 days, today included. */
  sparklineDays: 7,
  /** The live check-in chart's bucket. */
  arrivalsBucketMinutes: 10,
  /** A card warns 'Nearly full' at this share of the capacity taken. */
  nearlyFullShare: 0.9,
  /**
   * 'Slow to fill': this event's fill is below this share of the median fill the other upcoming
   * events with a capacity had at the same number of days before their start.
   */
  slowToFillShare: 0.5,
  /** The per-event page polls the live check-in view this often while it is open (ms). */
  liveRefreshMs: 15_000,
} as const;

export const OVERVIEW_MESSAGES = {
  tabLabel: 'Overview',
  none: 'No upcoming events.',
  loadFailed: 'Could not load the overview. Please try again.',
  nearlyFull: 'Nearly full',
  slowToFill: 'Slow to fill compared with other events',
  downloadCsv: 'Download CSV',
  showTable: 'Show as table',
  hideTable: 'Hide table',
  eventNotFound: 'Event not found',
  /** The check-in view's door for check-ins that named none (CheckInView.byDoor). */
  unnamedDoor: 'Unnamed door',
} as const;

export type OverviewWarning = { kind: 'nearlyFull' | 'slowToFill'; text: string };

/** One upcoming event's card on the Overview tab. */
export interface OverviewEventCard {
  id: string;
  title: string;
  /** The event's start (ISO). */
  date: string;
  customUrl: string;
  /** Seats, or null when the event has no capacity. */
  capacity: number | null;
  /** Registrations holding a seat now. */
  registered: number;
  checkedIn: number;
  /** Paid less refunded, cents. */
  amountTaken: number;
  /** New registrations on each of the last OVERVIEW_LIMITS.sparklineDays days, oldest first, today last. */
  last7Days: { day: string; count: number }[];
  /** People waiting (status waiting or offered) where the event has a waitlist, else null. */
  waitlist: number | null;
  warning: OverviewWarning | null;
}

/** GET /overview (admins): the upcoming events (active, not archived, not cancelled), soonest first. */
export interface OverviewReply {
  success: true;
  generatedAt: string;
  timeZone: string;
  events: OverviewEventCard[];
}

/** One day of an event's registrations: new that day, cancelled that day, and holding a seat at its end. */
export interface RegistrationsDay {
  day: string;
  registered: number;
  cancelled: number;
  cumulative: number;
}

/** One day of an event's money: taken (charged) and refunded that day, and net at its end. */
export interface MoneyDay {
  day: string;
  taken: number;
  refunded: number;
  cumulativeNet: number;
}

/** Check-ins of one OVERVIEW_LIMITS.arrivalsBucketMinutes bucket starting at `from` (ISO). */
export interface ArrivalsBucket {
  from: string;
  count: number;
}

/** The event's door: who is in, of whom, when they came and through which door/device. */
export interface CheckInView {
  expected: number;
  checkedIn: number;
  arrivals: ArrivalsBucket[];
  /** By the door or device name the check-in gave; 'Unnamed door' when none. */
  byDoor: { door: string; count: number }[];
}

/** GET /events/{id}/overview (admins): one event's figures, in one request. */
export interface EventOverviewReply {
  success: true;
  generatedAt: string;
  timeZone: string;
  event: { id: string; title: string; date: string; customUrl: string; capacity: number | null };
  totals: {
    registered: number;
    checkedIn: number;
    /** Paid less refunded, cents: the card's and the Events tab's figure (the last day's MoneyDay.cumulativeNet). */
    amountTaken: number;
    /** Refunded, cents (the sum of MoneyDay.refunded). */
    amountRefunded: number;
    /** Tickets cancelled by their attendee ('Can't come?'), tickets given to someone else not counted. */
    selfCancellations: number;
    /** Tickets and holds cancelled by an admin (a refund or the event's cancel included). */
    adminCancellations: number;
    /** Tickets whose payment was given back, in full or in part. */
    refunds: number;
    waitlist: number | null;
  };
  /** From the first registration's day to today (or the event's day if past), every day listed. */
  registrations: RegistrationsDay[];
  money: MoneyDay[];
  ticketTypes: { name: string; registered: number; amountTaken: number }[];
  /** Present from the event's day on (its date in the organisation's time zone); null before. */
  checkIn: CheckInView | null;
}
