import { DateTime } from 'luxon';
import type { EventInput } from '../shared/events.js';
import { EVENT_TIME_MESSAGES, WAITLIST_CLAIM_LIMITS, confirmByEmailDefault, isReservedSlug, type EventRecord } from '../shared/events-model.js';
import { MESSAGES } from '../shared/messages.js';
import { QUOTA_MESSAGES, quotaField, quotaProblems } from '../shared/quotas-model.js';

import type { ErrorCode } from '../shared/error-codes.js';
import { RuleError } from '../rule-error.js';

/** A bad event value (400), or with kind 'conflict' a clash with the stored state (409). */
export class EventRuleError extends RuleError {
  constructor(code: ErrorCode, message: string, field?: string, kind: 'invalid' | 'conflict' = 'invalid') {
    super(code, message, kind, field);
    this.name = 'EventRuleError';
  }
}

/**
 * Reads an event date: an instant with offset is taken as is; a wall-clock time
 * without offset is read in the organisation's time zone, never the server's.
 */
export function parseEventDate(value: string, timeZone: string): string {
  const hasOffset = /(?:Z|[+-]\d{2}:\d{2})$/.test(value);
  const parsed = hasOffset ? DateTime.fromISO(value, { setZone: true }) : DateTime.fromISO(value, { zone: timeZone });
  if (!parsed.isValid) throw new EventRuleError('INVALID_INPUT', 'Date and time are required', 'date');
  return parsed.toUTC().toISO()!;
}

/**
 * The end and the registration deadline as stored instants (issue 26 item 4), read like `date`: the
 * end must come after the start; registration must close at or before it (never after: nobody
 * registers for an event under way), so the deadline is checked against the start, not the end.
 */
export function eventTimesFromInput(input: Pick<EventInput, 'endDate' | 'registrationClosesAt'>, start: string, timeZone: string) {
  const read = (value: string | null, field: string, message: string) => {
    if (value === null) return null;
    try {
      return parseEventDate(value, timeZone);
    } catch {
      throw new EventRuleError('INVALID_INPUT', message, field);
    }
  };
  const endDate = read(input.endDate, 'endDate', EVENT_TIME_MESSAGES.endInvalid);
  const registrationClosesAt = read(input.registrationClosesAt, 'registrationClosesAt', EVENT_TIME_MESSAGES.deadlineInvalid);
  if (endDate !== null && Date.parse(endDate) <= Date.parse(start)) throw new EventRuleError('INVALID_INPUT', EVENT_TIME_MESSAGES.endBeforeStart, 'endDate');
  if (registrationClosesAt !== null && Date.parse(registrationClosesAt) > Date.parse(start)) {
    throw new EventRuleError('INVALID_INPUT', EVENT_TIME_MESSAGES.deadlineAfterStart, 'registrationClosesAt');
  }
  return { endDate, registrationClosesAt };
}

/**
 * The stored fields derived from a validated event form (SPEC §3-§5). A custom URL is checked
 * against the reserved words when it is set or changed, not on every edit: an event whose
 * address became reserved later can still be edited, deactivated or given a new address.
 */
export function eventFieldsFromInput(input: EventInput, timeZone: string, options: { customUrlChanged?: boolean } = {}) {
  if ((options.customUrlChanged ?? true) && input.customUrl && isReservedSlug(input.customUrl)) throw new EventRuleError('CUSTOM_URL_RESERVED', MESSAGES.customUrlReserved, 'customUrl');
  // Prices belong to ticket types: a price for a type that no longer exists is dropped.
  const ticketPrices = Object.fromEntries(
    input.ticketTypes.filter((type) => input.ticketPrices[type] !== undefined).map((type) => [type, input.ticketPrices[type]]),
  );
  if (input.requiresPayment && !Object.values(ticketPrices).some((price) => price > 0)) {
    throw new EventRuleError('PAID_EVENT_NEEDS_PRICE', MESSAGES.paidEventNeedsPrice, 'ticketPrices');
  }
  // Quotas per ticket type (issue 26 item 4): only for the event's types, none above its capacity.
  const [quotaProblem] = quotaProblems(input);
  if (quotaProblem) throw new EventRuleError('INVALID_INPUT', quotaProblem.message, quotaField(quotaProblem.ticketType));
  const date = parseEventDate(input.date, timeZone);
  return {
    title: input.title,
    description: input.description,
    date,
    ...eventTimesFromInput(input, date, timeZone),
    location: input.location,
    maxAttendees: input.maxAttendees,
    ticketTypes: input.ticketTypes,
    ticketPrices,
    ticketQuotas: input.ticketQuotas,
    requiresPayment: input.requiresPayment,
    eventType: input.requiresPayment ? ('paid' as const) : ('free' as const),
    eventImage: input.eventImage,
    mailchimpAudienceId: input.mailchimpAudienceId,
    mailchimpTags: input.mailchimpTags,
    tags: input.tags,
    isActive: input.isActive,
    generateTickets: input.generateTickets,
    rsvpOnlyMode: !input.generateTickets,
    allowAdditionalInfo: input.allowAdditionalInfo,
    customUrl: input.customUrl,
    maxRegistrationsPerEmail: input.maxRegistrationsPerEmail,
    // A paid event's seat is confirmed by the payment: never by e-mail.
    confirmByEmail:
      !input.requiresPayment && (input.confirmByEmail ?? confirmByEmailDefault({ requiresPayment: input.requiresPayment, hasCapacity: input.maxAttendees !== null })),
    reminderOffsetsHours: input.reminderOffsetsHours,
    refundUntilHoursBefore: input.refundUntilHoursBefore,
    waitlistClaimHours: input.waitlistClaimHours,
  };
}

