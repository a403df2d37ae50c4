// Records as the API returns them, for tests of staff screens and their helpers.
import type { EventRecord } from '@shared/events-model.js';

/** A paid, active event with two ticket types ('Condor Talk', 6:30 PM on Saturday July 3, 2027 in Denver); override what a test needs. */
export function eventRecord(overrides: Partial<EventRecord> = {}): EventRecord {
  return {
    id: 'E1',
    title: 'Condor Talk',
    description: 'Birds.',
    date: '2027-07-04T00:30:00.000Z',
    endDate: null,
    registrationClosesAt: null,
    location: 'Springdale',
    maxAttendees: 40,
    ticketTypes: ['Member', 'Guest'],
    ticketPrices: { Member: 35, Guest: 45 },
    requiresPayment: true,
    eventType: 'paid',
    eventImage: '',
    mailchimpAudienceId: '',
    mailchimpTags: [],
    tags: ['talk'],
    isActive: true,
    isArchived: false,
    eventStatus: 'active',
    generateTickets: true,
    rsvpOnlyMode: false,
    allowAdditionalInfo: false,
    customUrl: 'condor-talk',
    maxRegistrationsPerEmail: 4,
    confirmByEmail: false,
    reminderOffsetsHours: [24, 2],
    refundUntilHoursBefore: 48,
    attendeeCount: 12,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
