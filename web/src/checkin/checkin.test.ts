import { describe, expect, it } from 'vitest';
import { CHECKIN_MESSAGES } from '@shared/checkin-model.js';
import type { EventRecord } from '@shared/events-model.js';
import { ApiError } from '../api/client.js';
import {
  cameraErrorText,
  cameraUnavailableText,
  checkInErrorStatus,
  checkInEvents,
  checkedInCountText,
  defaultEventId,
  filterAttendees,
  isOffline,
  isRepeatScan,
  looksScanned,
  scanRegion,
  ticketTypeOf,
} from './checkin.js';

const now = new Date('2026-06-10T12:00:00Z');
const event = (id: string, date: string, extra: Partial<EventRecord> = {}) => ({ id, date, isActive: true, isArchived: false, ...extra }) as EventRecord;

describe('check-in event list', () => {
  it('keeps events dated no more than 24 h ago, soonest first, without archived ones', () => {
    const list = checkInEvents(
      [event('later', '2026-07-01T18:00:00Z'), event('old', '2026-06-09T11:00:00Z'), event('yesterday', '2026-06-09T13:00:00Z'), event('gone', '2026-06-11T10:00:00Z', { isArchived: true })],
      now,
    );
    expect(list.map((e) => e.id)).toEqual(['yesterday', 'later']);
  });

  it('pre-selects the first active event', () => {
    expect(defaultEventId([event('a', '2026-06-11', { isActive: false }), event('b', '2026-06-12')])).toBe('b');
    expect(defaultEventId([event('a', '2026-06-11', { isActive: false })])).toBe('a');
    expect(defaultEventId([])).toBe('');
  });
});

const people = [
  { id: 'T1', name: 'Ada Lovelace', email: 'ada@example.org', ticketType: '', checkedIn: true, checkedInAt: null, checkedInBy: null },
  { id: 'T2', name: 'Grace Hopper', email: 'grace@example.org', ticketType: 'VIP', checkedIn: false, checkedInAt: null, checkedInBy: null },
];

describe('filters and counts', () => {
  it('filters by status and searches name, e-mail or ticket id', () => {
    expect(filterAttendees(people, 'pending', '').map((p) => p.id)).toEqual(['T2']);
    expect(filterAttendees(people, 'checked-in', '').map((p) => p.id)).toEqual(['T1']);
    expect(filterAttendees(people, 'all', 'GRACE@').map((p) => p.id)).toEqual(['T2']);
    expect(filterAttendees(people, 'all', 't1').map((p) => p.id)).toEqual(['T1']);
  });

  it("counts 'n of m checked in' and defaults the ticket type to General", () => {
    expect(checkedInCountText(people)).toBe('1 of 2 checked in');
    expect(ticketTypeOf(people[0])).toBe('General');
  });
});

describe('outcomes', () => {
  it('maps codes, never wording, to the product messages and feedback', () => {
    expect(checkInErrorStatus(new ApiError('x', 409, 'x', undefined, 'ALREADY_CHECKED_IN'))).toMatchObject({ kind: 'warning', outcome: 'already', text: 'This attendee is already checked in' });
    expect(checkInErrorStatus(new ApiError('x', 404, 'x', undefined, 'TICKET_NOT_FOUND'))).toMatchObject({ outcome: 'notFound', text: 'Ticket ID not found in RSVP list' });
    expect(checkInErrorStatus(new ApiError('x', 409, 'x', undefined, 'TICKET_CANCELLED'))).toMatchObject({ kind: 'error', outcome: 'refused' });
    expect(checkInErrorStatus(new ApiError('Server says', 500)).text).toBe('Server says');
    expect(checkInErrorStatus(new Error('boom')).text).toBe('Error checking in attendee');
    expect(checkInErrorStatus(new Error('boom'), 'Error looking up ticket').text).toBe('Error looking up ticket');
  });

  it('tells a dead network from a refusal', () => {
    expect(isOffline(new ApiError('n', 0), true)).toBe(true);
    expect(isOffline(new ApiError('x', 409), false)).toBe(true);
    expect(isOffline(new ApiError('x', 409), true)).toBe(false);
  });
});

describe('camera', () => {
  it('words each camera failure', () => {
    expect(cameraErrorText(Object.assign(new Error('x'), { name: 'NotAllowedError' }), true)).toMatch(/permission was denied/);
    expect(cameraErrorText('Camera not found.', true)).toBe('No camera was found on this device.');
    expect(cameraErrorText(Object.assign(new Error('x'), { name: 'NotSupportedError' }), true)).toMatch(/does not support/);
    expect(cameraErrorText(new Error('x'), false)).toMatch(/HTTPS/);
    expect(cameraErrorText(new TypeError('Failed to fetch dynamically imported module: /assets/qr-scanner.js'), true)).toBe(CHECKIN_MESSAGES.scannerNotLoaded);
    expect(cameraErrorText(new Error('x'), true, false)).toBe(CHECKIN_MESSAGES.scannerNotLoaded);
    expect(cameraUnavailableText({ secure: true, hasMediaDevices: false })).toMatch(/does not support/);
    expect(cameraUnavailableText({ secure: true, hasMediaDevices: true })).toBeNull();
  });

  it('scans the centre two thirds, or the whole frame', () => {
    expect(scanRegion({ width: 640, height: 480 }, false)).toEqual({ x: 160, y: 80, width: 320, height: 320 });
    expect(scanRegion({ width: 640, height: 480 }, true)).toEqual({ x: 0, y: 0, width: 640, height: 480 });
  });

  it('ignores the camera reading the same code again, and knows a scanned URL', () => {
    expect(isRepeatScan({ id: 'T1', at: 1000 }, 'T1', 2000)).toBe(true);
    expect(isRepeatScan({ id: 'T1', at: 1000 }, 'T1', 5000)).toBe(false);
    expect(isRepeatScan({ id: 'T1', at: 1000 }, 'T2', 1500)).toBe(false);
    expect(looksScanned('https://x.org/checkin/T1')).toBe(true);
    expect(looksScanned('T1')).toBe(false);
  });
});
