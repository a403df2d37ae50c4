import { DEFAULT_REMINDER_OFFSETS_HOURS } from '../shared/reminders-model.js';
import { DEFAULT_MAX_REGISTRATIONS_PER_EMAIL, PUBLIC_EVENT_FIELDS, WAITLIST_CLAIM_LIMITS, type EventRecord, type PublicEventRecord } from '../shared/events-model.js';
import { MESSAGES } from '../shared/messages.js';
import { RuleError } from '../rule-error.js';
import { collection, type DocumentStore, type StoredDocument, type Transaction } from '../store/port.js';

/** An event document: the record without its id (the document's key) and its count (seats/ keeps that). */
export type StoredEvent = Omit<EventRecord, 'id' | 'maxRegistrationsPerEmail' | 'attendeeCount' | 'confirmByEmail' | 'reminderOffsetsHours' | 'refundUntilHoursBefore' | 'endDate' | 'registrationClosesAt' | 'waitlistClaimHours'> & {
  /** Absent on events stored before ends and deadlines (issue 26 item 4): read as none, so they behave as before. */
  endDate?: string | null;
  registrationClosesAt?: string | null;
  /** Absent on events stored before attendees could cancel paid tickets (issue 25): read as no refunds, never a rule nobody set. */
  refundUntilHoursBefore?: number | null;
  /** Absent on events stored before reminders (issue 25): read as the default, 24 h and 2 h. */
  reminderOffsetsHours?: number[];
  /** Absent on events stored before 'Confirm by e-mail': read as off. */
  confirmByEmail?: boolean;
  /** Absent on events stored before the limit existed: read as the default. */
  maxRegistrationsPerEmail?: number;
  /** Someone joined its waitlist (issue 28): freed seats go to the line first (seats/repository.ts FREED_SEATS). Absent: no. */
  waitlistActive?: boolean;
  /** Hours a waitlist offer holds its seats (issue 28 item 2); absent or null: DEFAULT_WAITLIST_CLAIM_HOURS. */
  waitlistClaimHours?: number | null;
  /** How the seats are counted (seats/repository.ts): shard documents, none (unlimited), or absent: this old counter. */
  seatShards?: number;
  /** The seat counter of events stored before the shards; 0 once they are laid out. */
  attendeeCount?: number;
  /** Registrations of one e-mail are found through one key document (rsvps/repository.ts); absent on older events. */
  perEmailKeys?: boolean;
  /** The SEQUENCE of its tickets' calendar files, raised when its date, time or place changes (calendar/); absent: 0. */
  calendarSequence?: number;
};

/** An event without its count of registrations: what needs no count (tickets, check-in, e-mails) gets this. */
export type EventDetails = Omit<EventRecord, 'attendeeCount'>;

/** The events collection, declared once: tests and the bench import it. */
export const EVENTS = collection<StoredEvent>('events');

export class EventNotFoundError extends RuleError {
  constructor() {
    super('EVENT_NOT_FOUND', MESSAGES.eventNotFound, 'not-found');
  }
}

/** The event as the API returns it, with its count (seats/ `seatsTaken`): every field listed, never a spread of the stored document. */
export function toEventView(doc: StoredDocument<StoredEvent>, attendeeCount: number): EventRecord {
  return { ...toEventDetails(doc), attendeeCount };
}

/** The event's own fields, every one listed (no count: see toEventView). */
export function toEventDetails(doc: StoredDocument<StoredEvent>): EventDetails {
  const event = doc.data;
  return {
    id: doc.id,
    title: event.title,
    description: event.description,
    date: event.date,
    endDate: event.endDate ?? null,
    registrationClosesAt: event.registrationClosesAt ?? null,
    location: event.location,
    maxAttendees: event.maxAttendees,
    ticketTypes: event.ticketTypes,
    ticketPrices: event.ticketPrices,
    // Events stored before quotas (issue 26 item 4) have none.
    ticketQuotas: event.ticketQuotas ?? {},
    requiresPayment: event.requiresPayment,
    eventType: event.eventType,
    eventImage: event.eventImage,
    mailchimpAudienceId: event.mailchimpAudienceId,
    mailchimpTags: event.mailchimpTags,
    tags: event.tags,
    isActive: event.isActive,
    isArchived: event.isArchived,
    eventStatus: event.eventStatus,
    generateTickets: event.generateTickets,
    rsvpOnlyMode: event.rsvpOnlyMode,
    allowAdditionalInfo: event.allowAdditionalInfo,
    customUrl: event.customUrl,
    maxRegistrationsPerEmail: event.maxRegistrationsPerEmail ?? DEFAULT_MAX_REGISTRATIONS_PER_EMAIL,
    // Absent on events stored before the setting: they keep confirming at once.
    confirmByEmail: event.confirmByEmail ?? false,
    reminderOffsetsHours: event.reminderOffsetsHours ?? [...DEFAULT_REMINDER_OFFSETS_HOURS],
    refundUntilHoursBefore: event.refundUntilHoursBefore ?? null,
    waitlistClaimHours: event.waitlistClaimHours ?? WAITLIST_CLAIM_LIMITS.defaultHours,
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
    ...(event.cancelledAt ? { cancelledAt: event.cancelledAt } : {}),
  };
}

/** The event as visitors see it: only the fields listed in PUBLIC_EVENT_FIELDS (no Mailchimp settings, no timestamps). */
export function toPublicEventView(event: EventRecord): PublicEventRecord {
  const fields = Object.fromEntries(PUBLIC_EVENT_FIELDS.map((field) => [field, event[field]])) as PublicEventRecord;
  // cancelledAt (issue 26 item 3) is null for an event never cancelled: every listed field is in the reply.
  return { ...fields, cancelledAt: event.cancelledAt ?? null, mailingList: event.mailchimpAudienceId.trim() !== '' };
}

export function findEvent(store: DocumentStore, id: string): Promise<StoredDocument<StoredEvent> | null> {
  return store.get(EVENTS, id);
}

/** Every event document (admins' figures; a small organisation has few). */
export function listAllEvents(store: DocumentStore): Promise<StoredDocument<StoredEvent>[]> {
  return store.query(EVENTS);
}

/** An event document by id, read inside a transaction (null when it was deleted). */
export function readEvent(tx: Transaction, id: string): Promise<StoredDocument<StoredEvent> | null> {
  return tx.get(EVENTS, id);
}

/**
 * The id of the event at `idOrSlug` (an id, else a custom URL), looked up outside any
 * transaction: a query inside one locks the whole range it read on Firestore, so every
 * registration of an event would queue behind the others. Null when there is none.
 */
export async function resolveEventId(store: DocumentStore, idOrSlug: string): Promise<string | null> {
  const byId = await store.get(EVENTS, idOrSlug);
  if (byId) return byId.id;
  const [bySlug] = await store.query(EVENTS, { where: [['customUrl', '==', idOrSlug.toLowerCase()]], limit: 1 });
  return bySlug?.id ?? null;
}

/** Reads an event document inside a transaction by id (see resolveEventId); not found is a RuleError. */
export async function readEventDocument(tx: Transaction, id: string | null): Promise<StoredDocument<StoredEvent>> {
  const doc = id === null ? null : await tx.get(EVENTS, id);
  if (!doc) throw new EventNotFoundError();
  return doc;
}
