/**
 * Check-in at the door (SPEC §2 'Staff scanner screen', §4, §5, §8, §9), without zod:
 * the wording, the shapes of the check-in calls and the pure rules the scanner and the
 * API share. checkin.ts builds the validator from these.
 */
import { CHECKIN_EVENT_WINDOW_MS } from './constants.js';
import type { PaymentStatus, RsvpStatus, TicketView } from './rsvps-model.js';

/** The product's wording (SPEC §8) and the plain refusals the API adds. */
export const CHECKIN_MESSAGES = {
  checkedIn: 'Checked in',
  alreadyCheckedIn: 'This attendee is already checked in',
  cancelled: 'This ticket was cancelled and cannot be admitted',
  paymentIncomplete: 'Payment for this ticket has not been completed, so it cannot be admitted',
  wrongEvent: 'This ticket is for a different event',
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
} as const;

/** 'Offline: n check-ins waiting to sync'. */
export function offlineWaitingText(count: number): string {
  return `Offline: ${count} check-in${count === 1 ? '' : 's'} waiting to sync`;
}

/** POST /checkin/{id} body. `checkedInBy` is never read: the server records the signed-in user. */
export interface CheckInRequest {
  /** The event the door is admitting for; a ticket of another event is refused (WRONG_EVENT). */
  eventId?: string;
  /** When the door admitted the person (ISO), for check-ins queued offline; else the server's time. */
  checkedInAt?: string;
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
}

export interface DoorListReply {
  success: true;
  event: { id: string; title: string; date: string; location: string };
  /** Server time of the list, so a device can tell how fresh its copy is. */
  generatedAt: string;
  attendees: DoorListEntry[];
}

/**
 * A queued check-in may carry the time the door admitted the person; the server takes
 * it when it lies within this window before now (and not in the future beyond the skew).
 */
export const OFFLINE_CHECKIN_MAX_AGE_MS = 48 * 60 * 60 * 1000;
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

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

/** Events the door may check in for: dated no more than 24 h ago (SPEC §9). */
export function isCheckInWindowOpen(eventDate: string, now: Date): boolean {
  const time = new Date(eventDate).getTime();
  return Number.isFinite(time) && time >= now.getTime() - CHECKIN_EVENT_WINDOW_MS;
}

/** Why a ticket cannot be admitted, or null when it can: the rule both the API and an offline door apply. */
export type AdmissionRefusal = 'ALREADY_CHECKED_IN' | 'TICKET_CANCELLED' | 'PAYMENT_INCOMPLETE' | 'WRONG_EVENT';

export function admissionRefusal(
  rsvp: { eventId: string; status: string; paymentStatus: string; checkedIn: boolean },
  eventId?: string,
): AdmissionRefusal | null {
  if (eventId && rsvp.eventId !== eventId) return 'WRONG_EVENT';
  if (rsvp.status === 'cancelled' || rsvp.status === 'released') return 'TICKET_CANCELLED';
  if (rsvp.status !== 'confirmed' || (rsvp.paymentStatus !== 'free' && rsvp.paymentStatus !== 'paid')) return 'PAYMENT_INCOMPLETE';
  if (rsvp.checkedIn) return 'ALREADY_CHECKED_IN';
  return null;
}

/** The message of each refusal. */
export const REFUSAL_MESSAGES: Record<AdmissionRefusal, string> = {
  ALREADY_CHECKED_IN: CHECKIN_MESSAGES.alreadyCheckedIn,
  TICKET_CANCELLED: CHECKIN_MESSAGES.cancelled,
  PAYMENT_INCOMPLETE: CHECKIN_MESSAGES.paymentIncomplete,
  WRONG_EVENT: CHECKIN_MESSAGES.wrongEvent,
};
