import { describe, expect, it } from 'vitest';
import { decideSucceededPayment, REFUND_REASONS } from '../../src/payments/service.js';
import { resolveTicketType, ticketPriceCents } from '../../src/rsvps/rules.js';

describe('a succeeded payment', () => {
  // Whether the event still has a seat for a lapsed hold (read in the same transaction: seats/).
  const open = true;
  const full = false;
  const own = { paymentIntentId: 'pi_own', amountDue: 3500 };
  const paid = { id: 'pi_own', amountReceived: 3500, currency: 'usd' };
  it.each([
    [{ status: 'pending_payment', paymentStatus: 'pending' }, full, { outcome: 'confirmed' }],
    [{ status: 'confirmed', paymentStatus: 'paid' }, open, { outcome: 'already-confirmed' }],
    [{ status: 'released', paymentStatus: 'refunded' }, open, { outcome: 'already-confirmed' }],
    [{ status: 'released', paymentStatus: 'failed' }, open, { outcome: 'confirmed' }],
    [{ status: 'released', paymentStatus: 'failed' }, full, { outcome: 'refund', reason: REFUND_REASONS.noSeat, ownIntent: true }],
    // An admin cancelled it: refunded even when a seat is free (issue 12).
    [{ status: 'cancelled', paymentStatus: 'pending' }, open, { outcome: 'refund', reason: REFUND_REASONS.cancelled, ownIntent: true }],
    [{ status: 'cancelled', paymentStatus: 'pending' }, full, { outcome: 'refund', reason: REFUND_REASONS.cancelled, ownIntent: true }],
    [{ status: 'confirmed', paymentStatus: 'free' }, open, { outcome: 'ignored' }],
  ] as const)('%j with %j → %j', (rsvp, event, decision) => {
    expect(decideSucceededPayment({ ...rsvp, ...own }, event, paid)).toEqual(decision);
  });

  it("refunds another intent naming the RSVP, without touching the RSVP's own payment", () => {
    const rsvp = { status: 'pending_payment', paymentStatus: 'pending', ...own } as const;
    expect(decideSucceededPayment(rsvp, open, { ...paid, id: 'pi_other' })).toEqual({ outcome: 'refund', reason: REFUND_REASONS.notOwnIntent, ownIntent: false });
    expect(decideSucceededPayment({ ...rsvp, status: 'confirmed', paymentStatus: 'paid' }, open, { ...paid, id: 'pi_other' })).toMatchObject({ outcome: 'refund', ownIntent: false });
    expect(decideSucceededPayment({ ...rsvp, paymentIntentId: null }, open, paid)).toMatchObject({ outcome: 'refund', reason: REFUND_REASONS.notOwnIntent });
  });

  it.each([
    [{ amountReceived: 100 }],
    [{ amountReceived: 3501 }],
    [{ amountReceived: 0 }],
    [{ currency: 'eur' }],
  ])('refunds a payment of another amount or currency: %j', (change) => {
    const rsvp = { status: 'pending_payment', paymentStatus: 'pending', ...own } as const;
    expect(decideSucceededPayment(rsvp, open, { ...paid, ...change })).toEqual({ outcome: 'refund', reason: REFUND_REASONS.amountMismatch, ownIntent: true });
  });
});

describe('pricing and seats', () => {
  const event = { ticketTypes: ['General', 'Student'], ticketPrices: { General: 45.5, Student: 0 }, requiresPayment: true };
  it('prices in cents from dollars', () => {
    expect(ticketPriceCents(event, 'General')).toBe(4550);
    expect(() => ticketPriceCents(event, 'Student')).toThrow('Invalid ticket type or pricing');
    expect(ticketPriceCents({ ...event, requiresPayment: false }, 'Student')).toBe(0);
  });
  it('defaults to General, matches types case-insensitively, refuses unknown types', () => {
    expect(resolveTicketType(event, '')).toBe('General');
    expect(resolveTicketType({ ticketTypes: ['Adult'] }, '')).toBe('Adult');
    expect(resolveTicketType(event, 'student')).toBe('Student');
    expect(() => resolveTicketType(event, 'VIP')).toThrow('Invalid ticket type or pricing');
  });
});
