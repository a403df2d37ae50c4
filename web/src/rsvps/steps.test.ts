import { describe, expect, it } from 'vitest';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { initialValues } from './registration.js';
import { canResume, initialState, PENDING_REUSE_MS, registrationReducer, valuesKey, type RegistrationState } from './steps.js';

const blank = initialValues({ ticketTypes: ['General', 'Member'] });
const ann = { ...blank, name: 'Ann', email: 'ann@example.org' };
const paidReply = { message: 'Please complete payment to confirm your registration.', requiresPayment: true, rsvpId: 'r1' };
const freeReply = { message: 'You are registered! Your ticket is on its way to your inbox.', requiresPayment: false, rsvpId: 'r2' };
/** A 'Confirm by e-mail' event's reply (issue 23): no rsvpId until the e-mailed link is opened. */
const confirmReply = { message: RSVP_MESSAGES.confirmationSent, requiresPayment: false, requiresConfirmation: true };

function submitted(state: RegistrationState, reply: { message: string; requiresPayment: boolean; requiresConfirmation?: boolean; rsvpId?: string } = paidReply, at = 1000) {
  return registrationReducer(state, { type: 'submitted', values: ann, reply, at });
}

describe('registration steps', () => {
  it('starts on the form', () => {
    expect(initialState(blank)).toEqual({ step: 'form', values: blank, pending: null });
  });

  it('edits values on the form step only', () => {
    const edited = registrationReducer(initialState(blank), { type: 'edit', values: ann });
    expect(edited).toMatchObject({ step: 'form', values: ann });
    const success = submitted(initialState(blank), freeReply);
    expect(registrationReducer(success, { type: 'edit', values: blank })).toBe(success);
  });

  it('goes to success when the server needs no payment', () => {
    expect(submitted(initialState(blank), freeReply)).toEqual({ step: 'success', values: ann, message: freeReply.message, outcome: 'registered', ticketId: 'r2' });
  });

  it("a 'Confirm by e-mail' registration ends on 'check your inbox', with the server's message and no RSVP", () => {
    expect(submitted(initialState(blank), confirmReply)).toEqual({ step: 'success', values: ann, message: RSVP_MESSAGES.confirmationSent, outcome: 'checkInbox', ticketId: null });
  });

  it('never opens payment without the RSVP that holds the seat', () => {
    const state = submitted(initialState(blank), { message: 'Check your inbox.', requiresPayment: true });
    expect(state).toMatchObject({ step: 'success', outcome: 'checkInbox', message: 'Check your inbox.' });
  });

  it('goes to payment when the server says requiresPayment, keeping the pending RSVP', () => {
    const state = submitted(initialState(blank));
    expect(state).toEqual({ step: 'payment', values: ann, pending: { rsvpId: 'r1', key: valuesKey(ann), createdAt: 1000 } });
  });

  it('returns to the form on cancel, with the values kept', () => {
    const state = registrationReducer(submitted(initialState(blank)), { type: 'cancelPayment' });
    expect(state).toMatchObject({ step: 'form', values: ann, pending: { rsvpId: 'r1' } });
  });

  it('resumes the same pending RSVP when the same details are sent again in time', () => {
    const back = registrationReducer(submitted(initialState(blank)), { type: 'cancelPayment' });
    expect(canResume(back, { ...ann, email: 'ANN@example.org ' }, 2000)).toBe(true);
    expect(canResume(back, { ...ann, ticketType: 'Member' }, 2000)).toBe(false);
    expect(canResume(back, ann, 1000 + PENDING_REUSE_MS)).toBe(false);
    expect(registrationReducer(back, { type: 'resume' })).toMatchObject({ step: 'payment', pending: { rsvpId: 'r1' } });
  });

  it('never resumes an RSVP whose card was declined', () => {
    const declined = registrationReducer(submitted(initialState(blank)), { type: 'paymentDeclined' });
    expect(declined.step).toBe('payment');
    const back = registrationReducer(declined, { type: 'cancelPayment' });
    expect(canResume(back, ann, 2000)).toBe(false);
  });

  it('does not resume from a fresh form', () => {
    expect(canResume(initialState(blank), ann, 0)).toBe(false);
    expect(registrationReducer(initialState(blank), { type: 'resume' })).toEqual(initialState(blank));
  });

  it("'Register Another Person' resets to an empty form", () => {
    const success = submitted(initialState(blank), freeReply);
    expect(registrationReducer(success, { type: 'reset', values: blank })).toEqual(initialState(blank));
  });

  it('ignores actions that do not belong to the current step', () => {
    const form = initialState(blank);
    expect(registrationReducer(form, { type: 'cancelPayment' })).toBe(form);
    expect(registrationReducer(form, { type: 'paymentDeclined' })).toBe(form);
    const payment = submitted(form);
    expect(submitted(payment, freeReply)).toBe(payment);
  });
});
