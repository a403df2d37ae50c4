import { describe, expect, it } from 'vitest';
import type { RsvpRecord } from '@shared/rsvps-model.js';
import { filterRsvps, formatShortDateTime, isLive, refundableCents, rsvpCounts, STATUS_LABEL } from './rsvpsApi.js';

const base = { status: 'confirmed', paymentStatus: 'paid', amountPaid: 2000, amountRefunded: 0, checkedIn: false } as const;
const rows = [
  { ...base, id: 'A' },
  { ...base, id: 'B', paymentStatus: 'free', amountPaid: 0, checkedIn: true },
  { ...base, id: 'C', status: 'cancelled', paymentStatus: 'refunded', amountRefunded: 2000 },
  { ...base, id: 'D', status: 'pending_payment', paymentStatus: 'pending', amountPaid: 0 },
  // A 'Confirm by e-mail' registration whose link was not opened yet (issue 23).
  { ...base, id: 'E', status: 'pending_confirmation', paymentStatus: 'free', amountPaid: 0 },
  { ...base, id: 'F', status: 'released', paymentStatus: 'free', amountPaid: 0 },
] as unknown as RsvpRecord[];

describe('RSVPs tab helpers', () => {
  it('filters by status and payment', () => {
    expect(filterRsvps(rows, { status: 'all', payment: 'all' }).map((r) => r.id)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(filterRsvps(rows, { status: 'pending_confirmation', payment: 'all' }).map((r) => r.id)).toEqual(['E']);
    expect(filterRsvps(rows, { status: 'confirmed', payment: 'all' }).map((r) => r.id)).toEqual(['A', 'B']);
    expect(filterRsvps(rows, { status: 'all', payment: 'refunded' }).map((r) => r.id)).toEqual(['C']);
    expect(filterRsvps(rows, { status: 'confirmed', payment: 'free' }).map((r) => r.id)).toEqual(['B']);
    expect(STATUS_LABEL.pending_confirmation).toBe('Awaiting e-mail confirmation');
  });

  it('counts, with the money kept after refunds', () => {
    expect(rsvpCounts(rows)).toEqual({ total: 6, confirmed: 2, pendingPayment: 1, pendingConfirmation: 1, cancelled: 1, checkedIn: 1, taken: 2000 });
  });

  it('counts a payment given on with its ticket once: on the new holder\'s ticket, not on the old one', () => {
    const given = [
      { ...base, id: 'OLD', status: 'cancelled', paymentStatus: 'paid', amountPaid: 3500, amountRefunded: 0, transferredTo: { id: 'NEW', name: 'Ned' } },
      { ...base, id: 'NEW', status: 'confirmed', paymentStatus: 'paid', amountPaid: 3500, amountRefunded: 0, transferredTo: null },
    ] as unknown as RsvpRecord[];
    expect(rsvpCounts(given).taken).toBe(3500);
  });

  it('only a live paid RSVP is refundable, for what was not given back yet', () => {
    expect(refundableCents(rows[0])).toBe(2000);
    expect(refundableCents(rows[1])).toBe(0);
    expect(refundableCents(rows[2])).toBe(0);
    expect(refundableCents({ ...rows[0], amountRefunded: 500 })).toBe(1500);
    // A registration awaiting its e-mail confirmation holds a seat, so it may be cancelled; a released one does not.
    expect(rows.map(isLive)).toEqual([true, true, false, true, true, false]);
  });

  it('writes table times short, on the organisation clock', () => {
    expect(formatShortDateTime('2026-11-23T05:03:00.000Z')).toBe('Nov 22, 2026, 10:03 PM MST');
    expect(formatShortDateTime(null)).toBe('');
  });
});
