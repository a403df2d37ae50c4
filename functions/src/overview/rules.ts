import { isRunningHold, holdsSeat } from '../rsvps/rules.js';
import {
  OVERVIEW_LIMITS,
  OVERVIEW_MESSAGES,
  type ArrivalsBucket,
  type MoneyDay,
  type OverviewWarning,
  type RegistrationsDay,
} from '../shared/overview-model.js';
import type { RsvpRecord } from '../shared/rsvps-model.js';

/*
 * The organiser's overview (issue 30) as plain functions of the stored records: which RSVPs count,
 * on which calendar day of the organisation's time zone each registration, cancellation, payment
 * and refund falls, the check-in buckets, and the cards' warnings. No store, no clock: the service
 * reads and passes `now`.
 *
 * The rules are the lists' (rsvps/): an RSVP holds a seat when rsvps/rules.ts holdsSeat says so, a
 * hold whose time ran out (not yet released by the sweep) no longer counts, released holds never
 * counted, and a ticket given to someone else (issue 25 item 5) is one registration and one payment:
 * the first ticket of the chain is the registration, the cancel that handed it on is no cancellation,
 * and its money is counted on the ticket that now carries it (as rsvps/service.ts stats() does).
 */

/** What the overview reads of an RSVP: the staff list's view (rsvps/repository.ts toRsvpView) and when it was paid. */
export type OverviewRsvp = Pick<
  RsvpRecord,
  | 'id'
  | 'status'
  | 'holdExpiresAt'
  | 'createdAt'
  | 'cancelledAt'
  | 'cancelledBy'
  | 'paymentStatus'
  | 'amountPaid'
  | 'amountRefunded'
  | 'refundedAt'
  | 'checkedIn'
  | 'checkedInAt'
  | 'ticketType'
  | 'transferredTo'
  | 'transferredFrom'
> & {
  /** When its payment was applied; null on tickets paid before this was stored (their registration's time is used). */
  paidAt: string | null;
};

const DAY_MS = 86_400_000;
const BUCKET_MS = OVERVIEW_LIMITS.arrivalsBucketMinutes * 60_000;

// Calendar days.

const dayFormats = new Map<string, { format: Intl.DateTimeFormat; days: Map<number, string> }>();
/** Every time zone's offset is a whole number of quarter hours: within one quarter hour of UTC, the local day is one day. */
const QUARTER_HOUR_MS = 900_000;

/** The calendar day ('YYYY-MM-DD') of an instant in `timeZone` (remembered per quarter hour: an overview asks thousands). */
export function dayOf(iso: string | Date, timeZone: string): string {
  let zone = dayFormats.get(timeZone);
  if (!zone) {
    // en-CA writes dates as YYYY-MM-DD.
    zone = { format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }), days: new Map() };
    dayFormats.set(timeZone, zone);
  }
  const time = typeof iso === 'string' ? Date.parse(iso) : iso.getTime();
  const quarter = Math.floor(time / QUARTER_HOUR_MS);
  let day = zone.days.get(quarter);
  if (day === undefined) {
    if (zone.days.size >= 50_000) zone.days.clear();
    day = zone.format.format(new Date(quarter * QUARTER_HOUR_MS));
    zone.days.set(quarter, day);
  }
  return day;
}

function dayNumber(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
}

/** The day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/** Every day from `first` to `last`, both included; none when `last` is before `first`. */
export function daysFrom(first: string, last: string): string[] {
  const count = daysBetween(first, last) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(first, index));
}

/** An event's first and last calendar day in `timeZone` (its end's day when it has an end, issue 26 item 4). */
export function eventDays(event: { date: string; endDate?: string | null }, timeZone: string): { first: string; last: string } {
  const first = dayOf(event.date, timeZone);
  const last = event.endDate ? dayOf(event.endDate, timeZone) : first;
  return { first, last: last < first ? first : last };
}

// Which RSVPs count.

/** Holds a seat now: confirmed, or a hold (unpaid, unconfirmed) whose time has not run out. */
export function countsAsRegistered(rsvp: Pick<OverviewRsvp, 'status' | 'holdExpiresAt'>, nowIso: string): boolean {
  return holdsSeat(rsvp) && (rsvp.status === 'confirmed' || isRunningHold(rsvp, nowIso));
}

/**
 * A registration that took a seat: one holding it now or cancelled since, not a ticket received from a
 * previous holder (its registration is the first ticket's), not a hold that ran out or was released.
 */
export function isNewRegistration(rsvp: OverviewRsvp, nowIso: string): boolean {
  if (rsvp.transferredFrom) return false;
  return rsvp.status === 'cancelled' || countsAsRegistered(rsvp, nowIso);
}

/** A seat given back by a cancel (by the attendee, an admin, a refund or the event's cancel); handing a ticket on is none. */
export function isCancellation(rsvp: Pick<OverviewRsvp, 'status' | 'transferredTo'>): boolean {
  return rsvp.status === 'cancelled' && !rsvp.transferredTo;
}

