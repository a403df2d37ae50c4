import { describe, expect, it } from 'vitest';
import { defaultTicketType } from '@shared/events-model.js';
import { PERSON_NAME_MESSAGES } from '@shared/person-name-model.js';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { ApiError } from '../api/client.js';
import {
  amountInCents,
  fieldMessage,
  initialValues,
  isEventFull,
  rsvpBody,
  showTicketSelect,
  submitFailure,
  submitLabel,
  ticketOptionLabel,
  validateRegistration,
} from './registration.js';

const paid = {
  requiresPayment: true,
  ticketTypes: ['Member', 'General', 'Student'],
  ticketPrices: { General: 45, Member: 35, Student: 20.5 } as Record<string, number>,
  allowAdditionalInfo: false,
};
const free = { requiresPayment: false, ticketTypes: ['General'], ticketPrices: {} as Record<string, number>, allowAdditionalInfo: true };

describe('ticket types', () => {
  it('defaults to General when offered, else the first type', () => {
    expect(defaultTicketType(paid)).toBe('General');
    expect(defaultTicketType({ ticketTypes: ['Adult', 'Child'] })).toBe('Adult');
    expect(defaultTicketType({ ticketTypes: [] })).toBe('General');
    expect(initialValues(paid).ticketType).toBe('General');
  });

  it('shows the select only when there is more than one type', () => {
    expect(showTicketSelect(paid)).toBe(true);
    expect(showTicketSelect(free)).toBe(false);
  });

  it('labels options with their price on paid events', () => {
    expect(ticketOptionLabel(paid, 'Member')).toBe('Member — $35.00');
    expect(ticketOptionLabel(paid, 'Student')).toBe('Student — $20.50');
    expect(ticketOptionLabel({ ...paid, ticketPrices: {} }, 'Member')).toBe('Member');
    expect(ticketOptionLabel({ ...free, ticketTypes: ['General', 'VIP'] }, 'VIP')).toBe('VIP');
  });
});

describe('amounts', () => {
  it('prices the chosen ticket, 0 for free events or types without a price', () => {
    expect(amountInCents(paid, 'Member')).toBe(3500);
    expect(amountInCents(paid, 'Student')).toBe(2050);
    expect(amountInCents(paid, 'Unknown')).toBe(0);
    expect(amountInCents(free, 'General')).toBe(0);
  });

});

describe('event state', () => {
  it('is full when a maximum is set and reached', () => {
    expect(isEventFull({ maxAttendees: 10, attendeeCount: 10 })).toBe(true);
    expect(isEventFull({ maxAttendees: 10, attendeeCount: 11 })).toBe(true);
    expect(isEventFull({ maxAttendees: 10, attendeeCount: 9 })).toBe(false);
    expect(isEventFull({ maxAttendees: null, attendeeCount: 500 })).toBe(false);
  });

  it('labels the submit button by whether payment follows', () => {
    expect(submitLabel(paid)).toBe('Continue to Payment');
    expect(submitLabel(free)).toBe('Register');
  });
});

describe('validateRegistration', () => {
  it('requires name and email with the spec wording', () => {
    expect(validateRegistration({ name: ' ', email: '' })).toEqual({ message: RSVP_MESSAGES.nameAndEmailRequired, invalid: ['name', 'email'] });
    expect(validateRegistration({ name: 'Ann', email: '' })).toEqual({ message: 'Name and email are required', invalid: ['email'] });
    expect(validateRegistration({ name: '', email: 'ann@example.org' })).toEqual({ message: 'Name and email are required', invalid: ['name'] });
  });

  it('checks the email looks like one', () => {
    expect(validateRegistration({ name: 'Ann', email: 'ann@' })).toEqual({ message: RSVP_MESSAGES.invalidEmail, invalid: ['email'] });
    expect(validateRegistration({ name: 'Ann', email: ' ann@example.org ' })).toEqual({ message: null, invalid: [] });
  });

  it('takes a person\'s name only, said under the Name field (issue 23 item 3)', () => {
    expect(validateRegistration({ name: 'acme-login.wtf', email: 'ann@example.org' })).toEqual({
      message: null,
      invalid: ['name'],
      fieldErrors: { name: PERSON_NAME_MESSAGES.webAddress },
    });
    expect(validateRegistration({ name: 'Call +1 888 555 0100', email: 'ann@' })).toEqual({
      message: RSVP_MESSAGES.invalidEmail,
      invalid: ['name', 'email'],
      fieldErrors: { name: PERSON_NAME_MESSAGES.lettersOnly },
    });
    expect(validateRegistration({ name: '\u200b ', email: 'ann@example.org' })).toEqual({ message: RSVP_MESSAGES.nameAndEmailRequired, invalid: ['name'] });
    expect(validateRegistration({ name: 'Nguyễn Thị Minh Khai', email: 'ann@example.org' })).toEqual({ message: null, invalid: [] });
  });
});

