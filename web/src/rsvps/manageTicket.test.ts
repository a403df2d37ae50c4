import { describe, expect, it } from 'vitest';
import { PERSON_NAME_MESSAGES } from '@shared/person-name-model.js';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { transferTicketSchema } from '@shared/rsvps.js';
import { ApiError } from '../api/client.js';
import { cancelQuestion, refundTermsText, transferFailure, transferFieldErrors } from './manageTicket.js';

describe('the manage page’s words (issue 25 items 4 and 5)', () => {
  it('states a paid ticket’s refund rule in the organisation’s time zone, with the amount as money', () => {
    const until = '2026-12-04T02:30:00.000Z';
    expect(refundTermsText(null)).toBeNull();
    expect(refundTermsText({ amount: 2500, refundableUntil: until, refundDue: true })).toBe('Full refund of $25.00 if you cancel before Thursday, December 3, 2026 at 7:30 PM MST');
    expect(refundTermsText({ amount: 2500, refundableUntil: until, refundDue: false })).toBe('No refund: refunds for this ticket ended Thursday, December 3, 2026 at 7:30 PM MST');
    expect(refundTermsText({ amount: 2500, refundableUntil: null, refundDue: false })).toBe('This ticket is not refundable');
    expect(cancelQuestion({ amount: 1999, refundableUntil: until, refundDue: true })).toContain('$19.99 will be refunded to your card.');
    expect(cancelQuestion({ amount: 1999, refundableUntil: null, refundDue: false })).toContain('You will not get a refund.');
  });

  it('checks the new holder as the server’s schema does, field by field', () => {
    const cases = [
      { name: 'Grace Hopper', email: 'grace@example.org' },
      { name: '', email: 'grace@example.org' },
      { name: 'Grace Hopper', email: '' },
      { name: 'Grace Hopper', email: 'nope' },
      { name: 'http://spam.example', email: 'grace@example.org' },
      { name: '12345', email: 'x@' },
    ];
    for (const values of cases) {
      const server = transferTicketSchema.safeParse({ key: 'k', ...values });
      const client = transferFieldErrors(values);
      expect(client === null, JSON.stringify(values)).toBe(server.success);
      // Each field the server refuses is refused here too, in the same words when it says one thing.
      for (const issue of server.error?.issues ?? []) {
        const field = issue.path[0] as 'name' | 'email';
        expect(client?.[field], JSON.stringify(values)).toBeTruthy();
      }
    }
    expect(transferFieldErrors({ name: 'Grace Hopper', email: 'nope' })).toEqual({ email: RSVP_MESSAGES.invalidEmail });
    expect(transferFieldErrors({ name: 'Dr.Ada Lovelace.com', email: 'grace@example.org' })).toEqual({ name: PERSON_NAME_MESSAGES.webAddress });
  });

  it('puts the server’s field errors under their fields, anything else in the alert', () => {
    const invalid = new ApiError('Please correct', 400, 'Please correct', { email: RSVP_MESSAGES.invalidEmail, key: 'x' }, 'INVALID_INPUT');
    expect(transferFailure(invalid)).toEqual({ fieldErrors: { email: RSVP_MESSAGES.invalidEmail }, alert: null });
    const refused = new ApiError('Already', 409, 'That person already has a ticket for this event.', undefined, 'ALREADY_REGISTERED');
    expect(transferFailure(refused)).toEqual({ fieldErrors: {}, alert: 'That person already has a ticket for this event.' });
    expect(transferFailure(new ApiError('Network', 0)).alert).toBe(RSVP_MESSAGES.networkError);
  });
});
