import { createHash } from 'node:crypto';
import { mailboxOf } from '../shared/mailbox.js';
import type { VolunteerSignupStatus } from '../shared/volunteers-model.js';
import { collection, type StoredDocument } from '../store/port.js';

/*
 * The volunteers' collections (issue 29): this file alone names them. A role (planting, water,
 * first aid) belongs to an event or stands alone (a monthly trail crew); its shifts carry the
 * times, the place, the capacity and the minimum; a sign-up is one person on one shift.
 */

export type StoredVolunteerRole = {
  title: string;
  description: string;
  /** The event it serves; null for a standalone role. */
  eventId: string | null;
  /** Its place on the page among the roles of its group (ascending). */
  order: number;
  archived: boolean;
  createdAt: string;
  /** 'Volunteers get a free ticket to the event' (issue 29 item 4); absent on roles made before it: false. */
  freeTicket?: boolean;
};
export const VOLUNTEER_ROLES = collection<StoredVolunteerRole>('volunteerRoles');

/**
 * A shift, with its own count of places taken. The count is a single counter on the shift
 * document, changed only in the transaction that creates or cancels a sign-up, so it never
 * passes the capacity. No shards (seats/ splits an event's capacity over several documents so
 * hundreds of registrations do not queue on one): a shift has a few dozen places at most, so
 * at most that many successful writes queue on it, and a rush past it only reads 'full'.
 */
export type StoredVolunteerShift = {
  roleId: string;
  /** The role's event (or null), copied so the page's query needs no join. */
  eventId: string | null;
  /** ISO instants (UTC). */
  start: string;
  end: string;
  place: string;
  capacity: number;
  /** Below it the page says 'needs n more'. */
  minimum: number;
  /** Active sign-ups: the counter. */
  filled: number;
  createdAt: string;
  /** Archived by an admin (the Volunteers tab): off the public page, no sign-ups; absent: false. */
  archived?: boolean;
};
export const VOLUNTEER_SHIFTS = collection<StoredVolunteerShift>('volunteerShifts');
export type VolunteerShiftDocument = StoredDocument<StoredVolunteerShift>;

export type StoredVolunteerSignup = {
  shiftId: string;
  roleId: string;
  eventId: string | null;
  name: string;
  /** As typed (mail goes there); limits count its mailbox (volunteerPeople). */
  email: string;
  phone: string;
  note: string;
  status: VolunteerSignupStatus;
  createdAt: string;
  updatedAt: string;
  /** SHA-256 hashes of the sign-up page links e-mailed (rsvps/link-keys.ts): the newest few. */
  linkKeys?: string[];
  /**
   * The free ticket (an RSVP of the event) this sign-up made or shares with another sign-up of the
   * same person (free-ticket.ts); cancelling the sign-up cancels it. Absent or null: none.
   */
  ticketRsvpId?: string | null;
  /** How many times an admin or the person moved it to another shift (each move's e-mail has its own job). */
  moves?: number;
  /** Set when an admin cancelled it (the person was told by e-mail). */
  cancelledBy?: 'admin' | 'volunteer';
  /** Checked in at the door (issue 29 item 5, volunteers/door.ts): when, by whom (staff e-mail), at which door. Absent: not yet. */
  checkedInAt?: string | null;
  checkedInBy?: string | null;
  checkInDoor?: string | null;
};
export const VOLUNTEER_SIGNUPS = collection<StoredVolunteerSignup>('volunteerSignups');

/**
 * One mailbox's active sign-ups with their times, read and written in every sign-up and cancel
 * of that mailbox: two sign-ups of one person queue on it (no overlap, the per-e-mail limit),
 * while different people's sign-ups touch different documents.
 */
export type VolunteerPerson = {
  shifts: {
    signupId: string;
    shiftId: string;
    start: string;
    end: string;
    /** The free ticket the sign-up holds (free-ticket.ts): a later sign-up for the same event shares it. */
    ticketRsvpId?: string | null;
  }[];
};
export const VOLUNTEER_PEOPLE = collection<VolunteerPerson>('volunteerPeople');

export function volunteerPersonId(email: string): string {
  return createHash('sha256').update(mailboxOf(email)).digest('hex').slice(0, 40);
}

/** The mail job of a sign-up's confirmation: one per sign-up, so a retried sign-up queues nothing more. */
export function confirmationMailId(signupId: string): string {
  return `volunteer-confirmation-${signupId}`;
}

/**
 * One volunteer reminder queued (issue 29; volunteers/reminders.ts): the record that makes it happen
 * once per sign-up, offset and shift start, created (never set) in the transaction that queues its
 * mail job, so two sweeps at once cannot both queue it. The id is the key.
 */
export type VolunteerReminderSend = { signupId: string; shiftId: string; offsetHours: number; shiftStart: string; mailJobId: string; queuedAt: string };
export const VOLUNTEER_REMINDER_SENDS = collection<VolunteerReminderSend>('volunteerReminderSends');

/** `~` never occurs in ids (base64url), so the parts cannot run into each other. */
export function volunteerReminderSendId(signupId: string, offsetHours: number, shiftStart: string): string {
  return `${signupId}~${offsetHours}h~${Date.parse(shiftStart)}`;
}

/** A message an admin sent to everyone on a shift (issue 29 item 3); its id is the request's own, so a repeat sends nothing more. */
export type StoredVolunteerMessage = {
  shiftId: string;
  eventId: string | null;
  subject: string;
  message: string;
  /** The sign-ups it went to. */
  signupIds: string[];
  sentBy: string;
  sentAt: string;
};
export const VOLUNTEER_MESSAGES_SENT = collection<StoredVolunteerMessage>('volunteerMessages');

/** The mail job of one recipient of a shift message: one per (message, sign-up). */
export function shiftMessageMailId(messageId: string, signupId: string): string {
  return `volunteer-message-${messageId}-${signupId}`;
}

/** The mail job telling the person an admin cancelled their sign-up: one per sign-up. */
export function cancelledMailId(signupId: string): string {
  return `volunteer-cancelled-${signupId}`;
}

/** The mail job of a move's new shift: one per move of the sign-up. */
export function movedMailId(signupId: string, move: number): string {
  return `volunteer-moved-${signupId}-${move}`;
}
