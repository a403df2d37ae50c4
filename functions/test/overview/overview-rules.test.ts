import { describe, expect, it } from 'vitest';
import {
  addDays,
  arrivalBuckets,
  countsAsRegistered,
  dayOf,
  eventDays,
  daysBetween,
  doorCounts,
  fillAt,
  lastDays,
  lineDays,
  median,
  moneyDays,
  moneyMoves,
  registrationDays,
  seatMoves,
  ticketTypeSplit,
  warningOf,
  type FillHistory,
  type OverviewRsvp,
  type SeatMove,
} from '../../src/overview/rules.js';
import { OVERVIEW_MESSAGES } from '../../src/shared/overview-model.js';

/*
 * The overview's figures as plain functions (issue 30): days in the organisation's zone, which RSVPs
 * count (the lists' rules), transfers counted once, the lines, the door's buckets and the warnings.
 */

const ZONE = 'America/Denver';
const NOW = '2026-11-21T19:00:00.000Z'; // 12:00 in Denver
let next = 0;

function rsvp(fields: Partial<OverviewRsvp> = {}): OverviewRsvp {
  return {
    id: `r${++next}`,
    status: 'confirmed',
    holdExpiresAt: null,
    createdAt: '2026-11-20T18:00:00.000Z',
    cancelledAt: null,
    cancelledBy: null,
    paymentStatus: 'free',
    amountPaid: 0,
    amountRefunded: 0,
    refundedAt: null,
    checkedIn: false,
    checkedInAt: null,
    ticketType: 'General',
    transferredTo: null,
    transferredFrom: null,
    paidAt: null,
    ...fields,
  };
}

describe('calendar days in the organisation zone', () => {
  it('a registration at 23:30 in Denver falls on its local day, not the UTC one', () => {
    // 23:30 MST on 20 November is 06:30 UTC on the 21st.
    expect(dayOf('2026-11-21T06:30:00.000Z', ZONE)).toBe('2026-11-20');
    expect(dayOf('2026-11-21T07:00:00.000Z', ZONE)).toBe('2026-11-21');
    // Summer time: 23:30 MDT on 1 July is 05:30 UTC on the 2nd.
    expect(dayOf('2026-07-02T05:30:00.000Z', ZONE)).toBe('2026-07-01');
  });

  it('adds and counts days across months, years and the clock change', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-01', '2026-11-08')).toBe(7); // Denver's clocks went back on 1 November
    expect(daysBetween('2026-11-08', '2026-11-01')).toBe(-7);
  });
});

describe('an event’s days', () => {
  it('from its start’s local day to its end’s; one day without an end', () => {
    expect(eventDays({ date: '2026-12-05T02:30:00.000Z' }, ZONE)).toEqual({ first: '2026-12-04', last: '2026-12-04' });
    expect(eventDays({ date: '2026-12-04T16:00:00.000Z', endDate: '2026-12-06T23:00:00.000Z' }, ZONE)).toEqual({ first: '2026-12-04', last: '2026-12-06' });
    expect(eventDays({ date: '2026-12-04T16:00:00.000Z', endDate: null }, ZONE)).toEqual({ first: '2026-12-04', last: '2026-12-04' });
  });
});

