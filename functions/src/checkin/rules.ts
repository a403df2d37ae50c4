import {
  CHECKIN_MESSAGES,
  CLOCK_SKEW_MS,
  OFFLINE_CHECKIN_MAX_AGE_MS,
  REFUSAL_MESSAGES,
  admissionRefusal,
  type AdmissionRefusal,
} from '../shared/checkin-model.js';
import type { ErrorCode } from '../shared/error-codes.js';
import type { EventRecord } from '../shared/events-model.js';
import { RSVP_MESSAGES, type RsvpRecord } from '../shared/rsvps-model.js';
import type { RuleErrorKind } from '../rule-error.js';
import type { CheckInStamp, CheckInUndo } from '../rsvps/repository.js';

/*
 * Check-in decisions, pure: the service reads the RSVP and its event inside its
 * transaction, asks these, and writes only what they admit. The admission rule
 * itself is the shared `admissionRefusal`, the one an offline door applies too.
 */

export interface Refusal {
  ok: false;
  code: ErrorCode;
  message: string;
  kind: RuleErrorKind;
}
export type Decision<T> = { ok: true; value: T } | Refusal;

/** What the door asked (the parsed body) and what the server knows: who is signed in, and the time. */
export interface CheckInRequestContext {
  eventId?: string;
  checkedInAt?: string;
  by: string;
  now: Date;
}

const ticketNotFound: Refusal = { ok: false, code: 'TICKET_NOT_FOUND', message: RSVP_MESSAGES.ticketNotFound, kind: 'not-found' };

function refuse(refusal: AdmissionRefusal): Refusal {
  return { ok: false, code: refusal, message: REFUSAL_MESSAGES[refusal], kind: 'conflict' };
}

/**
 * The time a check-in is recorded at: the door's own time when a queued offline check-in
 * carries one within [now - OFFLINE_CHECKIN_MAX_AGE_MS, now + CLOCK_SKEW_MS], else now.
 */
export function admissionTime(claimed: string | undefined, now: Date): string {
  const time = claimed ? new Date(claimed).getTime() : Number.NaN;
  const inWindow = Number.isFinite(time) && time >= now.getTime() - OFFLINE_CHECKIN_MAX_AGE_MS && time <= now.getTime() + CLOCK_SKEW_MS;
  return new Date(inWindow ? time : now.getTime()).toISOString();
}

/** Whether a ticket may be admitted now, and what the admission records. */
export function decideCheckIn(rsvp: RsvpRecord | null, event: Omit<EventRecord, 'attendeeCount'> | null, request: CheckInRequestContext): Decision<CheckInStamp> {
  if (!rsvp || !event) return ticketNotFound;
  const refusal = admissionRefusal(rsvp, request.eventId);
  if (refusal) return refuse(refusal);
  return {
    ok: true,
    value: { checkedInAt: admissionTime(request.checkedInAt, request.now), checkedInBy: request.by, checkInRecordedAt: request.now.toISOString() },
  };
}

/** Whether an admin may undo a check-in: only of a ticket that is checked in. */
export function decideUndo(rsvp: RsvpRecord | null, request: { by: string; now: Date }): Decision<CheckInUndo> {
  if (!rsvp) return ticketNotFound;
  if (!rsvp.checkedIn) return { ok: false, code: 'NOT_CHECKED_IN', message: CHECKIN_MESSAGES.notCheckedIn, kind: 'conflict' };
  return { ok: true, value: { checkInUndoneBy: request.by, checkInUndoneAt: request.now.toISOString() } };
}
