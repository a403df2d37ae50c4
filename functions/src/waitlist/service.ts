import { ATTENDEE, rsvpTarget, waitlistTarget } from '../audit/actors.js';
import { recordAudit } from '../audit/repository.js';
import type { AuditActor } from '../shared/audit-model.js';
import type { Clock } from '../clock.js';
import { EventNotFoundError, readEventDocument, resolveEventId, toEventDetails, type StoredEvent } from '../events/repository.js';
import { queueMail } from '../outbox/outbox.js';
import { RuleError } from '../rule-error.js';
import { linkKeyHash, linkKeyMatches, newLinkKey } from '../rsvps/link-keys.js';
import { PAY_HOLD_SLUG } from '../shared/constants.js';
import { assertAcceptingRegistrations } from '../rsvps/rules.js';
import { findFreeSeats, holdFreedSeatsForWaitlist, takeSeats, FREED_SEATS } from '../seats/repository.js';
import { keyedQueue } from '../seats/choice.js';
import { queueMail as queueTicketMail } from '../outbox/outbox.js';
import { confirmationMailKind } from '../rsvps/rules.js';
import { readActiveRegistrations, registerHeldSeats } from '../rsvps/repository.js';
import { orderOverEmailLimitMessage } from '../shared/rsvps-model.js';
import { makeOffer, offerDeadline } from './offers.js';
import {
  WAITLIST_MESSAGES,
  type JoinWaitlistReply,
  type WaitlistAdminEntry,
  type WaitlistEntryReply,
  type WaitlistEntryView,
} from '../shared/waitlist-model.js';
import type { JoinWaitlistInput } from '../shared/waitlist.js';
import { newId } from '../ids.js';
import type { DocumentStore, StoredDocument, Transaction } from '../store/port.js';
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
  /** Called after a commit that freed seats for the line or added to it, so the offer worker (offers.ts) runs at once. */
  onSeatsFreed?: () => void;
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
  const offered = status === 'offered';
  return {
    id: entry.id,
    status,
    name,
    seats,
    together,
    joinedAt,
    position,
    offerSeats: offered ? (entry.data.offerSeats ?? null) : null,
    offerExpiresAt: offered ? (entry.data.offerExpiresAt ?? null) : null,
    ticketIds: status === 'claimed' ? (entry.data.ticketIds ?? []) : [],
    event: eventView(event),
  };
}

/**
 * Clicks on one entry's page (claim, decline) wait in line in this process: on Firestore ten transactions
 * on one document at once abort each other and back off for seconds. Across instances the transaction decides.
 */
const entryLine = keyedQueue();
/** Joins of one event setting its waitlist flag wait in line in this process (see markWaitlistActive). */
const flagLine = keyedQueue();

/** An offered entry's held seats back to the line (a record for the offer worker); false when it held none. */
function releaseOffer(tx: Transaction, entry: WaitlistEntryDocument, now: Date): boolean {
  if (entry.data.status !== 'offered' || !entry.data.offerSeats) return false;
  holdFreedSeatsForWaitlist(tx, entry.data.eventId, entry.data.offerSeats, now);
  return true;
}

