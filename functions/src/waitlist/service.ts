import type { Clock } from '../clock.js';
import { EventNotFoundError, readEventDocument, resolveEventId, toEventDetails, type StoredEvent } from '../events/repository.js';
import { queueMail } from '../outbox/outbox.js';
import { RuleError } from '../rule-error.js';
import { linkKeyMatches } from '../rsvps/link-keys.js';
import { assertAcceptingRegistrations } from '../rsvps/rules.js';
import { findFreeSeats } from '../seats/repository.js';
import {
  WAITLIST_MESSAGES,
  type JoinWaitlistReply,
  type WaitlistAdminEntry,
  type WaitlistEntryReply,
  type WaitlistEntryView,
} from '../shared/waitlist-model.js';
import type { JoinWaitlistInput } from '../shared/waitlist.js';
import { newId } from '../ids.js';
import type { DocumentStore, StoredDocument } from '../store/port.js';
import { EVENTS } from '../events/repository.js';
import {
  WAITLIST_ENTRIES,
  WAITLIST_KEYS,
  isInLine,
  joinedMailId,
  positionsOf,
  readEntriesOfEvent,
  waitlistKeyId,
  type StoredWaitlistEntry,
  type WaitlistEntryDocument,
} from './repository.js';
import { waitlistCsv } from './csv.js';

export interface WaitlistServiceDeps {
  store: DocumentStore;
  clock: Clock;
  timeZone: string;
  /** Called after a commit that queued mail, so delivery starts at once. */
  onMailQueued?: () => void;
}

/** A wrong key, or no such entry: one refusal, nothing told apart (like the ticket links). */
function linkInvalid() {
  return new RuleError('LINK_INVALID', WAITLIST_MESSAGES.linkInvalid, 'not-found');
}

function eventView(event: StoredDocument<StoredEvent>): WaitlistEntryView['event'] {
  const { id, title, date, location, customUrl } = toEventDetails(event);
  return { id, title, date, location, customUrl };
}

/** The owner's view: an allowlist of the entry's fields (never its e-mail, nor its key hashes). */
function toEntryView(entry: WaitlistEntryDocument, position: number | null, event: StoredDocument<StoredEvent>): WaitlistEntryView {
  const { status, name, seats, together, joinedAt } = entry.data;
  return { id: entry.id, status, name, seats, together, joinedAt, position, event: eventView(event) };
}

