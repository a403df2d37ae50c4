/**
 * Stable, machine-readable codes carried by every refusal (`{ success: false, code, message }`).
 * The client branches on these, never on a message's wording; messages may be reworded freely.
 * Zod-free: the public site imports it.
 */
export const ERROR_CODES = [
  // Generic refusals, raised by the HTTP layer.
  'INVALID_INPUT',
  'BODY_NOT_JSON',
  'BODY_NOT_OBJECT',
  'BODY_TOO_LARGE',
  'AUTH_REQUIRED',
  'FORBIDDEN',
  'EMAIL_NOT_VERIFIED',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'BUSY',
  'INTERNAL',
  // Events.
  'EVENT_NOT_FOUND',
  'CUSTOM_URL_TAKEN',
  'CUSTOM_URL_RESERVED',
  'ARCHIVED_CANNOT_ACTIVATE',
  'CAPACITY_BELOW_REGISTERED',
  // A ticket type's quota below its tickets taken (issue 26 item 4).
  'QUOTA_BELOW_TAKEN',
  'PAID_EVENT_NEEDS_PRICE',
  // Registration and tickets.
  'EVENT_FULL',
  // The ticket type's quota is used up (issue 26 item 4); the event may have seats for other types.
  'TICKET_TYPE_SOLD_OUT',
  'INVALID_TICKET',
  'RSVP_NOT_FOUND',
  // Issue 26 item 2: a printable receipt asked for with a wrong or missing key (or of no order).
  'RECEIPT_NOT_FOUND',
  'TICKET_NOT_FOUND',
  'ALREADY_REGISTERED',
  'REGISTRATION_CLOSED',
  'REGISTRATION_LIMIT_REACHED',
  // Links in an attendee's e-mail (confirm a registration, finish a payment; issue 23).
  'LINK_INVALID',
  'LINK_EXPIRED',
  'ALREADY_PAID',
  'ALREADY_CANCELLED',
  'CANCEL_CLOSED',
  // Check-in at the door.
  'ALREADY_CHECKED_IN',
  'NOT_CHECKED_IN',
  'TICKET_CANCELLED',
  'TICKET_TRANSFERRED',
  'TRANSFER_CLOSED',
  'TRANSFER_LIMIT',
  'SAME_HOLDER',
  'PAYMENT_INCOMPLETE',
  'NOT_CONFIRMED',
  'WRONG_EVENT',
  // The door admits tonight's tickets only (issue 23 item 9): the event, and an offline check-in's time.
  'CHECKIN_EVENT_ARCHIVED',
  'CHECKIN_EVENT_INACTIVE',
  'CHECKIN_CLOSED',
  'CHECKIN_TIME_IN_FUTURE',
  'CHECKIN_TIME_TOO_OLD',
  'CHECKIN_TIME_BEFORE_LIST',
  // Payments.
  'PAYMENT_NOT_FOUND',
  'AMOUNT_MISMATCH',
  'CARD_DECLINED',
  'CARD_INCOMPLETE',
  'INVALID_WEBHOOK_SIGNATURE',
  'NOT_REFUNDABLE',
  'REFUND_FAILED',
  // Uploads.
  'FILE_TOO_LARGE',
  'INVALID_IMAGE',
  // Sponsors.
  'SPONSOR_NOT_FOUND',
  'SPONSOR_ORDER_MISMATCH',
  // E-mail.
  'UNKNOWN_TEMPLATE',
  'TEMPLATE_DOES_NOT_COMPILE',
  'TEMPLATE_UNESCAPED_FIELD',
  'TEMPLATE_MISSING_LINK',
  // Templates cannot be turned against readers or the server (issue 23 item 6).
  'TEMPLATE_NOT_ALLOWED',
  'TEMPLATE_TOO_LARGE',
  'MAIL_SEND_FAILED',
  'CONTACT_UNAVAILABLE',
  // The admin team and its invitations.
  'ALREADY_ON_TEAM',
  'CANNOT_REMOVE_SELF',
  'LAST_ADMIN',
  'TEAM_MEMBER_NOT_FOUND',
  'INVITATION_NOT_FOUND',
  'INVALID_INVITATION',
  'INVITATION_WRONG_ACCOUNT',
  'INVITATION_SEND_FAILED',
  // Mailchimp.
  'MAILCHIMP_NOT_CONFIGURED',
  'MAILCHIMP_AUDIENCE_NOT_FOUND',
  'MAILCHIMP_FAILED',
  // Orders of several tickets (issue 26 item 1).
  'ORDER_TOO_LARGE',
  'DUPLICATE_ATTENDEE',
  'ATTENDEE_REGISTERED',
  'ORDER_NOT_FOUND',
  // The waitlist of a full event (issue 28).
  'WAITLIST_NOT_FULL',
  'WAITLIST_ENTRY_NOT_FOUND',
  'WAITLIST_NOT_WAITING',
  // Issue 28 item 2: offers.
  'WAITLIST_NOT_OFFERED',
  'OFFER_EXPIRED',
  'OFFER_TOO_LATE',
  'NO_SEATS_TO_OFFER',
  // Volunteers (issue 29).
  'VOLUNTEER_SHIFT_NOT_FOUND',
  'VOLUNTEER_SHIFT_FULL',
  'VOLUNTEER_SHIFT_STARTED',
  'VOLUNTEER_SHIFT_OVERLAP',
  'VOLUNTEER_ALREADY_SIGNED_UP',
  'VOLUNTEER_LIMIT_REACHED',
  'VOLUNTEER_SHIFT_INVALID',
  // The admins' Volunteers tab (issue 29 items 3 and 6).
  'VOLUNTEER_ROLE_NOT_FOUND',
  'VOLUNTEER_SIGNUP_NOT_FOUND',
  'VOLUNTEER_CAPACITY_BELOW_SIGNUPS',
  'VOLUNTEER_SHIFT_HAS_SIGNUPS',
  'VOLUNTEER_SAME_SHIFT',
  'VOLUNTEER_OTHER_ROLE',
  'VOLUNTEER_SIGNUP_CANCELLED',
  'VOLUNTEER_NOBODY_ON_SHIFT',
  // Issue 29 item 5: volunteers at the door (VOLUNTEER_SIGNUP_CANCELLED above serves the door too).
  'VOLUNTEER_PASS_NOT_FOUND',
  'VOLUNTEER_WRONG_EVENT',
  'VOLUNTEER_ALREADY_CHECKED_IN',
  'VOLUNTEER_EVENT_FULL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The generic code for an HTTP status, used where no more specific code applies. */
export function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'AUTH_REQUIRED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'BODY_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 400 && status < 500) return 'INVALID_INPUT';
  return 'INTERNAL';
}
