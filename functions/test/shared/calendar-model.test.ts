import { describe, expect, it } from 'vitest';
import { calendarEnd, calendarUtcStamp, googleCalendarUrl, ticketCalendarPath } from '../../src/shared/calendar-model.js';

describe('calendar model (issue 25 item 2)', () => {
  it('stamps an instant as iCalendar/Google UTC text', () => {
    expect(calendarUtcStamp('2026-12-05T02:00:00.000Z')).toBe('20261205T020000Z');
  });

  it('ends an entry two hours after its start', () => {
    expect(calendarEnd('2026-12-05T02:00:00.000Z')).toBe('2026-12-05T04:00:00.000Z');
  });

  it("builds Google Calendar's add-event link with the event, the venue, the ticket link and the organisation's time zone", () => {
    const url = new URL(googleCalendarUrl({ title: 'Star Party & Talk', start: '2026-12-05T02:00:00.000Z', location: 'Zion Lodge', ticketUrl: 'https://example.org/checkin/T1' }));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Star Party & Talk',
      dates: '20261205T020000Z/20261205T040000Z',
      details: 'Zion Events ticket: https://example.org/checkin/T1',
      location: 'Zion Lodge',
      ctz: 'America/Denver',
    });
  });

  it("names a ticket's .ics under the ticket's API path, escaped", () => {
    expect(ticketCalendarPath('a/b')).toBe('/checkin/a%2Fb/calendar.ics');
  });
});
