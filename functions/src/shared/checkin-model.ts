/**
 * Check-in at the door (SPEC §2 'Staff scanner screen', §4, §5, §8, §9), without zod:
 * the wording, the shapes of the check-in calls and the pure rules the scanner and the
 * API share. checkin.ts builds the validator from these.
 */
import { CHECKIN_EVENT_WINDOW_MS } from './constants.js';
import type { PaymentStatus, RsvpStatus, TicketView } from './rsvps-model.js';

/** The product's wording (SPEC §8) and the plain refusals the API adds. */
/** The longest door or device name a check-in may give (issue 28 item 4). */
export const CHECKIN_DOOR_MAX = 60;

export const CHECKIN_MESSAGES = {
  checkedIn: 'Checked in',
  doorTooLong: `Keep the door name under ${CHECKIN_DOOR_MAX} characters`,
  alreadyCheckedIn: 'This attendee is already checked in',
  cancelled: 'This ticket was cancelled and cannot be admitted',
  transferred: 'This ticket was given to someone else and is no longer valid: their new ticket has another code',
  paymentIncomplete: 'Payment for this ticket has not been completed, so it cannot be admitted',
  notConfirmed: 'This registration was never confirmed by e-mail, so it cannot be admitted',
  wrongEvent: 'This ticket is for another event',
  undone: 'Check-in undone',
  notCheckedIn: 'This attendee is not checked in',
  selectEvent: 'Please select an event',
  loadRsvpsFailed: 'Failed to load RSVPs',
  notInList: 'Ticket ID not found in RSVP list',
  lookupFailed: 'Error looking up ticket',
  checkInFailed: 'Error checking in attendee',
  mustSignIn: 'You must be logged in to check in attendees',
  notAuthenticated: 'Not authenticated - check-in functionality disabled',
  noQrCode: 'No QR code found',
  cameraPermissionDenied: 'Camera permission was denied. Allow camera access in your browser settings and try again.',
  cameraNotFound: 'No camera was found on this device.',
  cameraUnsupported: 'This browser does not support camera scanning. Type the ticket ID instead.',
  cameraHttpsRequired: 'The camera needs a secure (HTTPS) connection. Type the ticket ID instead.',
  scannerNotLoaded: 'The camera scanner could not be loaded without a connection. Type the ticket ID, or use a USB scanner.',
  // Issue 23 item 9: the door admits tonight's tickets only.
  eventArchived: 'This event is archived, so its tickets cannot be checked in',
  eventInactive: 'This event is not active, so its tickets cannot be checked in',
  checkInClosed: 'Check-in for this event has closed: it was more than 24 hours ago',
  timeInFuture: "This check-in is dated in the future, so it cannot be recorded. Check the scanner's clock.",
  timeTooOld: 'This check-in is more than 24 hours old, so it cannot be recorded',
  timeBeforeList: 'This check-in is dated before the scanner loaded its attendee list, so it cannot be recorded',
  listLoadedAtRequired: 'An offline check-in must say when the scanner loaded its attendee list',
} as const;

/** 'This ticket is for another event: {title}': the door learns which event the ticket belongs to. */
export function wrongEventText(title: string | null | undefined): string {
  const name = title?.trim();
  return name ? `${CHECKIN_MESSAGES.wrongEvent}: ${name}` : CHECKIN_MESSAGES.wrongEvent;
}

/** 'Offline: n check-ins waiting to sync'. */
export function offlineWaitingText(count: number): string {
  return `Offline: ${count} check-in${count === 1 ? '' : 's'} waiting to sync`;
}

/** POST /checkin/{id} body. `checkedInBy` is never read: the server records the signed-in user. */
export interface CheckInRequest {
  /** The event the door is admitting for (required); a ticket of another event is refused (WRONG_EVENT). */
  eventId: string;
  /** When the door admitted the person (ISO), for check-ins queued offline; else the server's time. */
  checkedInAt?: string;
  /**
   * With `checkedInAt` (required then): the `generatedAt` of the door list the device admitted
   * against. An offline check-in cannot have happened before the device had its list.
   */
  listLoadedAt?: string;
  /** Which door or device admitted the person ('Gate 2'), for the audit log (issue 28 item 4); optional. */
  door?: string;
}