export function createWaitlistService({ store, clock, timeZone, onMailQueued }: WaitlistServiceDeps) {
  /** The entry and its event, or the one refusal of a wrong link. */
  async function readOwned(entryId: string, key: string) {
    const entry = await store.get(WAITLIST_ENTRIES, entryId);
    if (!entry || !linkKeyMatches(entry.data.linkKeys, key)) throw linkInvalid();
    const event = await store.get(EVENTS, entry.data.eventId);
    if (!event) throw linkInvalid();
    return { entry, event };
  }

  return {
    /**
     * Issue 28 item 1: joins a full event's waitlist. One transaction reads the event, the address's key
     * document, the event's line and its seats, then creates the entry, the key and the 'Waitlist joined'
     * mail job (its own id: exactly once). The same address again answers its entry's place: no second entry.
     */
    async join(eventIdOrSlug: string, input: JoinWaitlistInput): Promise<JoinWaitlistReply> {
      const now = clock.now();
      const eventId = await resolveEventId(store, eventIdOrSlug);
      // The line is not read in the transaction (DESIGN §4): joins of different people then write and
      // lock different documents only, and the place is counted after the commit, as on every read.
      const result = await store.runTransaction(async (tx) => {
        const eventDoc = await readEventDocument(tx, eventId);
        const event = toEventDetails(eventDoc);
        // Gone, archived, inactive, cancelled or past its registration deadline: the registration's refusals.
        assertAcceptingRegistrations(event, now);
        const keyId = waitlistKeyId(event.id, input.email);
        const key = await tx.get(WAITLIST_KEYS, keyId);
        const existing = key ? await tx.get(WAITLIST_ENTRIES, key.data.entryId) : null;
        if (existing && isInLine(existing.data)) return { alreadyOnList: true, eventId: event.id, entryId: existing.id, mailQueued: false };
        // The per-e-mail limit of a registration bounds the seats one address may wait for.
        if (input.seats > event.maxRegistrationsPerEmail) {
          throw new RuleError('REGISTRATION_LIMIT_REACHED', WAITLIST_MESSAGES.seatsOverLimit(event.maxRegistrationsPerEmail), 'invalid', 'seats');
        }
        // Only a full event has a waitlist: one free seat means the form, not the line.
        if ((await findFreeSeats(tx, eventDoc, 1)) !== null) throw new RuleError('WAITLIST_NOT_FULL', WAITLIST_MESSAGES.notFull, 'conflict');
        const entryId = newId();
        const at = now.toISOString();
        const entry: StoredWaitlistEntry = {
          eventId: event.id,
          name: input.name,
          email: input.email,
          seats: input.seats,
          together: input.together,
          status: 'waiting',
          joinedAt: at,
          updatedAt: at,
          linkKeys: [],
          offerExpiresAt: null,
        };
        tx.create(WAITLIST_ENTRIES, entryId, entry);
        tx.set(WAITLIST_KEYS, keyId, { eventId: event.id, entryId });
        // To the address given only; its key is minted when the e-mail is composed (waitlist/mail.ts).
        queueMail(tx, { kind: 'waitlistJoined', to: input.email, waitlistEntryId: entryId }, now, joinedMailId(entryId));
        return { alreadyOnList: false, eventId: event.id, entryId, mailQueued: true };
      });
      if (result.mailQueued) onMailQueued?.();
      const position = positionsOf(await readEntriesOfEvent(store, result.eventId)).get(result.entryId) ?? 0;
      return {
        success: true,
        alreadyOnList: result.alreadyOnList,
        position,
        message: result.alreadyOnList ? WAITLIST_MESSAGES.alreadyOnList : WAITLIST_MESSAGES.joined,
      };
    },

    /** The owner's page (POST /waitlist/{id}/view with the key): the event, the seats, the current place. */
    async view(entryId: string, key: string): Promise<WaitlistEntryReply> {
      const { entry, event } = await readOwned(entryId, key);
      const positions = positionsOf(await readEntriesOfEvent(store, entry.data.eventId));
      return { success: true, entry: toEntryView(entry, positions.get(entry.id) ?? null, event) };
    },

    /** 'Leave the waitlist': status 'left' in a transaction (a second click finds it left); those behind move up on read. */
    async leave(entryId: string, key: string): Promise<WaitlistEntryReply> {
      const now = clock.now().toISOString();
      const left = await store.runTransaction(async (tx) => {
        const entry = await tx.get(WAITLIST_ENTRIES, entryId);
        if (!entry || !linkKeyMatches(entry.data.linkKeys, key)) throw linkInvalid();
        const event = await tx.get(EVENTS, entry.data.eventId);
        if (!event) throw linkInvalid();
        if (entry.data.status === 'left') return { entry, event };
        if (entry.data.status !== 'waiting') throw new RuleError('WAITLIST_NOT_WAITING', WAITLIST_MESSAGES.notWaiting, 'conflict');
        tx.update(WAITLIST_ENTRIES, entryId, { status: 'left', updatedAt: now });
        return { entry: { id: entry.id, data: { ...entry.data, status: 'left' as const, updatedAt: now } }, event };
      });
      return { success: true, message: WAITLIST_MESSAGES.left, entry: toEntryView(left.entry, null, left.event) };
    },

    /** The RSVPs tab's list (admins): every entry in line order with its place (none once out of line). */
    async listForEvent(eventId: string): Promise<WaitlistAdminEntry[]> {
      const event = await store.get(EVENTS, eventId);
      if (!event) throw new EventNotFoundError();
      const entries = await readEntriesOfEvent(store, eventId);
      const positions = positionsOf(entries);
      return entries.map((entry) => ({
        id: entry.id,
        position: positions.get(entry.id) ?? null,
        name: entry.data.name,
        email: entry.data.email,
        seats: entry.data.seats,
        together: entry.data.together,
        joinedAt: entry.data.joinedAt,
        status: entry.data.status,
      }));
    },

    async exportCsv(eventId: string): Promise<{ fileName: string; csv: string }> {
      const event = await store.get(EVENTS, eventId);
      if (!event) throw new EventNotFoundError();
      const entries = await this.listForEvent(eventId);
      return waitlistCsv(toEventDetails(event), entries, timeZone);
    },

    /** An admin removes an entry (status 'removed', in a transaction); removing it again answers the same. */
    async remove(entryId: string): Promise<{ success: true; message: string }> {
      const now = clock.now().toISOString();
      await store.runTransaction(async (tx) => {
        const entry = await tx.get(WAITLIST_ENTRIES, entryId);
        if (!entry) throw new RuleError('WAITLIST_ENTRY_NOT_FOUND', WAITLIST_MESSAGES.entryNotFound, 'not-found');
        if (entry.data.status === 'removed') return;
        if (!isInLine(entry.data)) throw new RuleError('WAITLIST_NOT_WAITING', WAITLIST_MESSAGES.notWaiting, 'conflict');
        tx.update(WAITLIST_ENTRIES, entryId, { status: 'removed', updatedAt: now });
      });
      return { success: true, message: WAITLIST_MESSAGES.removed };
    },

    /** 'n waiting' on the Events list: entries in line per event (one query of the entries in line). */
    async waitingCounts(): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      for (const entry of await store.query(WAITLIST_ENTRIES, { where: [['status', '==', 'waiting']] })) {
        counts[entry.data.eventId] = (counts[entry.data.eventId] ?? 0) + 1;
      }
      return counts;
    },
  };
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;

