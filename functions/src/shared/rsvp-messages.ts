/** Plain constants, free of zod so the public site can import them; rsvps.ts re-exports them. */

/** Messages of the registration journey (SPEC §8 and issue wording). */
export const RSVP_MESSAGES = {
  nameAndEmailRequired: 'Name and email are required',
  invalidEmail: 'Please enter a valid email address',
  invalidTicket: 'Invalid ticket type or pricing',
  eventFull: 'Sorry, this event is full.',
  registered: 'You are registered! Your ticket is on its way to your inbox.',
  registeredNoTicket: 'You are registered! A confirmation is on its way to your inbox.',
  paymentRequired: 'Please complete payment to confirm your registration.',
  submitFailed: 'Failed to submit RSVP',
  networkError: 'Network error. Please try again.',
  rsvpNotFound: 'RSVP not found',
  ticketNotFound: 'Ticket not found',
} as const;
