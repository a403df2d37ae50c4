import { describe, expect, it } from 'vitest';
import { ICS_CONTENT_TYPE, icsFilename, ticketIcs } from '../../src/calendar/ics.js';

const base = {
  ticketId: 'Q2x7mZkT4b9VhR1sNw3YpA',
  siteHost: 'events.example.org',
  entry: {
    title: 'Night Sky Walk',
    start: '2026-12-05T02:00:00.000Z',
    location: 'Zion Canyon Visitor Center',
    ticketUrl: 'https://events.example.org/checkin/Q2x7mZkT4b9VhR1sNw3YpA',
  },
  sequence: 0,
  cancelled: false,
  stamp: new Date('2026-11-21T12:00:00.000Z'),
};

describe('ticketIcs', () => {
  it('writes the exact iCalendar text of a ticket: UTC times, the zone named, no personal data', () => {
    expect(ticketIcs(base)).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Zion Events//Tickets//EN',
        'METHOD:PUBLISH',
        'BEGIN:VEVENT',
        'UID:Q2x7mZkT4b9VhR1sNw3YpA@events.example.org',
        'SEQUENCE:0',
        'DTSTAMP:20261121T120000Z',
        'DTSTART:20261205T020000Z',
        'DTEND:20261205T040000Z',
        'SUMMARY:Night Sky Walk',
        'LOCATION:Zion Canyon Visitor Center',
        // 75 octets, then the rest on a continuation line starting with a space.
        'DESCRIPTION:Zion Events ticket: https://events.example.org/checkin/Q2x7mZk',
        ' T4b9VhR1sNw3YpA',
        'URL;VALUE=URI:https://events.example.org/checkin/Q2x7mZkT4b9VhR1sNw3YpA',
        'STATUS:CONFIRMED',
        'END:VEVENT',
        'X-WR-TIMEZONE:America/Denver',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it('escapes , ; \\ and newlines in the title and venue, and folds lines at 75 octets (multi-byte letters whole)', () => {
    const text = ticketIcs({
      ...base,
      entry: { ...base.entry, title: 'Stars, owls; and a \\ backslash\nsecond line', location: `Kolob Terrace ${'é'.repeat(40)} trailhead` },
    });
    expect(text).toContain('\r\nSUMMARY:Stars\\, owls\\; and a \\\\ backslash\\nsecond line\r\n');
    expect(text).toContain(`\r\nLOCATION:Kolob Terrace ${'é'.repeat(25)}\r\n ${'é'.repeat(15)} trailhead\r\n`);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('a moved event keeps the UID with a higher SEQUENCE; a cancelled ticket says STATUS:CANCELLED', () => {
    const moved = ticketIcs({ ...base, sequence: 2, cancelled: true, entry: { ...base.entry, start: '2026-12-06T03:30:00.000Z' } });
    expect(moved).toContain('\r\nUID:Q2x7mZkT4b9VhR1sNw3YpA@events.example.org\r\nSEQUENCE:2\r\n');
    expect(moved).toContain('\r\nDTSTART:20261206T033000Z\r\nDTEND:20261206T053000Z\r\n');
    expect(moved).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(moved).not.toContain('CONFIRMED');
  });

  it('names its method in the content type, and makes a safe file name', () => {
    expect(ICS_CONTENT_TYPE).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(icsFilename('Night Sky Walk')).toBe('night-sky-walk.ics');
    expect(icsFilename('Café "Stars"; \r\n../../etc/passwd')).toBe('cafe-stars-etc-passwd.ics');
    expect(icsFilename('日本')).toBe('event.ics');
    expect(icsFilename('x'.repeat(100))).toBe(`${'x'.repeat(60)}.ics`);
  });
});
