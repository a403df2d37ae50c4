import { isEmailAddress } from '@shared/fields-model.js';
import { normalisePersonName, personNameProblem } from '@shared/person-name-model.js';
import { WAITLIST_LIMITS, WAITLIST_MESSAGES, type JoinWaitlistRequest } from '@shared/waitlist-model.js';

/** The join form's values as typed (seats as the select's text). */
export interface WaitlistValues {
  name: string;
  email: string;
  seats: string;
  together: boolean;
}

export type WaitlistErrors = Partial<Record<'name' | 'email' | 'seats', string>>;

/**
 * The checks the API makes (shared/waitlist.ts), with the same shared messages, so the form says them
 * before asking: a name that is a name, an address, seats from 1 to the event's per-e-mail limit.
 */
export function waitlistErrors(values: WaitlistValues, limit: number): WaitlistErrors {
  const errors: WaitlistErrors = {};
  const name = normalisePersonName(values.name);
  if (!name) errors.name = WAITLIST_MESSAGES.nameRequired;
  else {
    const problem = personNameProblem(name);
    if (problem) errors.name = problem;
  }
  if (!isEmailAddress(values.email) || values.email.trim().length > WAITLIST_LIMITS.email) errors.email = WAITLIST_MESSAGES.emailInvalid;
  const seats = Number(values.seats);
  if (!Number.isInteger(seats) || seats < WAITLIST_LIMITS.minSeats) errors.seats = WAITLIST_MESSAGES.seatsInvalid;
  else if (seats > limit) errors.seats = WAITLIST_MESSAGES.seatsOverLimit(limit);
  return errors;
}

export function waitlistBody(values: WaitlistValues): JoinWaitlistRequest {
  return { name: normalisePersonName(values.name), email: values.email.trim(), seats: Number(values.seats), together: values.together };
}
