/**
 * Volunteers (issue 29) without zod: the shapes of roles, shifts and sign-ups, their limits and
 * wording. The public /volunteer page and the sign-up page import this file; volunteers.ts builds
 * the validators from it.
 */
import { DEFAULT_MAX_REGISTRATIONS_PER_EMAIL } from './events-model.js';
import { RSVP_FIELD_LIMITS } from './rsvps-model.js';

export const VOLUNTEER_LIMITS = {
  name: RSVP_FIELD_LIMITS.name,
  email: RSVP_FIELD_LIMITS.email,
  phone: 40,
  note: 1000,
  /**
   * Upcoming shifts one mailbox may hold at once: the registration's default per-e-mail limit,
   * so one address cannot take a whole role's places.
   */
  shiftsPerEmail: DEFAULT_MAX_REGISTRATIONS_PER_EMAIL,
} as const;

/** A phone number: digits with the usual separators (the phone is optional: blank passes elsewhere). */
export const PHONE_PATTERN = /^[+()\d][\d\s().+-]*$/;

/** A sign-up's life: 'active' holds a place; 'cancelled' (from the person's page) gave it back. */
export const VOLUNTEER_SIGNUP_STATUSES = ['active', 'cancelled'] as const;
export type VolunteerSignupStatus = (typeof VOLUNTEER_SIGNUP_STATUSES)[number];

export const VOLUNTEER_MESSAGES = {
  pageTitle: 'Volunteer',
  pageIntro: 'Caring for the Zion region, one volunteer at a time. Pick a shift below and sign up: no account needed.',
  standaloneHeading: 'Ongoing opportunities',
  none: 'No volunteer shifts are open right now. Please check back soon.',
  loadFailed: 'Could not load the volunteer opportunities. Please try again.',
  signUpButton: 'Sign up',
  signUpHeading: 'Sign up for this shift',
  submitButton: 'Sign me up',
  nameLabel: 'Name',
  emailLabel: 'E-mail',
  phoneLabel: 'Phone (optional)',
  noteLabel: 'Note (optional)',
  nameRequired: 'Name is required',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a phone number of digits, spaces and + ( ) - only',
  full: 'Full',
  shiftFull: 'This shift is full. Please choose another shift.',
  eventFull: 'This shift comes with a free ticket, and the event is full: no more volunteers can sign up for it. Please choose another shift.',
  shiftNotFound: 'This shift does not exist or is no longer open.',
  shiftOver: 'This shift has already started.',
  overlap: 'You are already signed up for a shift at the same time.',
  alreadySignedUp: 'You are already signed up for this shift.',
  tooMany: (limit: number) => `At most ${limit} upcoming shifts per e-mail address.`,
  signedUp: 'Thank you for volunteering! We have e-mailed you the details and a link to your sign-up.',
  signUpFailed: 'Could not sign you up. Please try again.',
  linkInvalid: 'This volunteer link is not valid. Use the link in your most recent e-mail.',
  cancelButton: 'Cancel my shift',
  cancelConfirm: 'Cancel your shift? Your place goes to someone else.',
  cancelled: 'Your shift is cancelled. Thank you for letting us know.',
  alreadyCancelled: 'This sign-up is cancelled.',
  signupHeading: 'Your volunteer shift',
  backToVolunteer: 'See other shifts',
  freeTicketNote: 'Volunteers get a free ticket to the event: signing up registers you too.',
  addToCalendar: 'Add to calendar',
  googleCalendar: 'Google Calendar',
  downloadIcs: 'Download .ics',
  calendarFailed: 'Could not make the calendar file. Please try again.',
} as const;

/** The API path (under /api) of a sign-up's .ics: POST with the page's key in the body. */
export function volunteerCalendarPath(signupId: string): string {
  return `/volunteer/signups/${encodeURIComponent(signupId)}/calendar.ics`;
}

/** 'filled 3 of 5'. */
export function filledText(filled: number, capacity: number): string {
  return `filled ${filled} of ${capacity}`;
}

/** 'needs 2 more' while under the minimum, else null. */
export function needsText(filled: number, minimum: number): string | null {
  return filled < minimum ? `needs ${minimum - filled} more` : null;
}

/** Whether two shifts' times overlap (touching ends do not: 8-11 then 11-14 is fine). */
export function shiftsOverlap(a: { start: string; end: string }, b: { start: string; end: string }): boolean {
  return Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);
}

/** A shift as the public page shows it. */
export interface VolunteerShiftView {
  id: string;
  start: string;
  end: string;
  place: string;
  capacity: number;
  minimum: number;
  filled: number;
}

export interface VolunteerRoleView {
  id: string;
  title: string;
  description: string;
  /** Issue 29 item 4: signing up also gives a free ticket to the event (absent: no). */
  freeTicket?: boolean;
  shifts: VolunteerShiftView[];
}

/** One group of the page: an event's roles, or the standalone ones (event null). */
export interface VolunteerGroupView {
  event: { id: string; title: string; date: string; customUrl: string } | null;
  roles: VolunteerRoleView[];
}

/** GET /volunteer: upcoming shifts of roles not archived, grouped by event (standalone last). */
export interface VolunteerOpportunitiesReply {
  success: true;
  groups: VolunteerGroupView[];
}

/** POST /volunteer/shifts/{shiftId}/signups. */
export interface VolunteerSignUpRequest {
  name: string;
  email: string;
  phone?: string;
  note?: string;
}

/** The reply names no sign-up id nor key: its link goes to the address only (like registration). */
export interface VolunteerSignUpReply {
  success: true;
  message: string;
}

/** A sign-up as its owner's page shows it (POST /volunteer/signups/{id}/view with the key). */
export interface VolunteerSignupView {
  id: string;
  status: VolunteerSignupStatus;
  name: string;
  role: { title: string; description: string };
  shift: { start: string; end: string; place: string };
  event: { id: string; title: string; customUrl: string } | null;
  /** 'Add to calendar' (active sign-ups): the Google Calendar link of the shift, made by the API (the page loads no calendar code). */
  googleCalendarUrl?: string;
}
export interface VolunteerSignupReply {
  success: true;
  signup: VolunteerSignupView;
  message?: string;
}