/** POST /checkin/{id} and DELETE /checkin/{id} (undo, admins only) reply. */
export interface CheckInReply {
  success: true;
  message: string;
  ticket: TicketView;
}

/** GET /events/{id}/checkins item (SPEC §2 'Checked-In Attendees'). */
export interface CheckedInAttendee {
  id: string;
  name: string;
  email: string;
  ticketType: string;
  checkedInAt: string;
  checkedInBy: string | null;
}

/**
 * GET /events/{id}/door-list (staff): what a door keeps on the device to admit people
 * without a network. Only what admission needs: no address, no payment amounts.
 */
export interface DoorListEntry {
  id: string;
  eventId: string;
  name: string;
  email: string;
  ticketType: string;
  status: RsvpStatus;
  paymentStatus: PaymentStatus;
  checkedIn: boolean;
  checkedInAt: string | null;
  checkedInBy: string | null;
  /** Given by its holder to someone else (issue 25 item 5): refused at the door, online and offline. */
  transferred?: boolean;
}

export interface DoorListReply {
  success: true;
  event: { id: string; title: string; date: string; location: string };
  /** Server time of the list, so a device can tell how fresh its copy is. */
  generatedAt: string;
  attendees: DoorListEntry[];
}

/**
 * A queued check-in carries the time the door admitted the person. The server records it only
 * when it is no older than this, not in the future, and not before the device loaded its list
 * (both beyond CLOCK_SKEW_MS); otherwise the check-in is refused, never silently re-dated.
 */
export const OFFLINE_CHECKIN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/**
 * How far a door's clock may be off the server's. The scanner expresses an offline check-in's
 * time on the server's clock (the list's generatedAt plus the time elapsed on the device), so
 * only drift and network latency remain.
 */
export const CLOCK_SKEW_MS = 2 * 60 * 1000;

/**
 * The ticket id in what a camera or a keyboard-wedge scanner read: a value containing
 * '/checkin/' is reduced to what follows it (SPEC §5), without a query, hash or slash.
 */
