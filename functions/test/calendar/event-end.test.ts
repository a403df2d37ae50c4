import { describe, expect, it } from 'vitest';
import { ticketIcs } from '../../src/calendar/ics.js';
import { calendarEnd, googleCalendarUrl } from '../../src/shared/calendar-model.js';
import { doorEventRefusal } from '../../src/shared/checkin-model.js';

/* Issue 26 item 4: an event's own end is used by its calendar entries and by the door's event list. */

const entry = {
  title: 'Weekend Bioblitz',
  start: '2026-12-05T16:00:00.000Z',
  location: 'Kolob',
  ticketUrl: 'https://events.example.org/checkin/T1',
};

describe('calendar entries end at the event end', () => {
  it('the .ics DTEND and the Google Calendar link use the end when set', () => {
    const withEnd = { ...entry, end: '2026-12-07T00:00:00.000Z' };
    const text = ticketIcs({ ticketId: 'T1', siteHost: 'events.example.org', entry: withEnd, sequence: 0, cancelled: false, stamp: new Date('2026-11-21T12:00:00.000Z') });
    expect(text).toContain('\r\nDTEND:20261207T000000Z\r\n');
    expect(new URL(googleCalendarUrl(withEnd)).searchParams.get('dates')).toBe('20261205T160000Z/20261207T000000Z');
  });

  it('without an end (or with one not after the start) they keep the default two hours', () => {
    expect(calendarEnd(entry.start)).toBe('2026-12-05T18:00:00.000Z');
    expect(calendarEnd(entry.start, null)).toBe('2026-12-05T18:00:00.000Z');
    expect(calendarEnd(entry.start, entry.start)).toBe('2026-12-05T18:00:00.000Z');
    expect(new URL(googleCalendarUrl(entry)).searchParams.get('dates')).toBe('20261205T160000Z/20261205T180000Z');
  });
});

describe("the door's event list keeps a running event", () => {
  const event = { date: '2026-12-05T16:00:00.000Z', isActive: true, isArchived: false };
  const twoDaysLater = new Date('2026-12-07T17:00:00.000Z');

  it('an event that started over 24 h ago but has not ended stays choosable; once ended it is closed', () => {
    expect(doorEventRefusal({ ...event, endDate: '2026-12-07T18:00:00.000Z' }, twoDaysLater)).toBeNull();
    expect(doorEventRefusal({ ...event, endDate: '2026-12-07T17:00:00.000Z' }, twoDaysLater)).toBe('CHECKIN_CLOSED');
  });

  it('an event without an end behaves as before: 24 h after its start', () => {
    expect(doorEventRefusal(event, twoDaysLater)).toBe('CHECKIN_CLOSED');
    expect(doorEventRefusal({ ...event, endDate: null }, new Date('2026-12-06T15:59:00.000Z'))).toBeNull();
  });
});
