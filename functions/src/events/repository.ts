import { DEFAULT_MAX_REGISTRATIONS_PER_EMAIL, PUBLIC_EVENT_FIELDS, type EventRecord, type PublicEventRecord } from '../shared/events-model.js';
import { MESSAGES } from '../shared/messages.js';
import { RuleError } from '../rule-error.js';
import { collection, type DocumentStore, type StoredDocument, type Transaction } from '../store/port.js';

/** An event document: the record without its id (the document's key). */
export type StoredEvent = Omit<EventRecord, 'id' | 'maxRegistrationsPerEmail'> & {
  /** Absent on events stored before the limit existed: read as the default. */
  maxRegistrationsPerEmail?: number;
};

/** The events collection, declared once: tests and the bench import it. */
export const EVENTS = collection<StoredEvent>('events');

export class EventNotFoundError extends RuleError {
  constructor() {
    super('EVENT_NOT_FOUND', MESSAGES.eventNotFound, 'not-found');
  }
}

/** The event as the API returns it: every field listed, never a spread of the stored document. */
export function toEventView(doc: StoredDocument<StoredEvent>): EventRecord {
  const event = doc.data;
  return {
    id: doc.id,
    title: event.title,
    description: event.description,
    date: event.date,
    location: event.location,
    maxAttendees: event.maxAttendees,
    ticketTypes: event.ticketTypes,
    ticketPrices: event.ticketPrices,
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
    attendeeCount: event.attendeeCount,
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
  };
}

/** The event as visitors see it: only the fields listed in PUBLIC_EVENT_FIELDS (no Mailchimp settings, no timestamps). */
export function toPublicEventView(event: EventRecord): PublicEventRecord {
  const fields = Object.fromEntries(PUBLIC_EVENT_FIELDS.map((field) => [field, event[field]])) as PublicEventRecord;
  return { ...fields, mailingList: event.mailchimpAudienceId.trim() !== '' };
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

/** Reads an event inside a transaction by id, else by custom URL; not found is a RuleError. */
export async function readEventInTransaction(tx: Transaction, idOrSlug: string): Promise<EventRecord> {
  const doc =
    (await tx.get(EVENTS, idOrSlug)) ?? (await tx.query(EVENTS, { where: [['customUrl', '==', idOrSlug.toLowerCase()]], limit: 1 }))[0];
  if (!doc) throw new EventNotFoundError();
  return toEventView(doc);
}
