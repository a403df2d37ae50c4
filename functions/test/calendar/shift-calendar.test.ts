import { describe, expect, it } from 'vitest';
import { volunteerShiftCalendarFile } from '../../src/calendar/shift-calendar.js';

const base = {
  signupId: 'Q2x7mZkT4b9VhR1sNw3YpA',
  volunteerPageUrl: 'https://events.example.org/volunteer',
  role: 'Planting crew',
  eventTitle: 'Riverside Restoration Day',
  shift: { start: '2026-12-05T15:00:00.000Z', end: '2026-12-05T18:00:00.000Z', place: 'Grafton trailhead, east meadow' },
  cancelled: false,
  now: new Date('2026-11-21T12:00:00.000Z'),
};

describe('volunteerShiftCalendarFile (issue 29 item 2)', () => {
  it('writes the exact iCalendar text of a shift: its own times and place, the public page, no key nor personal data', () => {
    const file = volunteerShiftCalendarFile(base);
    expect(file.filename).toBe('volunteer-planting-crew.ics');
    expect(file.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(file.text).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Zion Events//Volunteers//EN',
        'METHOD:PUBLISH',
        'BEGIN:VEVENT',
        'UID:volunteer-Q2x7mZkT4b9VhR1sNw3YpA@events.example.org',
        'SEQUENCE:0',
        'DTSTAMP:20261121T120000Z',
        'DTSTART:20261205T150000Z',
        'DTEND:20261205T180000Z',
        'SUMMARY:Volunteer: Planting crew (Riverside Restoration Day)',
        'LOCATION:Grafton trailhead\\, east meadow',
        'DESCRIPTION:Zion Events volunteer shift: Planting crew. Your confirmation ',
        ' e-mail has the link to see or cancel it.',
        'URL;VALUE=URI:https://events.example.org/volunteer',
        'STATUS:CONFIRMED',
        'END:VEVENT',
        'X-WR-TIMEZONE:America/Denver',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it('a standalone role has no event in its title; a cancelled one says STATUS:CANCELLED', () => {
    const text = volunteerShiftCalendarFile({ ...base, eventTitle: '', cancelled: true }).text;
    expect(text).toContain('\r\nSUMMARY:Volunteer: Planting crew\r\n');
    expect(text).toContain('\r\nSTATUS:CANCELLED\r\n');
  });
});