describe('rsvpBody', () => {
  const values = {
    name: ' Ann Lee ',
    email: ' ann@example.org ',
    address: ' 1 Main St ',
    city: 'Springdale',
    state: 'UT',
    zipCode: ' 84767 ',
    ticketType: '',
    additionalInfo: ' Vegetarian ',
    keepInformed: true,
  };

  it('trims the values and fills the default ticket type', () => {
    expect(rsvpBody(values, free)).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.org',
      address: '1 Main St',
      city: 'Springdale',
      state: 'UT',
      zipCode: '84767',
      ticketType: 'General',
      additionalInfo: 'Vegetarian',
    });
  });

  it('sends additional information only when the event asks for it', () => {
    expect(rsvpBody(values, paid).additionalInfo).toBe('');
  });

  it("sends 'Keep me informed' only when the event offers it (it has a mailing list), as ticked", () => {
    expect(rsvpBody(values, free)).not.toHaveProperty('keepInformed');
    expect(rsvpBody(values, { ...free, mailingList: true }).keepInformed).toBe(true);
    expect(rsvpBody({ ...values, keepInformed: false }, { ...free, mailingList: true }).keepInformed).toBe(false);
  });
});

describe('submitFailure', () => {
  it('says network error on a network failure', () => {
    expect(submitFailure(new ApiError('Network error occurred', 0))).toEqual({ message: RSVP_MESSAGES.networkError, tone: 'error', fieldErrors: {} });
    expect(submitFailure(new TypeError('Failed to fetch')).message).toBe('Network error. Please try again.');
  });

  it("shows the server's message, e.g. a full event", () => {
    expect(submitFailure(new ApiError(RSVP_MESSAGES.eventFull, 409, RSVP_MESSAGES.eventFull))).toMatchObject({ message: 'Sorry, this event is full.', tone: 'error' });
  });

  it("'already registered' is a notice, not an error: the details went to the address on file (issue 23)", () => {
    const repeat = new ApiError(RSVP_MESSAGES.alreadyRegistered, 409, RSVP_MESSAGES.alreadyRegistered, undefined, 'ALREADY_REGISTERED');
    expect(submitFailure(repeat)).toEqual({ message: RSVP_MESSAGES.alreadyRegistered, tone: 'notice', fieldErrors: {} });
    // Another 409 stays an error.
    expect(submitFailure(new ApiError(RSVP_MESSAGES.eventFull, 409, RSVP_MESSAGES.eventFull, undefined, 'EVENT_FULL')).tone).toBe('error');
  });

  it('keeps field errors for the form fields only', () => {
    const error = new ApiError('Please enter a valid email address', 400, 'Please enter a valid email address', {
      email: 'Please enter a valid email address',
      'nested.path': 'x',
    });
    expect(submitFailure(error).fieldErrors).toEqual({ email: 'Please enter a valid email address' });
  });

  it("falls back to 'Failed to submit RSVP'", () => {
    expect(submitFailure(new ApiError('Failed to submit RSVP', 500)).message).toBe(RSVP_MESSAGES.submitFailed);
    expect(submitFailure('weird').message).toBe('Failed to submit RSVP');
  });

  it('shows a field message once: not next to the field when the alert says the same', () => {
    expect(fieldMessage({ email: 'Bad' }, 'email', 'Bad')).toBeNull();
    expect(fieldMessage({ email: 'Bad' }, 'email', 'Other')).toBe('Bad');
    expect(fieldMessage({}, 'email', null)).toBeNull();
  });
});