describe('which RSVPs count', () => {
  it('confirmed and running holds hold a seat; a hold run out, a released one and a cancelled one do not', () => {
    expect(countsAsRegistered(rsvp(), NOW)).toBe(true);
    expect(countsAsRegistered(rsvp({ status: 'pending_payment', holdExpiresAt: '2026-11-21T19:10:00.000Z' }), NOW)).toBe(true);
    expect(countsAsRegistered(rsvp({ status: 'pending_payment', holdExpiresAt: '2026-11-21T18:59:00.000Z' }), NOW)).toBe(false);
    expect(countsAsRegistered(rsvp({ status: 'pending_confirmation', holdExpiresAt: NOW }), NOW)).toBe(false);
    expect(countsAsRegistered(rsvp({ status: 'released' }), NOW)).toBe(false);
    expect(countsAsRegistered(rsvp({ status: 'cancelled' }), NOW)).toBe(false);
  });

  it('a ticket handed on is one registration, no cancellation, and its payment is counted once, on the day it was paid', () => {
    const first = rsvp({
      status: 'cancelled',
      cancelledBy: 'attendee',
      cancelledAt: '2026-11-19T18:00:00.000Z',
      createdAt: '2026-11-10T18:00:00.000Z',
      paymentStatus: 'paid',
      amountPaid: 4500,
      paidAt: '2026-11-10T18:05:00.000Z',
      transferredTo: { id: 'next', name: 'B' },
    });
    const second = rsvp({ id: 'next', createdAt: '2026-11-19T18:00:00.000Z', paymentStatus: 'paid', amountPaid: 4500, paidAt: '2026-11-10T18:05:00.000Z', transferredFrom: { id: first.id, name: 'A' } });
    const moves = seatMoves([first, second], NOW, ZONE);
    expect(moves).toEqual([{ day: '2026-11-10', delta: 1 }]);
    expect(moneyMoves([first, second], ZONE)).toEqual([{ day: '2026-11-10', taken: 4500, refunded: 0 }]);
  });

  it('a ticket received before paidAt was stored takes the day its chain was paid: the first ticket’s registration', () => {
    const first = rsvp({ status: 'cancelled', cancelledBy: 'attendee', createdAt: '2026-11-05T18:00:00.000Z', paymentStatus: 'paid', amountPaid: 3500, transferredTo: { id: 'b2', name: 'B' } });
    const second = rsvp({ id: 'b2', createdAt: '2026-11-19T18:00:00.000Z', paymentStatus: 'paid', amountPaid: 3500, transferredFrom: { id: first.id, name: 'A' } });
    expect(moneyMoves([first, second], ZONE)).toEqual([{ day: '2026-11-05', taken: 3500, refunded: 0 }]);
  });

  it('cancels and refunds fall on their own days; released holds and holds run out leave no trace', () => {
    const rsvps = [
      rsvp({ createdAt: '2026-11-18T18:00:00.000Z' }),
      rsvp({ createdAt: '2026-11-18T19:00:00.000Z', status: 'cancelled', cancelledBy: 'attendee', cancelledAt: '2026-11-20T18:00:00.000Z' }),
      rsvp({
        createdAt: '2026-11-19T18:00:00.000Z',
        status: 'cancelled',
        cancelledAt: '2026-11-21T06:30:00.000Z', // 23:30 on the 20th in Denver
        paymentStatus: 'refunded',
        amountPaid: 4500,
        amountRefunded: 4500,
        refundedAt: '2026-11-21T06:30:00.000Z',
        paidAt: '2026-11-19T18:10:00.000Z',
      }),
      rsvp({ createdAt: '2026-11-19T18:00:00.000Z', status: 'released' }),
      rsvp({ createdAt: '2026-11-21T18:00:00.000Z', status: 'pending_payment', holdExpiresAt: '2026-11-21T18:30:00.000Z' }),
    ];
    const seats = seatMoves(rsvps, NOW, ZONE);
    const money = moneyMoves(rsvps, ZONE);
    const days = lineDays([...seats, ...money].map((move) => move.day), '2026-11-21', '2026-12-05');
    expect(days).toEqual(['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21']);
    expect(registrationDays(seats, days)).toEqual([
      { day: '2026-11-18', registered: 2, cancelled: 0, cumulative: 2 },
      { day: '2026-11-19', registered: 1, cancelled: 0, cumulative: 3 },
      { day: '2026-11-20', registered: 0, cancelled: 2, cumulative: 1 },
      { day: '2026-11-21', registered: 0, cancelled: 0, cumulative: 1 },
    ]);
    expect(moneyDays(money, days)).toEqual([
      { day: '2026-11-18', taken: 0, refunded: 0, cumulativeNet: 0 },
      { day: '2026-11-19', taken: 4500, refunded: 0, cumulativeNet: 4500 },
      { day: '2026-11-20', taken: 0, refunded: 4500, cumulativeNet: 0 },
      { day: '2026-11-21', taken: 0, refunded: 0, cumulativeNet: 0 },
    ]);
  });
});

describe('the lines', () => {
  it('no registrations: no days, empty lines, a sparkline of seven zeros ending today', () => {
    expect(lineDays([], '2026-11-21', '2026-12-05')).toEqual([]);
    expect(registrationDays([], [])).toEqual([]);
    expect(lastDays([], '2026-11-21')).toEqual(['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'].map((day) => ({ day, count: 0 })));
  });

  it('a past event’s lines stop on its day, unless something happened later (a refund after the night)', () => {
    expect(lineDays(['2026-11-01'], '2026-11-21', '2026-11-03')).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(lineDays(['2026-11-01', '2026-11-04'], '2026-11-21', '2026-11-03')).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']);
  });

  it('the sparkline counts new registrations per day, cancels not subtracted', () => {
    const moves: SeatMove[] = [
      { day: '2026-11-14', delta: 1 },
      { day: '2026-11-15', delta: 1 },
      { day: '2026-11-21', delta: 1 },
      { day: '2026-11-21', delta: 1 },
      { day: '2026-11-21', delta: -1 },
    ];
    expect(lastDays(moves, '2026-11-21').map((entry) => entry.count)).toEqual([1, 0, 0, 0, 0, 0, 2]);
  });

  it('ticket types: the event’s in its order, zeros kept, then a type only a ticket carries; money net of refunds', () => {
    const rsvps = [
      rsvp({ ticketType: 'Member', paymentStatus: 'paid', amountPaid: 3500 }),
      rsvp({ ticketType: 'Member', status: 'cancelled', paymentStatus: 'refunded', amountPaid: 3500, amountRefunded: 3500 }),
      rsvp({ ticketType: 'Old type' }),
    ];
    expect(ticketTypeSplit(rsvps, ['General', 'Member'], NOW)).toEqual([
      { name: 'General', registered: 0, amountTaken: 0 },
      { name: 'Member', registered: 1, amountTaken: 3500 },
      { name: 'Old type', registered: 1, amountTaken: 0 },
    ]);
  });
});

