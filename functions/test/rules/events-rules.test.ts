import { describe, expect, it } from 'vitest';
import { eventInputSchema, tagList } from '../../src/shared/events.js';
import { eventDisplayStatus, isReservedSlug, lowestPrice, eventPath, type EventRecord } from '../../src/shared/events-model.js';
import { MESSAGES } from '../../src/shared/messages.js';
import {
  EventRuleError,
  assertCapacityFits,
  eventFieldsFromInput,
  matchesTags,
  parseEventDate,
  withActivation,
  withTicketMode,
} from '../../src/events/rules.js';

const input = (patch: Record<string, unknown> = {}) =>
  eventInputSchema.parse({ title: 'T', date: '2026-07-04T21:00', location: 'L', ...patch });

describe('event dates', () => {
  it('reads wall-clock times in the organisation zone, across daylight saving', () => {
    expect(parseEventDate('2026-07-04T21:00', 'America/Denver')).toBe('2026-07-05T03:00:00.000Z');
    expect(parseEventDate('2026-12-04T21:00', 'America/Denver')).toBe('2026-12-05T04:00:00.000Z');
  });
  it('keeps instants with an offset', () => {
    expect(parseEventDate('2026-07-04T21:00:00.000Z', 'America/Denver')).toBe('2026-07-04T21:00:00.000Z');
    expect(parseEventDate('2026-07-04T21:00-06:00', 'America/Denver')).toBe('2026-07-05T03:00:00.000Z');
  });
  it('refuses impossible dates', () => {
    expect(() => parseEventDate('2026-02-30T10:00', 'America/Denver')).toThrow(EventRuleError);
  });
});

describe('event form rules', () => {
  it('tags: comma-separated, trimmed, empties dropped, duplicates removed', () => {
    expect(tagList.parse(' a, b ,,a ,')).toEqual(['a', 'b']);
    expect(tagList.parse(['x', ' ', 'y'])).toEqual(['x', 'y']);
  });
  it('derives eventType and rsvpOnlyMode and drops prices of missing types', () => {
    const fields = eventFieldsFromInput(
      input({ requiresPayment: true, ticketTypes: ['A'], ticketPrices: { A: 5, B: 9 }, generateTickets: false }),
      'America/Denver',
    );
    expect(fields).toMatchObject({ eventType: 'paid', rsvpOnlyMode: true, ticketPrices: { A: 5 } });
  });
  it('rounds prices to cents', () => {
    expect(input({ ticketPrices: { General: 10.129 } }).ticketPrices.General).toBe(10.13);
  });
  it('a paid event needs a price above 0', () => {
    expect(() => eventFieldsFromInput(input({ requiresPayment: true }), 'America/Denver')).toThrow(MESSAGES.paidEventNeedsPrice);
  });
  it('reserved words are not custom URLs', () => {
    expect(isReservedSlug('admin')).toBe(true);
    expect(isReservedSlug('Payment-Success')).toBe(true);
    expect(isReservedSlug('')).toBe(true);
    expect(isReservedSlug('condor-dinner')).toBe(false);
    expect(() => eventFieldsFromInput(input({ customUrl: 'empty' }), 'America/Denver')).toThrow(MESSAGES.customUrlReserved);
  });
  it('empty max attendees means unlimited', () => {
    expect(input({ maxAttendees: '' }).maxAttendees).toBeNull();
    expect(input({ maxAttendees: '12' }).maxAttendees).toBe(12);
  });
});

describe('status and mode transitions', () => {
  const event = { isActive: true, isArchived: false, generateTickets: true } as EventRecord;
  it('display status: Archived, else Active, else Inactive', () => {
    expect(eventDisplayStatus({ isActive: true, isArchived: true })).toBe('Archived');
    expect(eventDisplayStatus({ isActive: true, isArchived: false })).toBe('Active');
    expect(eventDisplayStatus({ isActive: false, isArchived: false })).toBe('Inactive');
  });
  it('archived events cannot be activated', () => {
    expect(() => withActivation({ ...event, isArchived: true }, true)).toThrow(MESSAGES.archivedCannotActivate);
    expect(withActivation(event, false)).toEqual({ isActive: false, eventStatus: 'inactive' });
  });
  it('switch mode flips generateTickets and sets rsvpOnlyMode to the opposite', () => {
    expect(withTicketMode(event)).toEqual({ generateTickets: false, rsvpOnlyMode: true });
    expect(withTicketMode({ ...event, generateTickets: false })).toEqual({ generateTickets: true, rsvpOnlyMode: false });
  });
  it('capacity may not drop below seats taken', () => {
    expect(() => assertCapacityFits(3, 4)).toThrow(MESSAGES.capacityBelowRegistered);
    expect(() => assertCapacityFits(null, 400)).not.toThrow();
    expect(() => assertCapacityFits(4, 4)).not.toThrow();
  });
});

describe('display helpers', () => {
  it('lowest price among offered types; null without prices', () => {
    expect(lowestPrice({ ticketTypes: ['A', 'B'], ticketPrices: { A: 45, B: 20 } })).toBe(20);
    expect(lowestPrice({ ticketTypes: ['A'], ticketPrices: {} })).toBeNull();
  });
  it('event path prefers the custom URL', () => {
    expect(eventPath({ id: 'abc', customUrl: '' })).toBe('/abc');
    expect(eventPath({ id: 'abc', customUrl: 'stars' })).toBe('/stars');
  });
  it('tag filter matches any asked tag, case-insensitively', () => {
    expect(matchesTags({ tags: ['Wildlife'] }, ['wildlife', 'x'])).toBe(true);
    expect(matchesTags({ tags: ['a'] }, ['b'])).toBe(false);
    expect(matchesTags({ tags: [] }, undefined)).toBe(true);
  });
});
