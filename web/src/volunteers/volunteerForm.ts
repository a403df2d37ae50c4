import { isEmailAddress } from '@shared/fields-model.js';
import { normalisePersonName, personNameProblem } from '@shared/person-name-model.js';
import { PHONE_PATTERN, VOLUNTEER_LIMITS, VOLUNTEER_MESSAGES, type VolunteerSignUpRequest } from '@shared/volunteers-model.js';

/** The sign-up form's values as typed. */
export interface VolunteerValues {
  name: string;
  email: string;
  phone: string;
  note: string;
}

export type VolunteerErrors = Partial<Record<keyof VolunteerValues, string>>;

/**
 * The checks the API makes (shared/volunteers.ts), with the same shared messages, so the form says
 * them before asking: a name that is a name, an address, a phone of digits when one is given.
 */
export function volunteerErrors(values: VolunteerValues): VolunteerErrors {
  const errors: VolunteerErrors = {};
  const name = normalisePersonName(values.name);
  if (!name) errors.name = VOLUNTEER_MESSAGES.nameRequired;
  else {
    const problem = personNameProblem(name);
    if (problem) errors.name = problem;
  }
  if (!isEmailAddress(values.email) || values.email.trim().length > VOLUNTEER_LIMITS.email) errors.email = VOLUNTEER_MESSAGES.emailInvalid;
  const phone = values.phone.trim();
  if (phone && (!PHONE_PATTERN.test(phone) || phone.length > VOLUNTEER_LIMITS.phone)) errors.phone = VOLUNTEER_MESSAGES.phoneInvalid;
  if (values.note.trim().length > VOLUNTEER_LIMITS.note) errors.note = `At most ${VOLUNTEER_LIMITS.note} characters`;
  return errors;
}

export function volunteerBody(values: VolunteerValues): VolunteerSignUpRequest {
  return { name: normalisePersonName(values.name), email: values.email.trim(), phone: values.phone.trim(), note: values.note.trim() };
}