export function createWaitlistService({ store, clock, timeZone, onMailQueued, onSeatsFreed }: WaitlistServiceDeps) {
  /**
   * From the first join on, the seats the event frees go to its line first (seats/repository.ts FREED_SEATS):
   * `waitlistActive` is set on the event, committed BEFORE the join's transaction, so a seat freed after an
   * entry exists always sees it. Not in the join's transaction: every join of a rush would then write the
   * event document (on Firestore, twenty joins at once abort each other for seconds). Here one join per
   * process writes it, those behind it in line find it set by a plain read; a join refused after it leaves
   * the flag set, which only sends freed seats through the offer worker and back on sale.
   */
  async function markWaitlistActive(eventId: string) {
    await flagLine(eventId, async () => {
      const event = await store.get(EVENTS, eventId);
      if (!event || event.data.waitlistActive) return;
      await store.runTransaction(async (tx) => {
        const current = await tx.get(EVENTS, eventId);
        if (current && !current.data.waitlistActive) tx.update(EVENTS, eventId, { waitlistActive: true });
      });
    });
  }

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
      if (eventId) await markWaitlistActive(eventId);
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
        // With the address's registrations already held: a claim must not take it past the limit either.
        const active = await readActiveRegistrations(tx, eventDoc, input.email, now.toISOString());
        if (active.length + input.seats > event.maxRegistrationsPerEmail) {
          throw new RuleError('REGISTRATION_LIMIT_REACHED', orderOverEmailLimitMessage(event.maxRegistrationsPerEmail, active.length), 'conflict', 'seats');
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
        recordAudit(tx, { actor: ATTENDEE, action: 'waitlist.joined', target: waitlistTarget(entryId, entry) }, now);
        // To the address given only; its key is minted when the e-mail is composed (waitlist/mail.ts).
        queueMail(tx, { kind: 'waitlistJoined', to: input.email, waitlistEntryId: entryId }, now, joinedMailId(entryId));
        return { alreadyOnList: false, eventId: event.id, entryId, mailQueued: true };
      });
      if (result.mailQueued) onMailQueued?.();
      // Seats held for the line that nobody fitted may fit this entry.
      if (result.mailQueued) onSeatsFreed?.();
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
        recordAudit(tx, { actor: ATTENDEE, action: 'waitlist.removed', target: waitlistTarget(entry.id, entry.data) }, new Date(now));
        return { entry: { id: entry.id, data: { ...entry.data, status: 'left' as const, updatedAt: now } }, event };
      });
      return { success: true, message: WAITLIST_MESSAGES.left, entry: toEntryView(left.entry, null, left.event) };
    },

    /**
     * 'Claim' (issue 28 item 2): in one transaction the offer is checked (still offered, its window not
     * past) and its held seats become RSVPs (no seat is taken: they were held since the offer). A free
     * event: confirmed, their ticket e-mails queued. A paid event: held unpaid until the offer's window
     * ends, the reply carrying each one's payment page (and the payment link e-mailed); unpaid by then,
     * the hold gives its seat back to the line. The entry is 'claimed' with the tickets' ids. Ten clicks
     * at once: one commits, the others run again, find it claimed and answer the same tickets.
     */
    async claim(entryId: string, key: string): Promise<WaitlistEntryReply> {
      const now = clock.now();
      const result = await entryLine(entryId, () => store.runTransaction(async (tx) => {
        const entry = await tx.get(WAITLIST_ENTRIES, entryId);
        if (!entry || !linkKeyMatches(entry.data.linkKeys, key)) throw linkInvalid();
        const eventDoc = await tx.get(EVENTS, entry.data.eventId);
        if (!eventDoc) throw linkInvalid();
        if (entry.data.status === 'claimed') return { entry, event: eventDoc, mailQueued: false };
        if (entry.data.status === 'expired') throw new RuleError('OFFER_EXPIRED', WAITLIST_MESSAGES.offerExpired, 'gone');
        if (entry.data.status !== 'offered' || !entry.data.offerSeats) throw new RuleError('WAITLIST_NOT_OFFERED', WAITLIST_MESSAGES.notOffered, 'conflict');
        // Past its window but not yet swept: expired all the same (the sweep moves the seats on).
        if (!entry.data.offerExpiresAt || entry.data.offerExpiresAt <= now.toISOString()) throw new RuleError('OFFER_EXPIRED', WAITLIST_MESSAGES.offerExpired, 'gone');
        const event = toEventDetails(eventDoc);
        const seats = entry.data.offerSeats;
        // A paid event: the seats are held unpaid until the offer's window ends; each gets its payment page's key.
        const payKeys = event.requiresPayment ? Array.from({ length: seats }, () => newLinkKey()) : null;
        const payment = payKeys ? { holdExpiresAt: entry.data.offerExpiresAt, payKeyHashes: payKeys.map(linkKeyHash) } : null;
        const tickets = await registerHeldSeats(tx, eventDoc, { name: entry.data.name, email: entry.data.email }, seats, now, payment, entry.id);
        // Free: the ticket e-mails; paid: the payment link e-mailed too (the page shows it at once).
        for (const ticket of tickets) queueTicketMail(tx, { kind: payKeys ? 'paymentLink' : confirmationMailKind(event), rsvpId: ticket.id, to: ticket.rsvp.email }, now);
        const fields = { status: 'claimed' as const, offerExpiresAt: null, ticketIds: tickets.map((ticket) => ticket.id), updatedAt: now.toISOString() };
        tx.update(WAITLIST_ENTRIES, entry.id, fields);
        recordAudit(tx, { actor: ATTENDEE, action: 'waitlist.claimed', target: waitlistTarget(entry.id, entry.data) }, now);
        for (const ticket of tickets) recordAudit(tx, { actor: ATTENDEE, action: 'rsvp.registered', target: rsvpTarget(ticket.id, ticket.rsvp) }, now);
        const payments = payKeys ? tickets.map((ticket, index) => ({ ticketId: ticket.id, path: `/${PAY_HOLD_SLUG}/${encodeURIComponent(ticket.id)}#key=${payKeys[index]}` })) : undefined;
        return { entry: { id: entry.id, data: { ...entry.data, ...fields } }, event: eventDoc, mailQueued: true, payments, heldUntil: entry.data.offerExpiresAt };
      }));
      if (result.mailQueued) onMailQueued?.();
      const view = toEntryView(result.entry, null, result.event);
      if ('payments' in result && result.payments) {
        return { success: true, message: WAITLIST_MESSAGES.claimedToPay, entry: view, payments: result.payments, heldUntil: result.heldUntil };
      }
      return { success: true, message: WAITLIST_MESSAGES.claimed, entry: view };
    },

    /** 'No longer needed': the offer is declined and its held seats go to the next in line (the offer worker, after the commit). */
    async decline(entryId: string, key: string): Promise<WaitlistEntryReply> {
      const now = clock.now();
      const result = await entryLine(entryId, () => store.runTransaction(async (tx) => {
        const entry = await tx.get(WAITLIST_ENTRIES, entryId);
        if (!entry || !linkKeyMatches(entry.data.linkKeys, key)) throw linkInvalid();
        const event = await tx.get(EVENTS, entry.data.eventId);
        if (!event) throw linkInvalid();
        if (entry.data.status === 'declined') return { entry, event, freed: false };
        if (entry.data.status !== 'offered') throw new RuleError('WAITLIST_NOT_OFFERED', WAITLIST_MESSAGES.notOffered, 'conflict');
        const fields = { status: 'declined' as const, offerExpiresAt: null, updatedAt: now.toISOString() };
        tx.update(WAITLIST_ENTRIES, entry.id, fields);
        recordAudit(tx, { actor: ATTENDEE, action: 'waitlist.declined', target: waitlistTarget(entry.id, entry.data) }, now);
        const freed = releaseOffer(tx, entry, now);
        return { entry: { id: entry.id, data: { ...entry.data, ...fields } }, event, freed };
      }));
      if (result.freed) onSeatsFreed?.();
      return { success: true, message: WAITLIST_MESSAGES.declined, entry: toEntryView(result.entry, null, result.event) };
    },

    /**
     * 'Make offer' by an admin on a waiting entry, out of line order: the seats come from those held for the
     * line (freed-seat records) first, then from seats on sale; the same window, cut-off and e-mail as an
     * automatic offer. Refused when there are not enough seats (none for 'all together') or past the cut-off.
     */
    async makeOfferByHand(entryId: string, actor: AuditActor): Promise<{ success: true; message: string }> {
      const now = clock.now();
      const offered = await store.runTransaction(async (tx) => {
        const entry = await tx.get(WAITLIST_ENTRIES, entryId);
        if (!entry) throw new RuleError('WAITLIST_ENTRY_NOT_FOUND', WAITLIST_MESSAGES.entryNotFound, 'not-found');
        const eventDoc = await tx.get(EVENTS, entry.data.eventId);
        if (!eventDoc) throw new EventNotFoundError();
        const freed = await tx.query(FREED_SEATS, { where: [['eventId', '==', eventDoc.id]] });
        if (entry.data.status === 'offered') return false;
        if (entry.data.status !== 'waiting') throw new RuleError('WAITLIST_NOT_WAITING', WAITLIST_MESSAGES.notWaiting, 'conflict');
        const until = offerDeadline(eventDoc, now);
        if (!until) throw new RuleError('OFFER_TOO_LATE', WAITLIST_MESSAGES.offerTooLate, 'conflict');
        const held = freed.reduce((sum, record) => sum + record.data.seats, 0);
        const wanted = entry.data.seats;
        const fromHeld = Math.min(held, wanted);
        // Seats still on sale make up the rest: as many as there are, all of them for 'all together'.
        let fromSale = 0;
        let claims: Awaited<ReturnType<typeof findFreeSeats>> = null;
        for (let count = wanted - fromHeld; count > 0 && !claims; count--) {
          claims = await findFreeSeats(tx, eventDoc, count);
          if (claims) fromSale = count;
          if (entry.data.together) break;
        }
        const seats = fromHeld + fromSale;
        if (seats === 0 || (entry.data.together && seats < wanted)) throw new RuleError('NO_SEATS_TO_OFFER', WAITLIST_MESSAGES.noSeatsToOffer, 'conflict');
        if (claims) takeSeats(tx, claims);
        for (const record of freed) tx.delete(FREED_SEATS, record.id);
        holdFreedSeatsForWaitlist(tx, eventDoc.id, held - fromHeld, now);
        makeOffer(tx, entry, seats, until, now, actor);
        return true;
      });
      if (offered) onMailQueued?.();
      return { success: true, message: WAITLIST_MESSAGES.offerMade };
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
        offerSeats: entry.data.status === 'offered' ? (entry.data.offerSeats ?? null) : null,
        offerExpiresAt: entry.data.status === 'offered' ? (entry.data.offerExpiresAt ?? null) : null,
      }));
    },

    async exportCsv(eventId: string): Promise<{ fileName: string; csv: string }> {
      const event = await store.get(EVENTS, eventId);
      if (!event) throw new EventNotFoundError();
      const entries = await this.listForEvent(eventId);
      return waitlistCsv(toEventDetails(event), entries, timeZone);
    },

    /** An admin removes an entry (status 'removed', in a transaction); removing it again answers the same. */
    async remove(entryId: string, actor: AuditActor): Promise<{ success: true; message: string }> {
      const now = clock.now().toISOString();
      const freed = await store.runTransaction(async (tx) => {
        const entry = await tx.get(WAITLIST_ENTRIES, entryId);
        if (!entry) throw new RuleError('WAITLIST_ENTRY_NOT_FOUND', WAITLIST_MESSAGES.entryNotFound, 'not-found');
        if (entry.data.status === 'removed') return false;
        if (!isInLine(entry.data)) throw new RuleError('WAITLIST_NOT_WAITING', WAITLIST_MESSAGES.notWaiting, 'conflict');
        tx.update(WAITLIST_ENTRIES, entryId, { status: 'removed', offerExpiresAt: null, updatedAt: now });
        recordAudit(tx, { actor, action: 'waitlist.removed', target: waitlistTarget(entry.id, entry.data) }, new Date(now));
        // An offered entry's held seats go to the next in line (the offer worker), never lost.
        return releaseOffer(tx, entry, clock.now());
      });
      if (freed) onSeatsFreed?.();
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

