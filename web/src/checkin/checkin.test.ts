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
  shouldRetrySync,
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

  it('offers only what the API admits for: no inactive, archived or 2020 event; tonight and one that started 3 h ago stay', () => {
    const list = checkInEvents(
      [
        event('tonight', '2026-06-11T01:00:00Z'),
        event('started', '2026-06-10T09:00:00Z'),
        event('inactive', '2026-06-10T20:00:00Z', { isActive: false }),
        event('archived', '2026-06-10T20:00:00Z', { isArchived: true, isActive: false }),
        event('2020', '2020-06-10T20:00:00Z'),
      ],
      now,
    );
    expect(list.map((e) => e.id)).toEqual(['started', 'tonight']);
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

  it("shows each of the door's refusals in its own words, the other event by name", () => {
    const refused = (code: ConstructorParameters<typeof ApiError>[4], message = 'server wording') => checkInErrorStatus(new ApiError(message, 409, message, undefined, code));
    expect(refused('CHECKIN_EVENT_ARCHIVED')).toMatchObject({ kind: 'error', outcome: 'refused', text: CHECKIN_MESSAGES.eventArchived });
    expect(refused('CHECKIN_EVENT_INACTIVE')).toMatchObject({ outcome: 'refused', text: CHECKIN_MESSAGES.eventInactive });
    expect(refused('CHECKIN_CLOSED')).toMatchObject({ outcome: 'refused', text: CHECKIN_MESSAGES.checkInClosed });
    expect(refused('CHECKIN_TIME_TOO_OLD')).toMatchObject({ outcome: 'refused', text: CHECKIN_MESSAGES.timeTooOld });
    expect(refused('CHECKIN_TIME_IN_FUTURE')).toMatchObject({ outcome: 'refused', text: CHECKIN_MESSAGES.timeInFuture });
    expect(refused('CHECKIN_TIME_BEFORE_LIST')).toMatchObject({ outcome: 'refused', text: CHECKIN_MESSAGES.timeBeforeList });
    expect(refused('WRONG_EVENT', 'This ticket is for another event: Bat Walk')).toMatchObject({ outcome: 'refused', text: 'This ticket is for another event: Bat Walk' });
    expect(checkInErrorStatus(new ApiError('x', 409, undefined, undefined, 'WRONG_EVENT')).text).toBe(CHECKIN_MESSAGES.wrongEvent);
    // A 400 the server words (a check-in without its event) shows as the server says.
    expect(checkInErrorStatus(new ApiError('Please select an event', 400, 'Please select an event', { eventId: 'Please select an event' }, 'INVALID_INPUT')).text).toBe('Please select an event');
  });

  it('retries a queued check-in only while no verdict came: no network, busy or failing server, session to renew', () => {
    for (const error of [new ApiError('n', 0), new ApiError('x', 500), new ApiError('x', 503), new ApiError('x', 429), new ApiError('x', 401), new ApiError('x', 403), new Error('bug')]) {
      expect(shouldRetrySync(error), String(error)).toBe(true);
    }
    for (const error of [new ApiError('x', 409, 'x', undefined, 'ALREADY_CHECKED_IN'), new ApiError('x', 400, 'x', undefined, 'CHECKIN_TIME_TOO_OLD'), new ApiError('x', 400), new ApiError('x', 404, 'x', undefined, 'TICKET_NOT_FOUND')]) {
      expect(shouldRetrySync(error), String(error.code)).toBe(false);
    }
  });

  it('tells a dead network from a refusal', () => {
    expect(isOffline(new ApiError('n', 0))).toBe(true);
    // A reply, even a refusal, means the server was reached, whatever navigator.onLine says.
    expect(isOffline(new ApiError('x', 409))).toBe(false);
    expect(isOffline(new Error('bug'))).toBe(false);
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
