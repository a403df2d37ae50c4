/**
 * Volunteers at the door (issue 29 item 5), without zod: the pass a volunteer shows (its QR
 * payload, told apart from a ticket's), the door's volunteer list and check-in shapes, and the
 * wording. The door (web/src/checkin/) and the sign-up page import this file; volunteer-door.ts
 * builds the validator.
 */
import { ticketIdFromScan } from './checkin-model.js';
import type { VolunteerSignupStatus } from './volunteers-model.js';

/**
 * The path of a volunteer's pass: `{site}/volunteer/pass/{signupId}`. A ticket's QR is
 * `{site}/checkin/{ticketId}`, so the two never read alike. The sign-up id is a random 128-bit id
 * (ids.ts), unguessable as a ticket id is: the pass is the same kind of bearer code.
 */
export const VOLUNTEER_PASS_PATH = '/volunteer/pass/';

/** What a volunteer's QR code encodes. */
export function volunteerPassUrl(siteUrl: string, signupId: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${VOLUNTEER_PASS_PATH}${encodeURIComponent(signupId)}`;
}

/** Whether a scanned or typed value is a volunteer's pass URL (a scanner's output, admitted at once). */
export function looksLikePass(value: string): boolean {
  return value.includes(VOLUNTEER_PASS_PATH);
}

/** What the door read: a ticket (its id) or a volunteer's pass (the sign-up id). */
export type DoorScan = { kind: 'ticket' | 'volunteer'; id: string };

/** A camera's or a keyboard-wedge scanner's text, told apart: a pass URL is a volunteer, anything else a ticket. */
export function doorScanOf(value: string): DoorScan {
  const text = value.trim();
  const at = text.indexOf(VOLUNTEER_PASS_PATH);
  if (at < 0) return { kind: 'ticket', id: ticketIdFromScan(text) };
  const id = text.slice(at + VOLUNTEER_PASS_PATH.length).split(/[?#/]/)[0] ?? '';
  try {
    return { kind: 'volunteer', id: decodeURIComponent(id).trim() };
  } catch {
    return { kind: 'volunteer', id: id.trim() };
  }
}

export const VOLUNTEER_DOOR_MESSAGES = {
  checkedIn: 'Volunteer checked in',
  passNotFound: 'This volunteer pass is not valid',
  wrongEvent: 'This volunteer is signed up for another event',
  standalone: 'This volunteer signed up for a role that is not part of an event, so they cannot be checked in here',
  cancelled: 'This volunteer sign-up was cancelled, so it cannot be checked in',
  alreadyCheckedIn: 'This volunteer is already checked in',
  needsNetwork: 'Checking in a volunteer needs the network: try again when the door is back online.',
  loadFailed: 'Failed to load the volunteers',
  checkInFailed: 'Error checking in the volunteer',
  // The door's words.
  listTitle: 'Volunteers',
  none: 'No volunteers are signed up for this event.',
  badge: 'Volunteer',
  role: 'Role',
  shift: 'Shift',
  status: 'Status',
  checkIn: 'Check in volunteer',
  checkedInBadge: 'CHECKED IN',
  notCheckedIn: 'Not checked in',
} as const;

/** 'This volunteer is signed up for another event: Riverside Restoration Day'. */
export function volunteerWrongEventText(title: string | null | undefined): string {
  const name = title?.trim();
  return name ? `${VOLUNTEER_DOOR_MESSAGES.wrongEvent}: ${name}` : VOLUNTEER_DOOR_MESSAGES.wrongEvent;
}

/** 'This volunteer signed up for Monthly trail crew, a role that is not part of an event, …'. */
export function volunteerStandaloneText(role: string | null | undefined): string {
  const name = role?.trim();
  return name
    ? `This volunteer signed up for ${name}, a role that is not part of an event, so they cannot be checked in here`
    : VOLUNTEER_DOOR_MESSAGES.standalone;
}

/** 'n of m volunteers checked in' (never part of the attendees' count). */
export function volunteerCountText(volunteers: readonly { checkedIn: boolean }[]): string {
  return `${volunteers.filter((volunteer) => volunteer.checkedIn).length} of ${volunteers.length} volunteer${volunteers.length === 1 ? '' : 's'} checked in`;
}

/** A volunteer as the door sees them: no e-mail, phone nor note. */
export interface DoorVolunteer {
  /** The sign-up id: what the pass encodes. */
  id: string;
  eventId: string | null;
  name: string;
  role: string;
  shift: { start: string; end: string; place: string };
  status: VolunteerSignupStatus;
  checkedIn: boolean;
  checkedInAt: string | null;
  checkedInBy: string | null;
  door: string | null;
}

/** GET /events/{id}/door-volunteers (staff): the event's volunteers, cancelled sign-ups included (a scan can say so). */
export interface DoorVolunteersReply {
  success: true;
  volunteers: DoorVolunteer[];
}

/** POST /volunteer/checkin/{signupId} (staff). */
export interface VolunteerCheckInRequest {
  /** The event the door admits for: a volunteer of another event or of a standalone role is refused. */
  eventId: string;
  /** The door's own name ('Gate 2'), kept on the sign-up and in the audit log. */
  door?: string;
}
export interface VolunteerCheckInReply {
  success: true;
  message: string;
  volunteer: DoorVolunteer;
}

/** Why the door may not admit a volunteer it holds in its list, or null (the event's own rules are the server's). */
export type VolunteerRefusal = 'VOLUNTEER_WRONG_EVENT' | 'VOLUNTEER_SIGNUP_CANCELLED' | 'VOLUNTEER_ALREADY_CHECKED_IN';

export function volunteerRefusal(volunteer: Pick<DoorVolunteer, 'eventId' | 'status' | 'checkedIn'>, eventId: string): VolunteerRefusal | null {
  if (volunteer.eventId !== eventId) return 'VOLUNTEER_WRONG_EVENT';
  if (volunteer.status !== 'active') return 'VOLUNTEER_SIGNUP_CANCELLED';
  if (volunteer.checkedIn) return 'VOLUNTEER_ALREADY_CHECKED_IN';
  return null;
}

export const VOLUNTEER_REFUSAL_MESSAGES: Record<VolunteerRefusal, string> = {
  VOLUNTEER_WRONG_EVENT: VOLUNTEER_DOOR_MESSAGES.wrongEvent,
  VOLUNTEER_SIGNUP_CANCELLED: VOLUNTEER_DOOR_MESSAGES.cancelled,
  VOLUNTEER_ALREADY_CHECKED_IN: VOLUNTEER_DOOR_MESSAGES.alreadyCheckedIn,
};
