import { describe, expect, it } from 'vitest';
import { EVENT_EXCERPT_LENGTH } from '@shared/constants.js';
import type { EventRecord } from '@shared/events-model.js';
import {
  DATE_TO_BE_ANNOUNCED,
  DEFAULT_EXCERPT,
  dateBadge,
  eventExcerpt,
  formatEventDate,
  formatEventDateTime,
  formatEventTime,
  fromPriceText,
  registeredText,
  ticketPriceList,
  visibleEvents,
} from './format.js';

const paid = { requiresPayment: true, ticketTypes: ['General', 'Member', 'Student'], ticketPrices: { General: 45, Member: 35, Student: 20.5 } };

describe('eventExcerpt', () => {
  it('keeps a short description as it is', () => {
    expect(eventExcerpt('A short walk.')).toBe('A short walk.');
  });

  it('cuts a long description to 150 characters plus ...', () => {
    const long = 'x'.repeat(EVENT_EXCERPT_LENGTH + 40);
    const excerpt = eventExcerpt(long);
    expect(excerpt).toBe(`${'x'.repeat(EVENT_EXCERPT_LENGTH)}...`);
    expect(excerpt.length).toBe(EVENT_EXCERPT_LENGTH + 3);
  });

  it('keeps exactly 150 characters untouched', () => {
    const exact = 'y'.repeat(EVENT_EXCERPT_LENGTH);
    expect(eventExcerpt(exact)).toBe(exact);
  });

  it('does not split an emoji in half', () => {
    const text = `${'a'.repeat(149)}🦅🦅`;
    expect(eventExcerpt(text)).toBe(`${'a'.repeat(149)}🦅...`);
  });

  it('falls back when the description is missing or blank', () => {
    expect(eventExcerpt('')).toBe(DEFAULT_EXCERPT);
    expect(eventExcerpt('   \n ')).toBe(DEFAULT_EXCERPT);
    expect(eventExcerpt(undefined)).toBe('Join us for this exciting event!');
  });
});

describe('prices', () => {
  it("shows 'From' with the lowest price for paid events", () => {
    expect(fromPriceText(paid)).toBe('From $20.50');
  });

  it('shows no from-price for free events or events without prices', () => {
    expect(fromPriceText({ ...paid, requiresPayment: false })).toBeNull();
    expect(fromPriceText({ requiresPayment: true, ticketTypes: ['General'], ticketPrices: {} })).toBeNull();
  });

  it('lists each ticket type with its price in order', () => {
    expect(ticketPriceList(paid)).toEqual([
      { type: 'General', price: '$45.00' },
      { type: 'Member', price: '$35.00' },
      { type: 'Student', price: '$20.50' },
    ]);
  });
});

describe('registeredText', () => {
  it("shows 'n / max registered' only when a maximum is set", () => {
    expect(registeredText({ attendeeCount: 12, maxAttendees: 40 })).toBe('12 / 40 registered');
    expect(registeredText({ attendeeCount: 12, maxAttendees: null })).toBeNull();
  });
});

describe('dates in America/Denver', () => {
  // 03:30 UTC on 5 July is 21:30 on 4 July in Denver (MDT, UTC-6).
  const lateEvening = '2025-07-05T03:30:00.000Z';

  it('uses the organisation day, not the UTC day, for the badge', () => {
    expect(dateBadge(lateEvening)).toEqual({ month: 'JUL', day: '4' });
  });

  it('formats the full date and time in Denver', () => {
    expect(formatEventDate(lateEvening)).toBe('Friday, July 4, 2025');
    expect(formatEventTime(lateEvening)).toBe('9:30 PM MDT');
    expect(formatEventDateTime(lateEvening)).toBe('Friday, July 4, 2025 at 9:30 PM MDT');
  });

  it('uses standard time in winter', () => {
    expect(formatEventDateTime('2026-01-10T02:00:00Z')).toBe('Friday, January 9, 2026 at 7:00 PM MST');
  });

  it('copes with an invalid date', () => {
    expect(dateBadge('not a date')).toBeNull();
    expect(formatEventDate('not a date')).toBe(DATE_TO_BE_ANNOUNCED);
    expect(formatEventTime('not a date')).toBe('');
  });
});

describe('visibleEvents', () => {
  it('keeps only active, non-archived events', () => {
    const base = { id: 'a', isActive: true, isArchived: false } as EventRecord;
    const events = [base, { ...base, id: 'b', isActive: false }, { ...base, id: 'c', isArchived: true }];
    expect(visibleEvents(events).map((e) => e.id)).toEqual(['a']);
  });
});
