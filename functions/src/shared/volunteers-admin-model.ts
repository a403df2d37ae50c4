/**
 * The admins' Volunteers tab (issue 29 items 3 and 6) without zod: the shapes of its calls, the
 * coverage colours and their words, and every message of its rules. The tab imports this file;
 * volunteers.ts builds the validators from it.
 */
import type { VolunteerSignupStatus } from './volunteers-model.js';

export const VOLUNTEER_ADMIN_LIMITS = {
  title: 120,
  description: 2000,
  place: 200,
  /** Places on one shift (a day's crew, not a stadium). */
  capacity: 500,
  subject: 200,
  message: 5000,
} as const;

/** Red: below its minimum; amber: at or over the minimum but not full; green: full (issue 29 item 3). */
export type CoverageStatus = 'red' | 'amber' | 'green';

export function coverageStatus(filled: number, minimum: number, capacity: number): CoverageStatus {
  if (filled < minimum) return 'red';
  return filled >= capacity ? 'green' : 'amber';
}

/** The words beside each colour: the grid never says it by colour alone. */
export const COVERAGE_LABELS: Record<CoverageStatus, string> = {
  red: 'Below minimum',
  amber: 'Not full',
  green: 'Full',
};

export const VOLUNTEER_ADMIN_MESSAGES = {
  tabTitle: 'Volunteers',
  titleRequired: 'Title is required',
  titleTooLong: `Keep the title under ${VOLUNTEER_ADMIN_LIMITS.title} characters`,
  descriptionTooLong: `Keep the description under ${VOLUNTEER_ADMIN_LIMITS.description} characters`,
  placeTooLong: `Keep the place under ${VOLUNTEER_ADMIN_LIMITS.place} characters`,
  startRequired: 'Start date and time are required',
  endRequired: 'End date and time are required',
  endBeforeStart: 'A shift must end after it starts',
  capacityInvalid: `Capacity must be a whole number from 1 to ${VOLUNTEER_ADMIN_LIMITS.capacity}`,
  minimumInvalid: 'The minimum must be a whole number of 0 or more',
  minimumAboveCapacity: 'The minimum must not be larger than the capacity',
  capacityBelowSignups: (signups: number) => `Capacity cannot be below the ${signups} people already signed up`,
  archiveWithSignups: (signups: number) => `Move or cancel the ${signups} people signed up before archiving this shift`,
  roleNotFound: 'This volunteer role does not exist.',
  shiftNotFound: 'This shift does not exist.',
  signupNotFound: 'This sign-up does not exist.',
  eventNotFound: 'The event does not exist.',
  roleArchived: 'This role is archived: restore it first.',
  signupCancelled: 'This sign-up is already cancelled.',
  sameShift: 'The person is already on this shift.',
  targetFull: 'The shift to move to is full.',
  targetStarted: 'The shift to move to has already started.',
  targetArchived: 'The shift to move to is archived.',
  otherRole: 'You can only swap to another shift of the same role.',
  moveOverlap: 'The person already holds a shift at the same time.',
  subjectRequired: 'Subject is required',
  subjectTooLong: `Keep the subject under ${VOLUNTEER_ADMIN_LIMITS.subject} characters`,
  messageRequired: 'Message is required',
  messageTooLong: `Keep the message under ${VOLUNTEER_ADMIN_LIMITS.message} characters`,
  noOneToMessage: 'Nobody is signed up for this shift.',
  requestIdInvalid: 'requestId must be 8 to 64 letters, digits, - or _',
  directionInvalid: 'direction must be up or down',
  eventQueryInvalid: 'event must be an event id or "standalone"',
  loadFailed: 'Could not load the volunteers.',
  saveFailed: 'Could not save. Please try again.',
  roleCreated: 'Role created',
  roleSaved: 'Role saved',
  roleArchivedDone: 'Role archived',
  roleRestored: 'Role restored',
  shiftCreated: 'Shift created',
  shiftSaved: 'Shift saved',
  shiftArchivedDone: 'Shift archived',
  shiftRestored: 'Shift restored',
  moved: 'Moved to the other shift. They have been e-mailed the new shift.',
  swapped: 'Your shift is changed. We have e-mailed you the new details.',
  cancelledByAdmin: 'Sign-up cancelled. The person has been told by e-mail.',
  messageSent: (count: number) => `Message sent to ${count === 1 ? '1 person' : `${count} people`}`,
  csvReady: 'Sign-ups exported',
  csvFailed: 'Failed to export the sign-ups',
  readOnly: 'You can see the volunteers; only admins change them.',
  freeTicketLabel: 'Volunteers get a free ticket to the event',
  swapHeading: 'Swap to another shift of the same role',
  swapButton: 'Swap to this shift',
  swapKeep: 'Keep my shift',
  noSwap: 'No other shift of this role has a free place.',
} as const;

/** A role as the tab shows it. */
export interface VolunteerRoleAdmin {
  id: string;
  title: string;
  description: string;
  eventId: string | null;
  order: number;
  freeTicket: boolean;
  archived: boolean;
}

/** A sign-up with the person's contact details (admins and staff only). */
export interface VolunteerSignupAdmin {
  id: string;
  shiftId: string;
  name: string;
  email: string;
  phone: string;
  note: string;
  status: VolunteerSignupStatus;
  createdAt: string;
}

/** A message an admin sent to everyone on a shift. */
export interface VolunteerMessageAdmin {
  id: string;
  subject: string;
  recipients: number;
  sentAt: string;
  sentBy: string;
}

export interface VolunteerShiftAdmin {
  id: string;
  roleId: string;
  start: string;
  end: string;
  place: string;
  capacity: number;
  minimum: number;
  filled: number;
  archived: boolean;
  status: CoverageStatus;
  /** Active sign-ups, oldest first. */
  signups: VolunteerSignupAdmin[];
  messages: VolunteerMessageAdmin[];
}

export interface VolunteerCoverageRole extends VolunteerRoleAdmin {
  shifts: VolunteerShiftAdmin[];
}

/** GET /volunteer/admin/coverage?event={id|standalone}: roles by order, each with its shifts by start. */
export interface VolunteerCoverageReply {
  success: true;
  eventId: string | null;
  roles: VolunteerCoverageRole[];
}

export interface VolunteerRoleReply {
  success: true;
  message: string;
  role: VolunteerRoleAdmin;
}

export interface VolunteerShiftReply {
  success: true;
  message: string;
  shift: Omit<VolunteerShiftAdmin, 'signups' | 'messages'>;
}

export interface VolunteerAdminDoneReply {
  success: true;
  message: string;
}

export interface VolunteerMessageReply {
  success: true;
  message: string;
  sent: VolunteerMessageAdmin;
}

/** A shift the volunteer may swap to (POST /volunteer/signups/{id}/swap-options with the key). */
export interface VolunteerSwapOption {
  id: string;
  start: string;
  end: string;
  place: string;
  capacity: number;
  filled: number;
}
export interface VolunteerSwapOptionsReply {
  success: true;
  shifts: VolunteerSwapOption[];
}

export const VOLUNTEER_CSV_COLUMNS = ['Event', 'Role', 'Shift start', 'Shift end', 'Place', 'Name', 'Email', 'Phone', 'Note', 'Status', 'Signed up'] as const;