/** Carries money in the figures: every ticket but one given on, whose payment went with it (rsvps/service.ts stats()). */
function carriesMoney(rsvp: Pick<OverviewRsvp, 'transferredTo'>): boolean {
  return !rsvp.transferredTo;
}

/** Paid less refunded (cents) of one RSVP, as the Events tab counts it. */
export function netAmount(rsvp: OverviewRsvp): number {
  return carriesMoney(rsvp) ? rsvp.amountPaid - rsvp.amountRefunded : 0;
}

/**
 * When a ticket's payment was taken: its `paidAt`; a ticket received from someone else carries the
 * payment of the first ticket of its chain (its own `createdAt` is the transfer); tickets paid before
 * `paidAt` was stored were paid within their 30-minute hold, so their registration's time stands in.
 */
export function paymentTime(rsvp: OverviewRsvp, byId: ReadonlyMap<string, OverviewRsvp>): string {
  let current = rsvp;
  for (let hops = 0; hops < 20; hops++) {
    if (current.paidAt) return current.paidAt;
    const previous = current.transferredFrom ? byId.get(current.transferredFrom.id) : undefined;
    if (!previous) return current.createdAt;
    current = previous;
  }
  return current.createdAt;
}

/** The day a seat was given back: its cancel's time (older cancels, without one, their refund's or registration's). */
function cancellationTime(rsvp: OverviewRsvp): string {
  return rsvp.cancelledAt ?? rsvp.refundedAt ?? rsvp.createdAt;
}

// An event's lines.

/** A change of the seats held, on a day: +1 a registration, -1 a cancellation. */
export interface SeatMove {
  day: string;
  delta: 1 | -1;
}

/** Every registration and cancellation of an event's RSVPs, by day in `timeZone`. */
export function seatMoves(rsvps: readonly OverviewRsvp[], nowIso: string, timeZone: string): SeatMove[] {
  const moves: SeatMove[] = [];
  for (const rsvp of rsvps) {
    if (isNewRegistration(rsvp, nowIso)) moves.push({ day: dayOf(rsvp.createdAt, timeZone), delta: 1 });
    if (isCancellation(rsvp)) moves.push({ day: dayOf(cancellationTime(rsvp), timeZone), delta: -1 });
  }
  return moves;
}

/** Seats held at the end of `day`, as the moves tell it. */
export function seatsAtEndOf(moves: readonly SeatMove[], day: string): number {
  let held = 0;
  for (const move of moves) if (move.day <= day) held += move.delta;
  return held;
}

/** Money taken and refunded, by day. */
export interface MoneyMove {
  day: string;
  taken: number;
  refunded: number;
}

/** Each payment on the day it was taken, each refund on the day it was given (cents). */
export function moneyMoves(rsvps: readonly OverviewRsvp[], timeZone: string): MoneyMove[] {
  const byId = new Map(rsvps.map((rsvp) => [rsvp.id, rsvp]));
  const moves: MoneyMove[] = [];
  for (const rsvp of rsvps) {
    if (!carriesMoney(rsvp)) continue;
    if (rsvp.amountPaid > 0) moves.push({ day: dayOf(paymentTime(rsvp, byId), timeZone), taken: rsvp.amountPaid, refunded: 0 });
    if (rsvp.amountRefunded > 0) moves.push({ day: dayOf(rsvp.refundedAt ?? cancellationTime(rsvp), timeZone), taken: 0, refunded: rsvp.amountRefunded });
  }
  return moves;
}

/**
 * The days an event's lines cover: from its first dated move to today, or to the event's day once it
 * is past (later moves, a refund after the night say, extend it so the lines end on the totals). None
 * when nothing happened.
 */
export function lineDays(moveDays: readonly string[], today: string, eventDay: string): string[] {
  if (!moveDays.length) return [];
  const sorted = [...moveDays].sort();
  const end = [today < eventDay ? today : eventDay, sorted[sorted.length - 1]!].sort()[1]!;
  return daysFrom(sorted[0]!, end);
}

/** Registrations, cancellations and seats held at the end of each day. */
export function registrationDays(moves: readonly SeatMove[], days: readonly string[]): RegistrationsDay[] {
  const byDay = new Map<string, { registered: number; cancelled: number }>();
  for (const move of moves) {
    const entry = byDay.get(move.day) ?? { registered: 0, cancelled: 0 };
    if (move.delta > 0) entry.registered += 1;
    else entry.cancelled += 1;
    byDay.set(move.day, entry);
  }
  let cumulative = 0;
  return days.map((day) => {
    const { registered, cancelled } = byDay.get(day) ?? { registered: 0, cancelled: 0 };
    cumulative += registered - cancelled;
    return { day, registered, cancelled, cumulative };
  });
}

/** Money taken and refunded on each day, and the net at its end. */
export function moneyDays(moves: readonly MoneyMove[], days: readonly string[]): MoneyDay[] {
  const byDay = new Map<string, { taken: number; refunded: number }>();
  for (const move of moves) {
    const entry = byDay.get(move.day) ?? { taken: 0, refunded: 0 };
    entry.taken += move.taken;
    entry.refunded += move.refunded;
    byDay.set(move.day, entry);
  }
  let cumulativeNet = 0;
  return days.map((day) => {
    const { taken, refunded } = byDay.get(day) ?? { taken: 0, refunded: 0 };
    cumulativeNet += taken - refunded;
    return { day, taken, refunded, cumulativeNet };
  });
}