describe('the door', () => {
  it('arrivals per 10 minutes, empty buckets between kept, none before the first', () => {
    expect(arrivalBuckets([])).toEqual([]);
    expect(arrivalBuckets(['2026-12-05T02:31:00.000Z', '2026-12-05T02:39:59.000Z', '2026-12-05T02:55:00.000Z'])).toEqual([
      { from: '2026-12-05T02:30:00.000Z', count: 2 },
      { from: '2026-12-05T02:40:00.000Z', count: 0 },
      { from: '2026-12-05T02:50:00.000Z', count: 1 },
    ]);
  });

  it('while the door is open the buckets run to now', () => {
    const buckets = arrivalBuckets(['2026-12-05T02:31:00.000Z'], new Date('2026-12-05T03:01:00.000Z'));
    expect(buckets.map((bucket) => bucket.count)).toEqual([1, 0, 0, 0]);
    expect(buckets.at(-1)!.from).toBe('2026-12-05T03:00:00.000Z');
  });

  it('by door, most first; a check-in without a door is the unnamed door', () => {
    expect(doorCounts(['Gate 2', null, 'North', 'Gate 2', '  ', undefined])).toEqual([
      { door: 'Gate 2', count: 2 },
      { door: OVERVIEW_MESSAGES.unnamedDoor, count: 3 },
      { door: 'North', count: 1 },
    ].sort((a, b) => b.count - a.count || a.door.localeCompare(b.door)));
    expect(doorCounts([])).toEqual([]);
  });
});

describe('warnings', () => {
  const today = '2026-11-21';
  /** An event on `eventDay` with `capacity` whose registrations came `perDay` a day over the `days` days before today. */
  function history(id: string, eventDay: string, capacity: number | null, registrationsByDay: Record<string, number>): FillHistory {
    const moves: SeatMove[] = Object.entries(registrationsByDay).flatMap(([day, count]) => Array.from({ length: count }, () => ({ day, delta: 1 as const })));
    return { id, eventDay, capacity, moves };
  }

  it('median of none is null; of an even count the mean of the middle two', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('no capacity: no fill, no warning', () => {
    const open = history('open', '2026-12-05', null, { '2026-11-20': 500 });
    expect(fillAt(open, 0)).toBeNull();
    expect(warningOf({ ...open, registered: 500 }, [open], today)).toBeNull();
  });

  it('nearly full from 90% of the capacity', () => {
    const event = history('e', '2026-12-05', 40, { '2026-11-20': 36 });
    expect(warningOf({ ...event, registered: 36 }, [event], today)).toEqual({ kind: 'nearlyFull', text: OVERVIEW_MESSAGES.nearlyFull });
    expect(warningOf({ ...event, registered: 35 }, [event], today)).toBeNull();
  });

  it('a single event, or one with no registrations and nothing to compare with: no warning', () => {
    const alone = history('alone', '2026-12-05', 40, {});
    expect(warningOf({ ...alone, registered: 0 }, [alone], today)).toBeNull();
  });

  it('slow to fill: below half the median fill the others had at the same days before their start', () => {
    // 14 days before its start (5 December) the slow event has 2 of 40 (5%).
    const slow = history('slow', '2026-12-05', 40, { '2026-11-20': 2 });
    // Two events starting sooner: 14 days before their start (16 and 10 November) they had 40% and 30%.
    const a = history('a', '2026-11-30', 50, { '2026-11-10': 20, '2026-11-20': 20 });
    const b = history('b', '2026-11-24', 100, { '2026-11-05': 30, '2026-11-15': 40 });
    expect(fillAt(a, 14)).toBe(0.4);
    expect(fillAt(b, 14)).toBe(0.3);
    expect(warningOf({ ...slow, registered: 2 }, [slow, a, b], today)).toEqual({ kind: 'slowToFill', text: OVERVIEW_MESSAGES.slowToFill });
    // At 20% of 40 (8) it is above half the median (35% / 2): no warning.
    const fine = history('slow', '2026-12-05', 40, { '2026-11-20': 8 });
    expect(warningOf({ ...fine, registered: 8 }, [fine, a, b], today)).toBeNull();
  });

  it('events starting later have no history that far back yet: they are not compared with', () => {
    const soon = history('soon', '2026-11-28', 40, { '2026-11-20': 1 });
    const later = history('later', '2026-12-20', 40, { '2026-11-20': 30 });
    expect(warningOf({ ...soon, registered: 1 }, [soon, later], today)).toBeNull();
  });

  it('cancels lower the fill the others had at that time', () => {
    const other = history('o', '2026-11-25', 10, { '2026-11-01': 5 });
    const withCancel: FillHistory = { ...other, moves: [...other.moves, { day: '2026-11-02', delta: -1 }] };
    expect(fillAt(withCancel, 25)).toBe(0); // 31 October: nothing yet
    expect(fillAt(withCancel, 24)).toBe(0.5); // 1 November: the five registrations
    expect(fillAt(withCancel, 23)).toBe(0.4); // 2 November: the cancel that day is counted at its end
  });
});