export function ticketIdFromScan(value: string): string {
  const text = value.trim();
  const at = text.indexOf('/checkin/');
  const tail = at >= 0 ? text.slice(at + '/checkin/'.length) : text;
  const id = tail.split(/[?#/]/)[0] ?? '';
  try {
    return decodeURIComponent(id).trim();
  } catch {
    return id.trim();
  }
}

/**
 * Events the door may check in for: dated no more than 24 h ago (SPEC §9), or still running, before
 * their own end (issue 26 item 4: a weekend camp stays on the door's list until it ends).
 */
export function isCheckInWindowOpen(eventDate: string, now: Date, endDate?: string | null): boolean {
  const time = new Date(eventDate).getTime();
  const end = endDate ? Date.parse(endDate) : Number.NaN;
  return (Number.isFinite(time) && time >= now.getTime() - CHECKIN_EVENT_WINDOW_MS) || (Number.isFinite(end) && end > now.getTime());
}

/**
 * Why a door may not check in for an event at `at`, or null when it may (issue 23): the one
 * rule of the door's event select and of the API. Active, not archived, dated no more than
 * 24 h before `at` (SPEC §9); any later date is choosable, so tonight's event is there all day.
 */
export type DoorEventRefusal = 'CHECKIN_EVENT_ARCHIVED' | 'CHECKIN_EVENT_INACTIVE' | 'CHECKIN_CLOSED';

export function doorEventRefusal(event: { date: string; endDate?: string | null; isActive: boolean; isArchived: boolean }, at: Date): DoorEventRefusal | null {
  if (event.isArchived) return 'CHECKIN_EVENT_ARCHIVED';
  if (!event.isActive) return 'CHECKIN_EVENT_INACTIVE';
  if (!isCheckInWindowOpen(event.date, at, event.endDate)) return 'CHECKIN_CLOSED';
  return null;
}

/** Why an offline check-in's time cannot be recorded, or null when it can (or none was claimed). */
export type CheckInTimeRefusal = 'CHECKIN_TIME_IN_FUTURE' | 'CHECKIN_TIME_TOO_OLD' | 'CHECKIN_TIME_BEFORE_LIST';

export function checkInTimeRefusal(claimed: { checkedInAt?: string; listLoadedAt?: string }, now: Date): CheckInTimeRefusal | null {
  if (claimed.checkedInAt === undefined) return null;
  const time = Date.parse(claimed.checkedInAt);
  const loaded = claimed.listLoadedAt === undefined ? Number.NaN : Date.parse(claimed.listLoadedAt);
  if (!Number.isFinite(time) || time > now.getTime() + CLOCK_SKEW_MS) return 'CHECKIN_TIME_IN_FUTURE';
  if (time < now.getTime() - OFFLINE_CHECKIN_MAX_AGE_MS) return 'CHECKIN_TIME_TOO_OLD';
  if (!Number.isFinite(loaded) || time < loaded - CLOCK_SKEW_MS) return 'CHECKIN_TIME_BEFORE_LIST';
  return null;
}

/** Why a ticket cannot be admitted, or null when it can: the rule both the API and an offline door apply. */
export type AdmissionRefusal = 'ALREADY_CHECKED_IN' | 'TICKET_CANCELLED' | 'TICKET_TRANSFERRED' | 'NOT_CONFIRMED' | 'PAYMENT_INCOMPLETE' | 'WRONG_EVENT';

export function admissionRefusal(
  rsvp: { eventId: string; status: string; paymentStatus: string; checkedIn: boolean; transferred?: boolean },
  eventId?: string,
): AdmissionRefusal | null {
  if (eventId && rsvp.eventId !== eventId) return 'WRONG_EVENT';
  if (rsvp.transferred) return 'TICKET_TRANSFERRED';
  if (rsvp.status === 'cancelled' || rsvp.status === 'released') return 'TICKET_CANCELLED';
  // A 'Confirm by e-mail' registration whose link was not opened: its seat is only held.
  if (rsvp.status === 'pending_confirmation') return 'NOT_CONFIRMED';
  if (rsvp.status !== 'confirmed' || (rsvp.paymentStatus !== 'free' && rsvp.paymentStatus !== 'paid')) return 'PAYMENT_INCOMPLETE';
  if (rsvp.checkedIn) return 'ALREADY_CHECKED_IN';
  return null;
}

/** The message of each refusal. */
export const REFUSAL_MESSAGES: Record<AdmissionRefusal, string> = {
  ALREADY_CHECKED_IN: CHECKIN_MESSAGES.alreadyCheckedIn,
  TICKET_CANCELLED: CHECKIN_MESSAGES.cancelled,
  TICKET_TRANSFERRED: CHECKIN_MESSAGES.transferred,
  NOT_CONFIRMED: CHECKIN_MESSAGES.notConfirmed,
  PAYMENT_INCOMPLETE: CHECKIN_MESSAGES.paymentIncomplete,
  WRONG_EVENT: CHECKIN_MESSAGES.wrongEvent,
};

/** Every refusal of POST /checkin/{id}: the ticket's state, the event's, and an offline check-in's time. */
export type CheckInRefusal = AdmissionRefusal | DoorEventRefusal | CheckInTimeRefusal;

export const CHECKIN_REFUSAL_MESSAGES: Record<CheckInRefusal, string> = {
  ...REFUSAL_MESSAGES,
  CHECKIN_EVENT_ARCHIVED: CHECKIN_MESSAGES.eventArchived,
  CHECKIN_EVENT_INACTIVE: CHECKIN_MESSAGES.eventInactive,
  CHECKIN_CLOSED: CHECKIN_MESSAGES.checkInClosed,
  CHECKIN_TIME_IN_FUTURE: CHECKIN_MESSAGES.timeInFuture,
  CHECKIN_TIME_TOO_OLD: CHECKIN_MESSAGES.timeTooOld,
  CHECKIN_TIME_BEFORE_LIST: CHECKIN_MESSAGES.timeBeforeList,
};
