import { describe, expect, it } from 'vitest';
import { RSVP_MESSAGES, type TicketView } from '@shared/rsvps-model.js';
import { ApiError } from '../api/client.js';
import { cancellationText, checkInBadge, checkInDetails, TICKET_TEXT, ticketErrorText, ticketEventPath, ticketTypeText } from './ticket.js';

const ticket: TicketView = {
  id: 't1',
  attendee: { name: 'Ann Lee', email: 'ann@example.org', ticketType: 'Member' },
  event: { id: 'e1', title: 'Spring Walk', date: '2025-06-14T16:00:00.000Z', location: 'Springdale', customUrl: 'spring-walk' },
  checkedIn: false,
  checkedInAt: null,
  checkedInBy: null,
};

describe('ticket page helpers', () => {
  it('shows the check-in badge', () => {
    expect(checkInBadge(ticket)).toBe('Not Checked In');
    expect(checkInBadge({ checkedIn: true })).toBe('Checked In');
  });

  it('formats when and by whom in the organisation time zone', () => {
    expect(checkInDetails(ticket)).toBeNull();
    expect(checkInDetails({ checkedIn: true, checkedInAt: '2025-06-14T16:05:00.000Z', checkedInBy: ' staff@example.org ' })).toEqual({
      at: 'Saturday, June 14, 2025 at 10:05 AM MDT',
      by: 'staff@example.org',
    });
    expect(checkInDetails({ checkedIn: true, checkedInAt: null, checkedInBy: '' })).toEqual({ at: null, by: null });
  });

  it('defaults the ticket type to General and links the event by its custom URL', () => {
    expect(ticketTypeText(ticket)).toBe('Member');
    expect(ticketTypeText({ attendee: { ...ticket.attendee, ticketType: '' } })).toBe('General');
    expect(ticketEventPath(ticket)).toBe('/spring-walk');
    expect(ticketEventPath({ event: { ...ticket.event, customUrl: '' } })).toBe('/e1');
  });

  it("shows the server's message, 'Ticket not found', or 'Error loading ticket information'", () => {
    expect(ticketErrorText(new ApiError(RSVP_MESSAGES.ticketNotFound, 404, RSVP_MESSAGES.ticketNotFound))).toBe('Ticket not found');
    expect(ticketErrorText(new ApiError('Not found', 404))).toBe('Ticket not found');
    expect(ticketErrorText(new ApiError('Network error occurred', 0))).toBe(TICKET_TEXT.loadFailed);
    expect(ticketErrorText(new ApiError('x', 500, 'Database unavailable'))).toBe('Database unavailable');
    expect(ticketErrorText(new Error('boom'))).toBe('Error loading ticket information');
  });

  it('a check-in of minutes ago reads as such, one of today as Today at (issue 24 item 20)', () => {
    const now = new Date('2025-06-14T16:07:00.000Z');
    expect(checkInDetails({ checkedIn: true, checkedInAt: '2025-06-14T16:05:00.000Z', checkedInBy: null }, now)?.at).toBe('2 minutes ago');
    expect(checkInDetails({ checkedIn: true, checkedInAt: '2025-06-14T14:05:00.000Z', checkedInBy: null }, now)?.at).toBe('Today at 8:05 AM MDT');
  });

  it('a cancelled or refunded ticket says so, with when when it is known (issue 24 item 8)', () => {
    const now = new Date('2025-06-14T16:07:00.000Z');
    expect(cancellationText(ticket, now)).toBeNull();
    expect(cancellationText({ cancelled: { refunded: false, at: '2025-06-14T16:05:00.000Z' } }, now)).toEqual({
      badge: 'Cancelled',
      note: 'This ticket was cancelled, so it cannot be used for entry. It was cancelled 2 minutes ago.',
    });
    expect(cancellationText({ cancelled: { refunded: true, at: '2025-06-01T16:05:00.000Z' } }, now)).toEqual({
      badge: 'Cancelled and refunded',
      note: 'This ticket was cancelled, so it cannot be used for entry. It was refunded on Sunday, June 1, 2025 at 10:05 AM MDT.',
    });
    expect(cancellationText({ cancelled: { refunded: false, at: null } }, now)).toEqual({ badge: 'Cancelled', note: TICKET_TEXT.cancelledNote });
  });
});
