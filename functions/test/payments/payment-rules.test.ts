import { describe, expect, it } from 'vitest';
import { decideSucceededPayment } from '../../src/payments/service.js';
import { hasFreeSeat, resolveTicketType, ticketPriceCents } from '../../src/rsvps/rules.js';

describe('a succeeded payment', () => {
  const open = { maxAttendees: 2, attendeeCount: 1 };
  const full = { maxAttendees: 2, attendeeCount: 2 };
  it.each([
    [{ status: 'pending_payment', paymentStatus: 'pending' }, full, 'confirmed'],
    [{ status: 'confirmed', paymentStatus: 'paid' }, open, 'already-confirmed'],
    [{ status: 'released', paymentStatus: 'refunded' }, open, 'already-confirmed'],
    [{ status: 'released', paymentStatus: 'failed' }, open, 'confirmed'],
    [{ status: 'released', paymentStatus: 'failed' }, full, 'refund'],
    [{ status: 'cancelled', paymentStatus: 'pending' }, full, 'refund'],
    [{ status: 'released', paymentStatus: 'failed' }, null, 'refund'],
    [{ status: 'confirmed', paymentStatus: 'free' }, open, 'ignored'],
  ] as const)('%j with %j → %s', (rsvp, event, outcome) => {
    expect(decideSucceededPayment(rsvp, event)).toBe(outcome);
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
  it('unlimited events always have a seat', () => {
    expect(hasFreeSeat({ maxAttendees: null, attendeeCount: 10_000 })).toBe(true);
    expect(hasFreeSeat({ maxAttendees: 3, attendeeCount: 3 })).toBe(false);
  });
});