/** New registrations on each of the `count` days ending today, oldest first. */
export function lastDays(moves: readonly SeatMove[], today: string, count: number = OVERVIEW_LIMITS.sparklineDays): { day: string; count: number }[] {
  return daysFrom(addDays(today, -(count - 1)), today).map((day) => ({
    day,
    count: moves.filter((move) => move.delta > 0 && move.day === day).length,
  }));
}

/** Seats held and money of each ticket type: the event's types in its order, then any other a ticket carries. */
export function ticketTypeSplit(rsvps: readonly OverviewRsvp[], ticketTypes: readonly string[], nowIso: string) {
  const split = new Map<string, { name: string; registered: number; amountTaken: number }>(ticketTypes.map((name) => [name, { name, registered: 0, amountTaken: 0 }]));
  for (const rsvp of rsvps) {
    const registered = countsAsRegistered(rsvp, nowIso);
    const amount = netAmount(rsvp);
    if (!registered && amount === 0) continue;
    const entry = split.get(rsvp.ticketType) ?? { name: rsvp.ticketType, registered: 0, amountTaken: 0 };
    if (registered) entry.registered += 1;
    entry.amountTaken += amount;
    split.set(rsvp.ticketType, entry);
  }
  return [...split.values()];
}

// The door.

/** The start (ms) of the arrivals bucket an instant falls in. */
function bucketOf(iso: string): number {
  return Math.floor(Date.parse(iso) / BUCKET_MS) * BUCKET_MS;
}

/**
 * Check-ins per OVERVIEW_LIMITS.arrivalsBucketMinutes, every bucket from the first arrival's to the last's
 * (to now's while the door is open: `until`), empty ones included. None before the first arrival.
 */
export function arrivalBuckets(checkedInAt: readonly string[], until: Date | null = null): ArrivalsBucket[] {
  const times = checkedInAt.map(bucketOf).filter(Number.isFinite);
  if (!times.length) return [];
  const counts = new Map<number, number>();
  for (const time of times) counts.set(time, (counts.get(time) ?? 0) + 1);
  const first = Math.min(...times);
  const last = Math.max(...times, until ? bucketOf(until.toISOString()) : first);
  const buckets: ArrivalsBucket[] = [];
  for (let from = first; from <= last; from += BUCKET_MS) buckets.push({ from: new Date(from).toISOString(), count: counts.get(from) ?? 0 });
  return buckets;
}

/** Check-ins by the door or device that admitted them, most first (then by name); a check-in naming none is the 'Unnamed door'. */
export function doorCounts(doors: readonly (string | null | undefined)[]): { door: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const door of doors) {
    const name = door?.trim() || OVERVIEW_MESSAGES.unnamedDoor;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([door, count]) => ({ door, count })).sort((a, b) => b.count - a.count || a.door.localeCompare(b.door));
}

// The cards' warnings.

/** What the warnings know of an event: its day, its capacity, and its registrations and cancellations by day. */
export interface FillHistory {
  id: string;
  eventDay: string;
  capacity: number | null;
  moves: readonly SeatMove[];
}

/** The share of its capacity an event had taken at the end of the day `daysBefore` days before its own; null without a capacity. */
export function fillAt(event: FillHistory, daysBefore: number): number | null {
  if (event.capacity === null || event.capacity <= 0) return null;
  return seatsAtEndOf(event.moves, addDays(event.eventDay, -daysBefore)) / event.capacity;
}

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * A card's warning. 'Nearly full' from OVERVIEW_LIMITS.nearlyFullShare of the capacity held. 'Slow to fill'
 * when the event's fill today is below OVERVIEW_LIMITS.slowToFillShare of the median fill the other events
 * with a capacity had at the same number of days before their start: those whose history reaches that far
 * back (they start no later than this one), reconstructed from their registrations' and cancels' days.
 * No capacity, or no other event to compare with: no 'slow' warning.
 */
export function warningOf(event: FillHistory & { registered: number }, others: readonly FillHistory[], today: string): OverviewWarning | null {
  if (event.capacity === null || event.capacity <= 0) return null;
  if (event.registered >= OVERVIEW_LIMITS.nearlyFullShare * event.capacity) return { kind: 'nearlyFull', text: OVERVIEW_MESSAGES.nearlyFull };
  const daysBefore = daysBetween(today, event.eventDay);
  if (daysBefore < 0) return null;
  const comparable = others
    .filter((other) => other.id !== event.id && daysBetween(today, other.eventDay) <= daysBefore)
    .map((other) => fillAt(other, daysBefore))
    .filter((fill): fill is number => fill !== null);
  const typical = median(comparable);
  const own = event.registered / event.capacity;
  if (typical === null || typical <= 0) return null;
  return own < OVERVIEW_LIMITS.slowToFillShare * typical ? { kind: 'slowToFill', text: OVERVIEW_MESSAGES.slowToFill } : null;
}