/** The form values of a stored event, so a partial update can be validated as a whole. */
export function eventToInput(event: Omit<EventRecord, 'attendeeCount'>): EventInput {
  return {
    title: event.title,
    description: event.description,
    date: event.date,
    endDate: event.endDate,
    registrationClosesAt: event.registrationClosesAt,
    location: event.location,
    maxAttendees: event.maxAttendees,
    ticketTypes: event.ticketTypes,
    ticketPrices: event.ticketPrices,
    ticketQuotas: event.ticketQuotas ?? {},
    requiresPayment: event.requiresPayment,
    eventImage: event.eventImage,
    mailchimpAudienceId: event.mailchimpAudienceId,
    mailchimpTags: event.mailchimpTags,
    tags: event.tags,
    isActive: event.isActive,
    generateTickets: event.generateTickets,
    allowAdditionalInfo: event.allowAdditionalInfo,
    customUrl: event.customUrl,
    maxRegistrationsPerEmail: event.maxRegistrationsPerEmail,
    confirmByEmail: event.confirmByEmail,
    reminderOffsetsHours: event.reminderOffsetsHours,
    refundUntilHoursBefore: event.refundUntilHoursBefore,
    waitlistClaimHours: event.waitlistClaimHours ?? WAITLIST_CLAIM_LIMITS.defaultHours,
  };
}

export function eventStatusOf(event: Pick<EventRecord, 'isActive' | 'isArchived'>): EventRecord['eventStatus'] {
  if (event.isArchived) return 'archived';
  return event.isActive ? 'active' : 'inactive';
}

/** Visitors only ever see active, non-archived events. */
export function isPublic(event: Pick<EventRecord, 'isActive' | 'isArchived'>) {
  return event.isActive && !event.isArchived;
}

/** SPEC §4 transitions. Archiving takes an event off the site; restoring brings it back inactive. */
export function archived(_event: Omit<EventRecord, 'attendeeCount'>): Partial<EventRecord> {
  return { isArchived: true, isActive: false, eventStatus: 'archived' };
}
export function restored(_event: Omit<EventRecord, 'attendeeCount'>): Partial<EventRecord> {
  return { isArchived: false, isActive: false, eventStatus: 'inactive' };
}
export function withActivation(event: Omit<EventRecord, 'attendeeCount'>, isActive: boolean): Partial<EventRecord> {
  if (event.isArchived && isActive) throw new EventRuleError('ARCHIVED_CANNOT_ACTIVATE', MESSAGES.archivedCannotActivate, 'isActive', 'conflict');
  return { isActive, eventStatus: eventStatusOf({ isActive, isArchived: event.isArchived }) };
}
/** Switch mode: generateTickets flipped (or set), rsvpOnlyMode the opposite. */
export function withTicketMode(event: Omit<EventRecord, 'attendeeCount'>, generateTickets?: boolean): Partial<EventRecord> {
  const next = generateTickets ?? !event.generateTickets;
  return { generateTickets: next, rsvpOnlyMode: !next };
}

/** The capacity can shrink, but never below the seats already taken. */
export function assertCapacityFits(maxAttendees: number | null, attendeeCount: number) {
  if (maxAttendees !== null && maxAttendees < attendeeCount) {
    throw new EventRuleError('CAPACITY_BELOW_REGISTERED', `${MESSAGES.capacityBelowRegistered} (${attendeeCount})`, 'maxAttendees', 'conflict');
  }
}

/** A ticket type's quota can shrink, but never below its tickets taken (as the capacity, assertCapacityFits). */
export function assertQuotaFits(below: { ticketType: string; taken: number } | null) {
  if (below) throw new EventRuleError('QUOTA_BELOW_TAKEN', QUOTA_MESSAGES.belowTaken(below.ticketType, below.taken), quotaField(below.ticketType), 'conflict');
}

/** Tag filter of GET /events: an event matches when it carries any of the asked tags. */
export function matchesTags(event: Pick<EventRecord, 'tags'>, tags: string[] | undefined) {
  if (!tags || tags.length === 0) return true;
  const wanted = new Set(tags.map((tag) => tag.toLowerCase()));
  return event.tags.some((tag) => wanted.has(tag.toLowerCase()));
}
