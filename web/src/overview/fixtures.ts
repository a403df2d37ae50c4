// Replies of the two overview calls (shared/overview-model.ts) for the tests of the tab and its pure parts.
import type { CheckInView, EventOverviewReply, OverviewEventCard, OverviewReply } from '@shared/overview-model.js';

export function card(extra: Partial<OverviewEventCard> = {}): OverviewEventCard {
  return {
    id: 'E1',
    title: 'Condor Dinner',
    date: '2026-12-05T02:30:00.000Z',
    customUrl: 'condor-dinner',
    capacity: 60,
    registered: 45,
    checkedIn: 0,
    amountTaken: 123_450,
    last7Days: [
      { day: '2026-11-23', count: 1 },
      { day: '2026-11-24', count: 0 },
      { day: '2026-11-25', count: 4 },
      { day: '2026-11-26', count: 2 },
      { day: '2026-11-27', count: 0 },
      { day: '2026-11-28', count: 3 },
      { day: '2026-11-29', count: 8 },
    ],
    waitlist: null,
    warning: null,
    ...extra,
  };
}

export function overviewReply(events: OverviewEventCard[]): OverviewReply {
  return { success: true, generatedAt: '2026-11-29T17:00:00.000Z', timeZone: 'America/Denver', events };
}

export function checkInView(extra: Partial<CheckInView> = {}): CheckInView {
  return {
    expected: 40,
    checkedIn: 15,
    arrivals: [
      { from: '2026-12-05T02:00:00.000Z', count: 4 },
      { from: '2026-12-05T02:10:00.000Z', count: 9 },
      { from: '2026-12-05T02:20:00.000Z', count: 2 },
    ],
    byDoor: [
      { door: 'Gate 1', count: 10 },
      { door: '=Side door', count: 5 },
    ],
    ...extra,
  };
}

/** Condor Dinner, 10 days of sales, before its day (no check-in view) unless `checkIn` is given. */
export function eventReply(extra: Partial<EventOverviewReply> = {}): EventOverviewReply {
  const days = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
  const registered = [5, 3, 0, 10, 2, 4, 6, 1, 6, 10];
  const cancelled = [0, 0, 1, 0, 0, 1, 0, 0, 0, 0];
  let cumulative = 0;
  let net = 0;
  return {
    success: true,
    generatedAt: '2026-11-29T17:00:00.000Z',
    timeZone: 'America/Denver',
    event: { id: 'E1', title: 'Condor Dinner', date: '2026-12-05T02:30:00.000Z', customUrl: 'condor-dinner', capacity: 60 },
    totals: { registered: 45, checkedIn: 0, amountTaken: 136_000, amountRefunded: 5_000, selfCancellations: 1, adminCancellations: 1, refunds: 1, waitlist: 3 },
    registrations: days.map((day, i) => {
      cumulative += registered[i] - cancelled[i];
      return { day, registered: registered[i], cancelled: cancelled[i], cumulative };
    }),
    money: days.map((day, i) => {
      const taken = registered[i] * 3_000;
      const refunded = i === 5 ? 5_000 : 0;
      net += taken - refunded;
      return { day, taken, refunded, cumulativeNet: net };
    }),
    ticketTypes: [
      { name: 'General', registered: 30, amountTaken: 90_000 },
      { name: 'Family', registered: 15, amountTaken: 55_000 },
    ],
    checkIn: null,
    ...extra,
  };
}
