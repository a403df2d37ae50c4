import {
  CHECKIN_MESSAGES,
  CHECKIN_REFUSAL_MESSAGES,
  admissionRefusal,
  checkInTimeRefusal,
  doorEventRefusal,
  wrongEventText,
  type CheckInRefusal,
} from '../shared/checkin-model.js';
import type { ErrorCode } from '../shared/error-codes.js';
import type { EventRecord } from '../shared/events-model.js';
import { RSVP_MESSAGES, type RsvpRecord } from '../shared/rsvps-model.js';
import type { RuleErrorKind } from '../rule-error.js';
import type { CheckInStamp, CheckInUndo } from '../rsvps/repository.js';

/*
 * Check-in decisions, pure: the service reads the RSVP and its event inside its
 * transaction, asks these, and writes only what they admit. The rules themselves are
 * shared (checkin-model.ts): `admissionRefusal` is the one an offline door applies too,
 * `doorEventRefusal` the one the door's event select applies.
 */

export interface Refusal {
  ok: false;
  code: ErrorCode;
  message: string;
  kind: RuleErrorKind;
  /** The input field at fault, if one is. */
  field?: string;
}
export type Decision<T> = { ok: true; value: T } | Refusal;

/** What the door asked (the parsed body) and what the server knows: who is signed in, and the time. */
export interface CheckInRequestContext {
  eventId: string;
  checkedInAt?: string;
  listLoadedAt?: string;
  by: string;
  now: Date;
}

const ticketNotFound: Refusal = { ok: false, code: 'TICKET_NOT_FOUND', message: RSVP_MESSAGES.ticketNotFound, kind: 'not-found' };

function refuse(refusal: CheckInRefusal, kind: RuleErrorKind = 'conflict', field?: string): Refusal {
  return { ok: false, code: refusal, message: CHECKIN_REFUSAL_MESSAGES[refusal], kind, ...(field ? { field } : {}) };
}

/**
 * Whether a ticket may be admitted, and what the admission records. In order: the ticket is
 * of the event the door names; an offline check-in's own time is believable (not in the
 * future, at most 24 h old, not before the device loaded its list); the event is one the door
 * may choose at that time (active, not archived, dated no more than 24 h before); the ticket
 * is confirmed, paid or free, and not yet checked in.
 */
export function decideCheckIn(rsvp: RsvpRecord | null, event: Omit<EventRecord, 'attendeeCount'> | null, request: CheckInRequestContext): Decision<CheckInStamp> {
  if (!rsvp || !event) return ticketNotFound;
  if (rsvp.eventId !== request.eventId) return { ok: false, code: 'WRONG_EVENT', message: wrongEventText(event.title), kind: 'conflict' };
  const timeRefusal = checkInTimeRefusal(request, request.now);
  if (timeRefusal) return refuse(timeRefusal, 'invalid', 'checkedInAt');
  const admittedAt = request.checkedInAt === undefined ? request.now : new Date(request.checkedInAt);
  const eventRefusal = doorEventRefusal(event, admittedAt);
  if (eventRefusal) return refuse(eventRefusal);
  const refusal = admissionRefusal({ ...rsvp, transferred: rsvp.transferredTo !== null });
  if (refusal) return refuse(refusal);
  return {
    ok: true,
    value: { checkedInAt: admittedAt.toISOString(), checkedInBy: request.by, checkInRecordedAt: request.now.toISOString() },
  };
}

/** Whether an admin may undo a check-in: only of a ticket that is checked in. */
export function decideUndo(rsvp: RsvpRecord | null, request: { by: string; now: Date }): Decision<CheckInUndo> {
  if (!rsvp) return ticketNotFound;
  if (!rsvp.checkedIn) return { ok: false, code: 'NOT_CHECKED_IN', message: CHECKIN_MESSAGES.notCheckedIn, kind: 'conflict' };
  return { ok: true, value: { checkInUndoneBy: request.by, checkInUndoneAt: request.now.toISOString() } };
}
