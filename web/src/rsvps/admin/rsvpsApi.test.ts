import { describe, expect, it } from 'vitest';
import type { RsvpRecord } from '@shared/rsvps-model.js';
import { filterRsvps, formatShortDateTime, isLive, refundableCents, rsvpCounts } from './rsvpsApi.js';

const base = { status: 'confirmed', paymentStatus: 'paid', amountPaid: 2000, amountRefunded: 0, checkedIn: false } as const;
const rows = [
  { ...base, id: 'A' },
  { ...base, id: 'B', paymentStatus: 'free', amountPaid: 0, checkedIn: true },
  { ...base, id: 'C', status: 'cancelled', paymentStatus: 'refunded', amountRefunded: 2000 },
  { ...base, id: 'D', status: 'pending_payment', paymentStatus: 'pending', amountPaid: 0 },
] as unknown as RsvpRecord[];

describe('RSVPs tab helpers', () => {
  it('filters by status and payment', () => {
    expect(filterRsvps(rows, { status: 'all', payment: 'all' }).map((r) => r.id)).toEqual(['A', 'B', 'C', 'D']);
    expect(filterRsvps(rows, { status: 'confirmed', payment: 'all' }).map((r) => r.id)).toEqual(['A', 'B']);
    expect(filterRsvps(rows, { status: 'all', payment: 'refunded' }).map((r) => r.id)).toEqual(['C']);
    expect(filterRsvps(rows, { status: 'confirmed', payment: 'free' }).map((r) => r.id)).toEqual(['B']);
  });

  it('counts, with the money kept after refunds', () => {
    expect(rsvpCounts(rows)).toEqual({ total: 4, confirmed: 2, pendingPayment: 1, cancelled: 1, checkedIn: 1, taken: 2000 });
  });

  it('only a live paid RSVP is refundable, for what was not given back yet', () => {
    expect(refundableCents(rows[0])).toBe(2000);
    expect(refundableCents(rows[1])).toBe(0);
    expect(refundableCents(rows[2])).toBe(0);
    expect(refundableCents({ ...rows[0], amountRefunded: 500 })).toBe(1500);
    expect(rows.map(isLive)).toEqual([true, true, false, true]);
  });

  it('writes table times short, on the organisation clock', () => {
    expect(formatShortDateTime('2026-11-23T05:03:00.000Z')).toBe('Nov 22, 2026, 10:03 PM MST');
    expect(formatShortDateTime(null)).toBe('');
  });
});
