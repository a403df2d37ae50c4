import { describe, expect, it } from 'vitest';
import { card, checkInView, eventReply } from './fixtures.js';
import {
  addDays,
  arrivalsView,
  checkedInText,
  csvTime,
  dayOf,
  daySeconds,
  doorsView,
  fillShare,
  fillText,
  moneyView,
  recentRegistrations,
  recentText,
  recentTotal,
  registrationsView,
  sparklineSpec,
  ticketTypesView,
  tickIndexes,
  xLabel,
} from './overview.js';

describe('days on the organisation clock', () => {
  it("finds an instant's day on the time zone's clock, and steps days across month ends", () => {
    // 02:30 UTC on Dec 5 is the evening of Dec 4 in Denver.
    expect(dayOf('2026-12-05T02:30:00.000Z', 'America/Denver')).toBe('2026-12-04');
    expect(dayOf('2026-12-05T02:30:00.000Z', 'UTC')).toBe('2026-12-05');
    expect(addDays('2026-11-29', 3)).toBe('2026-12-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daySeconds('1970-01-02')).toBe(86_400);
    expect(csvTime('2026-12-05T02:30:00.000Z', 'America/Denver')).toBe('2026-12-04 19:30');
  });

  it("labels a chart's x axis with its days or times, as many as fit, the latest always", () => {
    expect(xLabel({ xKind: 'day' }, daySeconds('2026-11-28'))).toBe('Nov 28');
    expect(xLabel({ xKind: 'time', timeZone: 'America/Denver' }, Date.parse('2026-12-05T02:30:00.000Z') / 1000)).toBe('7:30 PM');
    expect(xLabel({ xKind: 'category', categories: ['General', 'Family'] }, 1)).toBe('Family');
    expect(tickIndexes(10, 4)).toEqual([0, 3, 6, 9]);
    expect(tickIndexes(3, 10)).toEqual([0, 1, 2]);
    expect(tickIndexes(1, 0)).toEqual([0]);
    expect(tickIndexes(0, 5)).toEqual([]);
  });
});

describe('the cards', () => {
  it('fill: a share of the capacity (capped at full), or none without a capacity', () => {
    expect(fillShare(card())).toBe(0.75);
    expect(fillShare(card({ registered: 70 }))).toBe(1);
    expect(fillShare(card({ capacity: null }))).toBeNull();
    expect(fillText(card())).toBe('45 of 60 registered');
    expect(fillText(card({ capacity: null }))).toBe('45 registered (no limit)');
  });

  it("the last 7 days: their total and the sparkline's points, oldest first", () => {
    expect(recentTotal(card())).toBe(18);
    expect(recentText(18)).toBe('18 in the last 7 days');
    const spec = sparklineSpec(card());
    expect(spec.x).toHaveLength(7);
    expect(spec.x[1] - spec.x[0]).toBe(86_400);
    expect(spec.series[0].values).toEqual([1, 0, 4, 2, 0, 3, 8]);
  });
});

describe('the per-event charts', () => {
  it('registrations: the summary, cumulative line and daily bars, the table and the CSV', () => {
    const reply = eventReply();
    expect(recentRegistrations(reply)).toBe(39);
    const view = registrationsView(reply);
    expect(view.summary).toBe('45 of 60 registered, 39 in the last 7 days; 2 cancellations.');
    expect(view.spec.series.map((s) => [s.label, s.kind])).toEqual([
      ['New that day', 'bars'],
      ['Holding a seat', 'line'],
    ]);
    expect(view.spec.series[1].values.at(-1)).toBe(45);
    expect(view.table.columns).toEqual(['Day', 'New', 'Cancelled', 'Holding a seat']);
    expect(view.table.rows[0]).toEqual(['Nov 20, 2026', '5', '0', '5']);
    expect(view.csv[0]).toEqual(['Day', 'New registrations', 'Cancelled', 'Holding a seat']);
    expect(view.csv[3]).toEqual(['2026-11-22', 0, 1, 7]);
    expect(view.csv).toHaveLength(11);
  });

  it('registrations before the first one', () => {
    const view = registrationsView(eventReply({ registrations: [], totals: { ...eventReply().totals, registered: 0, selfCancellations: 0, adminCancellations: 0 }, event: { ...eventReply().event, capacity: null } }));
    expect(view.summary).toBe('0 registered. No registrations yet.');
    expect(view.table.rows).toEqual([]);
    expect(view.blank).toBe(true);
    expect(registrationsView(eventReply()).blank).toBe(false);
  });

  it('money: paid up, refunded down, taken (paid less refunded) to date; amounts in dollars', () => {
    const view = moneyView(eventReply());
    expect(view.summary).toBe('$1,410.00 paid, $50.00 refunded: $1,360.00 taken.');
    expect(view.table.columns).toEqual(['Day', 'Paid', 'Refunded', 'Taken to date']);
    expect(view.spec.money).toBe(true);
    expect(view.spec.series[1].values[5]).toBe(-5_000);
    expect(view.table.rows[5]).toEqual(['Nov 25, 2026', '$120.00', '$50.00', '$670.00']);
    expect(view.csv[6]).toEqual(['2026-11-25', '120.00', '50.00', '670.00']);
    expect(moneyView(eventReply({ totals: { ...eventReply().totals, amountTaken: 0, amountRefunded: 0 } })).summary).toBe('No payments yet.');
    expect(moneyView(eventReply({ totals: { ...eventReply().totals, amountTaken: 0, amountRefunded: 0 } })).blank).toBe(true);
    expect(view.blank).toBe(false);
  });

  it('ticket types: the split with shares', () => {
    const view = ticketTypesView(eventReply());
    expect(view.summary).toBe('General: 30 (67%), Family: 15 (33%).');
    expect(view.spec.categories).toEqual(['General', 'Family']);
    expect(view.csv).toEqual([
      ['Ticket type', 'Registered', 'Taken'],
      ['General', 30, '900.00'],
      ['Family', 15, '550.00'],
    ]);
  });

  it('the door: checked in of expected, arrivals per 10 minutes on the local clock, by door', () => {
    const view = checkInView();
    expect(checkedInText(view)).toBe('15 of 40 checked in (38%)');
    expect(checkedInText({ checkedIn: 0, expected: 0 })).toBe('0 of 0 checked in');
    const arrivals = arrivalsView(view, 'America/Denver');
    expect(arrivals.summary).toBe('15 arrivals; the most, 9, in the 10 minutes from 7:10 PM.');
    expect(arrivals.table.rows).toEqual([
      ['7:00 PM', '4'],
      ['7:10 PM', '9'],
      ['7:20 PM', '2'],
    ]);
    expect(arrivals.csv[1]).toEqual(['2026-12-04 19:00', 4]);
    expect(arrivals.spec.xKind).toBe('time');
    expect(arrivalsView(checkInView({ arrivals: [] }), 'America/Denver').summary).toBe('No arrivals yet.');
    const doors = doorsView(view);
    expect(doors.summary).toBe('Gate 1: 10, =Side door: 5.');
    expect(doors.csv[2]).toEqual(['=Side door', 5]);
    expect(doorsView(checkInView({ byDoor: [] })).summary).toBe('No check-ins yet.');
  });
});
