import type { PaymentCard } from '../shared/receipt-model.js';
import type { RsvpInput } from '../shared/rsvps.js';
import {
  attendeeRegisteredMessage,
  comparableName,
  EXPIRING_HOLD_STATUSES,
  ORDER_MESSAGES,
  orderOverEmailLimitMessage,
  orderTooLargeMessage,
  RSVP_MESSAGES,
  type RsvpRecord,
} from '../shared/rsvps-model.js';
import { createHash } from 'node:crypto';
import { mailboxOf } from '../shared/mailbox.js';
import { keptLinkKeys, type LinkPurpose } from './link-keys.js';
import { readEvent, toEventDetails, type StoredEvent } from '../events/repository.js';
import { newId } from '../ids.js';
import { queueMailchimpSync } from '../outbox/mailchimp-jobs.js';
import { queueRefund } from '../outbox/refund-jobs.js';
import { RuleError } from '../rule-error.js';
import { collection, type DocumentStore, type StoredDocument, type Transaction } from '../store/port.js';
import { findTypeSeats, takeTypeSeats, type TypeSeatClaim } from '../seats/quotas.js';
import { QUOTA_MESSAGES } from '../shared/quotas-model.js';
import { findFreeSeat, findFreeSeats, findSeatToGiveBack, giveSeatBack, takeSeat, takeSeats, type SeatChoice, type SeatClaim, type SeatRelease } from '../seats/repository.js';
import {
  assertAcceptingRegistrations,
  assertUnderEmailLimit,
  canResendOnRepeat,
  findSamePerson,
  holdsSeat,
  isActiveRegistration,
  keepInformedConsent,
  newRsvp,
  resolveTicketType,
  ticketPriceCents,
} from './rules.js';

/*
 * The only code that reads or writes the RSVP collection. Every change is a
 * named transition that runs inside the caller's transaction; the seat an RSVP
 * holds moves in that same transaction (rsvps/seats.ts), so attendeeCount never
 * drifts from the RSVPs. Transitions take documents the caller read first: a
 * transaction reads everything before it writes (DESIGN §3).
 */

/**
 * An RSVP document: the record without its id (the ticket id is the key), and the
 * check-in audit fields no reply carries (absent on documents written before them).
 */
export type StoredRsvp = Omit<
  RsvpRecord,
  'id' | 'amountRefunded' | 'refundedAt' | 'cancelledAt' | 'cancelledBy' | 'refundRequestedAt' | 'transferredTo' | 'transferredFrom' | 'transferredAt'
> & {
  /** Absent on documents written before refunds: read as 0 and null. */
  amountRefunded?: number;
  refundedAt?: string | null;
  /** When an admin cancelled it (issue 24 item 8: its ticket page says so); absent on RSVPs cancelled before this was recorded. */
  cancelledAt?: string | null;
  /** Who cancelled it (issue 25): the attendee from their manage link; absent when an admin did. */
  cancelledBy?: 'attendee' | null;
  /** A paid ticket its attendee cancelled within the refund rule (issue 25): when the refund was asked for. */
  refundRequestedAt?: string | null;
  /** When the provider accepted that refund (its webhook then marks it refunded); absent: not yet, the scheduled work asks again. */
  refundAcceptedAt?: string | null;
  /** The event's refund rule when this ticket was paid (issue 25 item 4): full refund until this many hours before the start; null: none. */
  refundUntilHoursBefore?: number | null;
  /** Given to someone else (issue 25 item 5): their new ticket, and when; this one is cancelled and refused at the door. */
  transferredTo?: { id: string; name: string } | null;
  transferredAt?: string | null;
  /** Received from a previous holder, and how many times this seat has been given on (TRANSFER_LIMIT). */
  transferredFrom?: { id: string; name: string } | null;
  transferCount?: number;
  /** Server time of the check-in write (checkedInAt may be a door's earlier, queued time). */
  checkInRecordedAt?: string | null;
  checkInUndoneBy?: string | null;
  checkInUndoneAt?: string | null;
  /** Every check-in an admin undid, oldest first: who admitted the ticket and when, who undid it and when. */
  undoneCheckIns?: UndoneCheckIn[];
  /** When a repeated registration last sent the ticket (or confirmation) e-mail again. */
  repeatResentAt?: string | null;
  /** A ticket a waitlist offer's claim made (issue 28): its entry, whose story (joined, offered, claimed) its History shows first. */
  waitlistEntryId?: string | null;
  /** When a manage link was last e-mailed on request from the ticket page (issue 25): at most hourly. */
  manageLinkSentAt?: string | null;
  /** Why a payment for this RSVP was given back automatically (e.g. it arrived after an admin cancelled it). */
  refundReason?: string | null;
  /** Ticked 'Keep me informed about future events': a new Mailchimp member is pending (Mailchimp asks them to confirm), else transactional. Absent: no. */
  keepInformed?: boolean;
  /** The seat shard this RSVP took its seat from (seats/), so the seat goes back there; absent or null: none recorded. */
  seatShard?: number | null;
  /** The shard of its ticket type's quota it took a seat from (seats/quotas.ts, issue 26 item 4); absent: its type had no quota. */
  typeSeatShard?: number | null;
  /** Hashes of the keys of the links e-mailed for it (link-keys.ts), newest last, by purpose; never the keys. */
  linkKeys?: Partial<Record<LinkPurpose, string[]>>;
  /** The order it was bought in with other tickets (issue 26 item 1); absent on a ticket bought alone. */
  orderId?: string;
  /** The card that paid it (issue 26 item 2: its receipt), where the provider told; absent (paid before) or null: not known. */
  card?: PaymentCard | null;
  /** When its payment was applied (issue 30: the overview's money by day); absent on tickets paid before it was stored. */
  paidAt?: string | null;
};

/**
 * An order of several tickets (issue 26 item 1): who bought them and which RSVPs they are, written
 * in the transaction that creates them. The tickets stay RSVPs of their own (check-in, cancel,
 * transfer and refund one by one); the order is what pays, confirms by one link and makes the receipt.
 */
export type StoredOrder = {
  eventId: string;
  /** The buyer. */
  name: string;
  email: string;
  /** Its tickets, in the order the buyer listed them. */
  rsvpIds: string[];
  /** Cents: the sum of its tickets' prices when it was made (server prices, never the client's). */
  amountDue: number;
  createdAt: string;
  /** The provider's intent paying for the whole order (one payment); null while none was opened. */
  paymentIntentId: string | null;
  /** When the payment was applied; null while unpaid (or free). */
  paidAt: string | null;
  /** The card that paid (issue 26 item 2: the receipt), where the provider told; absent (paid before) or null: not known. */
  card?: PaymentCard | null;
};
export const ORDERS = collection<StoredOrder>('orders');

export interface UndoneCheckIn {
  checkedInAt: string | null;
  checkedInBy: string | null;
  undoneAt: string;
  undoneBy: string;
}
export type RsvpDocument = StoredDocument<StoredRsvp>;
export type EventDocument = StoredDocument<StoredEvent>;

/** The RSVP collection, declared once: tests and the bench import it. */
export const RSVPS = collection<StoredRsvp>('rsvps');

/**
 * One document per event and e-mail address listing that address's registrations, so a
 * registration finds them by reading documents by id. A query inside the transaction
 * would lock its whole range on Firestore and queue every registration of the event.
 */
export type RegistrationKey = { eventId: string; rsvpIds: string[] };
export const REGISTRATION_KEYS = collection<RegistrationKey>('registrationKeys');

/**
 * The hashes of an RSVP's 'Can't come?' links (issue 25 item 4; link-keys.ts), beside the RSVP, not
 * on it: a key is minted whenever a ticket, confirmation or reminder e-mail is composed, and that
 * must not rewrite the RSVP while an admin, the door or the attendee is changing it.
 */
export type ManageLinkKeys = { rsvpId: string; hashes: string[] };
export const MANAGE_LINK_KEYS = collection<ManageLinkKeys>('manageLinkKeys');

/**
 * The key document's id: the event and a hash of the mailbox (no address in an id, no '/' either).
 * The mailbox, not the address (issue 23): plus-tags and Gmail's dots of one mailbox share one key.
 */
export function registrationKeyId(eventId: string, email: string): string {
  return keyIdOf(eventId, mailboxOf(email));
}

/** The key of an address as registrations stored it before mailboxes were compared (issue 23): lower-cased only. */
function addressKeyId(eventId: string, email: string): string {
  return keyIdOf(eventId, email.trim().toLowerCase());
}

function keyIdOf(eventId: string, address: string): string {
  return `${eventId}~${createHash('sha256').update(address).digest('base64url').slice(0, 32)}`;
}


/** An RSVP as staff lists show it: every field listed, never a spread of the stored document. */
export function toRsvpView(doc: RsvpDocument): RsvpRecord {
  const rsvp = doc.data;
  return {
    id: doc.id,
    eventId: rsvp.eventId,
    name: rsvp.name,
    email: rsvp.email,
    address: rsvp.address,
    city: rsvp.city,
    state: rsvp.state,
    zipCode: rsvp.zipCode,
    ticketType: rsvp.ticketType,
    additionalInfo: rsvp.additionalInfo,
    status: rsvp.status,
    paymentStatus: rsvp.paymentStatus,
    amountDue: rsvp.amountDue,
    amountPaid: rsvp.amountPaid,
    amountRefunded: rsvp.amountRefunded ?? 0,
    refundedAt: rsvp.refundedAt ?? null,
    paymentIntentId: rsvp.paymentIntentId,
    holdExpiresAt: rsvp.holdExpiresAt,
    createdAt: rsvp.createdAt,
    checkedIn: rsvp.checkedIn,
    checkedInAt: rsvp.checkedInAt,
    checkedInBy: rsvp.checkedInBy,
    cancelledAt: rsvp.status === 'cancelled' ? (rsvp.cancelledAt ?? rsvp.refundedAt ?? null) : null,
    cancelledBy: rsvp.status === 'cancelled' ? (rsvp.cancelledBy ?? 'admin') : null,
    refundRequestedAt: rsvp.refundRequestedAt ?? null,
    transferredTo: rsvp.transferredTo ?? null,
    transferredFrom: rsvp.transferredFrom ?? null,
    transferredAt: rsvp.transferredAt ?? null,
    ...(rsvp.orderId ? { orderId: rsvp.orderId } : {}),
  };
}

// Reads outside a transaction.

export function findRsvp(store: DocumentStore, rsvpId: string): Promise<RsvpDocument | null> {
  return store.get(RSVPS, rsvpId);
}

/** Every RSVP (the admins' per-event figures). */
export function listAllRsvps(store: DocumentStore): Promise<RsvpDocument[]> {
  return store.query(RSVPS);
}

/** An event's RSVPs, oldest first. */
export function listRsvpsOfEvent(store: DocumentStore, eventId: string): Promise<RsvpDocument[]> {
  return store.query(RSVPS, { where: [['eventId', '==', eventId]], orderBy: [['createdAt', 'asc']] });
}

/** An event's RSVPs in no particular order: cheaper than sorting when every one is counted (the overview, issue 30). */
export function listRsvpsOfEventUnordered(store: DocumentStore, eventId: string): Promise<RsvpDocument[]> {
  return store.query(RSVPS, { where: [['eventId', '==', eventId]] });
}

/** Holds (unpaid, or waiting for their e-mail confirmation) that ran out at `nowIso`. */
export async function findExpiredHolds(store: DocumentStore, nowIso: string): Promise<RsvpDocument[]> {
  const expired = await Promise.all(
    EXPIRING_HOLD_STATUSES.map((status) => store.query(RSVPS, { where: [['status', '==', status], ['holdExpiresAt', '<=', nowIso]] })),
  );
  return expired.flat();
}

// Reads inside a transaction.

export function readRsvp(tx: Transaction, rsvpId: string): Promise<RsvpDocument | null> {
  return tx.get(RSVPS, rsvpId);
}

/** An RSVP and its event (the event may have been deleted). */
export async function readRsvpWithEvent(tx: Transaction, rsvpId: string): Promise<{ rsvp: RsvpDocument | null; event: EventDocument | null }> {
  const rsvp = await readRsvp(tx, rsvpId);
  const event = rsvp ? await readEvent(tx, rsvp.data.eventId) : null;
  return { rsvp, event };
}

/** An RSVP, its event, and the seat it would give back (read now: a transaction reads before it writes). */
export interface RsvpWithSeat {
  rsvp: RsvpDocument | null;
  event: EventDocument | null;
  seat: SeatRelease | null;
}

export async function readRsvpWithSeat(tx: Transaction, rsvpId: string): Promise<RsvpWithSeat> {
  const { rsvp, event } = await readRsvpWithEvent(tx, rsvpId);
  const seat = rsvp && holdsSeat(rsvp.data) ? await findSeatToGiveBack(tx, event, rsvp.data) : null;
  return { rsvp, event, seat };
}

// Transitions.

/**
 * One e-mail address's registrations for an event that count (confirmed, or an unpaid hold
 * not run out): through the address's key document, or for an event stored before those, a query.
 */
export async function readActiveRegistrations(tx: Transaction, event: EventDocument, email: string, nowIso: string): Promise<RsvpDocument[]> {
  const mailbox = mailboxOf(email);
  let docs: (RsvpDocument | null)[];
  if (event.data.perEmailKeys) {
    // The mailbox's key, and the address's own key where registrations before mailboxes were compared wrote it.
    const keyIds = [...new Set([registrationKeyId(event.id, email), addressKeyId(event.id, email)])];
    const keys = await Promise.all(keyIds.map((id) => tx.get(REGISTRATION_KEYS, id)));
    const rsvpIds = [...new Set(keys.flatMap((key) => key?.data.rsvpIds ?? []))];
    docs = await Promise.all(rsvpIds.map((id) => tx.get(RSVPS, id)));
  } else {
    // An event stored before the key documents: its registrations, compared by mailbox.
    docs = (await tx.query(RSVPS, { where: [['eventId', '==', event.id]] })).filter((doc) => mailboxOf(doc.data.email) === mailbox);
  }
  return docs.filter((doc): doc is RsvpDocument => doc !== null && isActiveRegistration(doc.data, nowIso));
}

/** What asking to register came to. */
export type Registration =
  /** A new RSVP holding a seat: confirmed when free, held pending payment or e-mail confirmation otherwise. */
  | { outcome: 'created'; rsvpId: string; rsvp: StoredRsvp; mailchimpQueued: boolean }
  /**
   * The same person is already registered (or holds a seat still unpaid or unconfirmed); `resend`
   * when its e-mail (ticket, or link to finish) is to go again to the address on file (the stamp is written).
   */
  | { outcome: 'already-registered'; rsvp: RsvpDocument; resend: boolean };

/**
 * Registers one person for an event that is public and has not started, unless the
 * same name and e-mail already hold a registration (a repeat takes no second seat) or
 * the e-mail has reached the event's limit. Reads first, then writes (DESIGN §3): the
 * event document was read by the caller in this transaction. The seat comes from one
 * seat shard (seats/), and the address's key document is written, so two registrations
 * of one address never interleave while those of different people write different documents.
 */
export async function register(tx: Transaction, eventDoc: EventDocument, input: RsvpInput, now: Date, seatChoice: SeatChoice = 'any'): Promise<Registration> {
  const event = toEventDetails(eventDoc);
  assertAcceptingRegistrations(event, now);
  const ticketType = resolveTicketType(event, input.ticketType);
  const amountDue = ticketPriceCents(event, ticketType);
  const active = await readActiveRegistrations(tx, eventDoc, input.email, now.toISOString());
  const same = findSamePerson(active, input.name);
  if (same) {
    // Nothing of it goes back to the caller, who may not be the person (issue 23): the e-mail goes to the address on file.
    const resend = canResendOnRepeat(same.data.repeatResentAt, now);
    if (resend) tx.update(RSVPS, same.id, { repeatResentAt: now.toISOString() });
    return { outcome: 'already-registered', rsvp: same, resend };
  }
  assertUnderEmailLimit(event, active.length);
  const seat = await findFreeSeat(tx, eventDoc, seatChoice);
  if (!seat) throw new RuleError('EVENT_FULL', RSVP_MESSAGES.eventFull, 'conflict');
  // Its type's quota (issue 26 item 4), in this same transaction: the total and the type, or nothing.
  const typeSeat = assertTypeSeats(await findTypeSeats(tx, eventDoc, [ticketType]));
  const rsvpId = newId();
  const [typeSeatShard] = takeTypeSeats(tx, typeSeat);
  const rsvp: StoredRsvp = {
    ...newRsvp(event, input, ticketType, amountDue, now),
    keepInformed: keepInformedConsent(event, input.keepInformed),
    seatShard: takeSeat(tx, seat),
    ...(typeSeatShard !== null ? { typeSeatShard } : {}),
  };
  tx.create(RSVPS, rsvpId, rsvp);
  if (eventDoc.data.perEmailKeys) {
    // Only the registrations that still count are kept, so the list stays within the event's limit.
    tx.set(REGISTRATION_KEYS, registrationKeyId(event.id, rsvp.email), { eventId: event.id, rsvpIds: [...active.map((doc) => doc.id), rsvpId] });
  }
  // A confirmed registration goes to the event's Mailchimp audience (a paid one once paid): queued in this transaction.
  const mailchimpQueued =
    rsvp.status === 'confirmed' && queueMailchimpSync(tx, { eventId: event.id, audienceId: event.mailchimpAudienceId }, rsvpId, 'registered', now) !== null;
  return { outcome: 'created', rsvpId, rsvp, mailchimpQueued };
}

/**
 * A waitlist offer claimed (issue 28 item 2; waitlist/service.ts): its seats were held for the entry,
 * counted as taken, since the offer, so no seat is taken here; they become RSVPs of the event's default
 * ticket type, the first in the entry's name, the others its guests: confirmed on a free event (the
 * mailbox is proven: the claim link came by e-mail), held unpaid until the offer's window ends on a paid
 * one (an unpaid hold then gives its seat back like any other, to the next in line). They are listed on the address's key like any registration.
 * Seat shard null: their seats are given back to any shard with a seat taken (seats/repository.ts).
 */
export async function registerHeldSeats(
  tx: Transaction,
  eventDoc: EventDocument,
  holder: { name: string; email: string },
  seats: number,
  now: Date,
  /** A paid event (issue 28 item 2): each ticket is held unpaid until the offer's window ends, its payment link's key hash given. */
  payment: { holdExpiresAt: string; payKeyHashes: string[] } | null = null,
  /** The waitlist entry whose offer these seats were (kept on each ticket for its History). */
  waitlistEntryId: string | null = null,
): Promise<{ id: string; rsvp: StoredRsvp }[]> {
  const event = toEventDetails(eventDoc);
  const ticketType = resolveTicketType(event, '');
  const amountDue = payment ? ticketPriceCents(event, ticketType) : 0;
  const active = await readActiveRegistrations(tx, eventDoc, holder.email, now.toISOString());
  // Registered meanwhile under the same address (a transfer, an admin's offer): never past the limit.
  if (active.length + seats > event.maxRegistrationsPerEmail) {
    throw new RuleError('REGISTRATION_LIMIT_REACHED', orderOverEmailLimitMessage(event.maxRegistrationsPerEmail, active.length), 'conflict', 'email');
  }
  const input: RsvpInput = { name: holder.name, email: holder.email, address: '', city: '', state: '', zipCode: '', additionalInfo: '', ticketType: '', keepInformed: false };
  const tickets = Array.from({ length: seats }, (_, index) => {
    const name = index === 0 ? holder.name : `${holder.name} (guest ${index + 1})`;
    const base = { ...newRsvp(event, { ...input, name }, ticketType, amountDue, now), ...(waitlistEntryId ? { waitlistEntryId } : {}) };
    const rsvp: StoredRsvp = payment
      ? { ...base, status: 'pending_payment', paymentStatus: 'pending', holdExpiresAt: payment.holdExpiresAt, seatShard: null, linkKeys: { pay: [payment.payKeyHashes[index]!] } }
      : { ...base, status: 'confirmed', paymentStatus: 'free', holdExpiresAt: null, seatShard: null };
    return { id: newId(), rsvp };
  });
  for (const ticket of tickets) tx.create(RSVPS, ticket.id, ticket.rsvp);
  if (eventDoc.data.perEmailKeys) {
    tx.set(REGISTRATION_KEYS, registrationKeyId(event.id, holder.email), { eventId: event.id, rsvpIds: [...active.map((doc) => doc.id), ...tickets.map((ticket) => ticket.id)] });
  }
  return tickets;
}

/** The type seats found, or the refusal naming the type whose quota is used up (issue 26 item 4). */
function assertTypeSeats(found: TypeSeatClaim | { soldOut: string }): TypeSeatClaim {
  if ('soldOut' in found) throw new RuleError('TICKET_TYPE_SOLD_OUT', QUOTA_MESSAGES.soldOut(found.soldOut), 'conflict', 'ticketType');
  return found;
}

/** An order as its registration made it: its id and tickets (in the buyer's order), each with its RSVP. */
export interface CreatedOrder {
  orderId: string;
  order: StoredOrder;
  tickets: { rsvpId: string; rsvp: StoredRsvp }[];
  mailchimpQueued: boolean;
}

/** Rethrows a ticket's refusal keyed by the ticket's own field, so the form marks that line. */
function atTicket<T>(index: number, field: 'ticketType' | 'name', work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof RuleError) throw new RuleError(error.code, error.message, error.kind, `tickets.${index}.${field}`);
    throw error;
  }
}

/**
 * Registers an order of several tickets (issue 26 item 1) for an event that is public and has not
 * started: every ticket priced by the server from the event's prices, every attendee a different
 * person not already registered under the buyer's address, the address's tickets (those it holds
 * and these) within the event's per-e-mail limit, and every seat taken in this one transaction:
 * all of them, or none (the event's full message). Each ticket is an RSVP of its own carrying the
 * order's id; the order document lists them. Reads first, then writes (DESIGN §3).
 */
export async function registerOrder(tx: Transaction, eventDoc: EventDocument, input: RsvpInput, now: Date): Promise<CreatedOrder> {
  const event = toEventDetails(eventDoc);
  assertAcceptingRegistrations(event, now);
  const requested = input.tickets ?? [];
  if (requested.length === 0) throw new RuleError('INVALID_INPUT', ORDER_MESSAGES.noTickets, 'invalid', 'tickets');
  if (requested.length > event.maxRegistrationsPerEmail) {
    throw new RuleError('ORDER_TOO_LARGE', orderTooLargeMessage(event.maxRegistrationsPerEmail), 'invalid', 'tickets');
  }
  const seen = new Set<string>();
  const lines = requested.map((ticket, index) => {
    const ticketType = atTicket(index, 'ticketType', () => resolveTicketType(event, ticket.ticketType));
    const price = atTicket(index, 'ticketType', () => ticketPriceCents(event, ticketType));
    // A blank attendee is the buyer (issue 26: 'the buyer's by default').
    const name = ticket.name || input.name;
    const key = comparableName(name);
    if (seen.has(key)) throw new RuleError('DUPLICATE_ATTENDEE', ORDER_MESSAGES.duplicateName, 'invalid', `tickets.${index}.name`);
    seen.add(key);
    return { name, ticketType, price };
  });
  const active = await readActiveRegistrations(tx, eventDoc, input.email, now.toISOString());
  lines.forEach((line, index) => {
    if (findSamePerson(active, line.name)) throw new RuleError('ATTENDEE_REGISTERED', attendeeRegisteredMessage(line.name), 'conflict', `tickets.${index}.name`);
  });
  // Every ticket of the address counts, held before or bought now.
  if (active.length + lines.length > event.maxRegistrationsPerEmail) {
    throw new RuleError('REGISTRATION_LIMIT_REACHED', orderOverEmailLimitMessage(event.maxRegistrationsPerEmail, active.length), 'conflict', 'email');
  }
  const seats = await findFreeSeats(tx, eventDoc, lines.length);
  if (!seats) throw new RuleError('EVENT_FULL', RSVP_MESSAGES.eventFull, 'conflict');
  // Every ticket's type quota (issue 26 item 4) in this same transaction: all of them, or none.
  const typeSeats = assertTypeSeats(await findTypeSeats(tx, eventDoc, lines.map((line) => line.ticketType)));
  const shards = takeSeats(tx, seats);
  const typeShards = takeTypeSeats(tx, typeSeats);
  const orderId = newId();
  const buyer = comparableName(input.name);
  const tickets = lines.map((line, index) => {
    const rsvp: StoredRsvp = {
      ...newRsvp(event, { ...input, name: line.name }, line.ticketType, line.price, now),
      // Marketing consent is the buyer's own, never given for the others.
      keepInformed: comparableName(line.name) === buyer && keepInformedConsent(event, input.keepInformed),
      seatShard: shards[index],
      ...(typeShards[index] !== null ? { typeSeatShard: typeShards[index] } : {}),
      orderId,
    };
    return { rsvpId: newId(), rsvp };
  });
  const order: StoredOrder = {
    eventId: event.id,
    name: input.name,
    email: input.email.toLowerCase(),
    rsvpIds: tickets.map((ticket) => ticket.rsvpId),
    amountDue: lines.reduce((sum, line) => sum + line.price, 0),
    createdAt: now.toISOString(),
    paymentIntentId: null,
    paidAt: null,
  };
  for (const ticket of tickets) tx.create(RSVPS, ticket.rsvpId, ticket.rsvp);
  tx.create(ORDERS, orderId, order);
  if (eventDoc.data.perEmailKeys) {
    tx.set(REGISTRATION_KEYS, registrationKeyId(event.id, order.email), { eventId: event.id, rsvpIds: [...active.map((doc) => doc.id), ...order.rsvpIds] });
  }
  let mailchimpQueued = false;
  for (const ticket of tickets) {
    if (ticket.rsvp.status !== 'confirmed') continue;
    if (queueMailchimpSync(tx, { eventId: event.id, audienceId: event.mailchimpAudienceId }, ticket.rsvpId, 'registered', now) !== null) mailchimpQueued = true;
  }
  return { orderId, order, tickets, mailchimpQueued };
}

/** An order and its tickets as stored now (a ticket deleted since is left out). */
export async function readOrderWithTickets(tx: Transaction, orderId: string): Promise<{ order: StoredDocument<StoredOrder> | null; tickets: RsvpDocument[] }> {
  const order = await tx.get(ORDERS, orderId);
  if (!order) return { order: null, tickets: [] };
  const tickets = await Promise.all(order.data.rsvpIds.map((id) => tx.get(RSVPS, id)));
  return { order, tickets: tickets.filter((doc): doc is RsvpDocument => doc !== null) };
}

/** Remembers the hash of a link's key just minted for an e-mail (link-keys.ts), keeping the newest few. */
export function rememberLinkKey(tx: Transaction, rsvp: RsvpDocument, purpose: LinkPurpose, keyHash: string) {
  tx.update(RSVPS, rsvp.id, { linkKeys: { ...rsvp.data.linkKeys, [purpose]: keptLinkKeys(rsvp.data.linkKeys?.[purpose], keyHash) } });
}

/**
 * The link in its e-mail was opened while the seat was still held: the registration is confirmed
 * for good. Its ticket mail and Mailchimp sync are the caller's, in this same transaction.
 */
export function confirmByLink(tx: Transaction, rsvp: RsvpDocument): RsvpDocument {
  const fields = { status: 'confirmed' as const, holdExpiresAt: null };
  tx.update(RSVPS, rsvp.id, fields);
  return { id: rsvp.id, data: { ...rsvp.data, ...fields } };
}

/** Records the provider's intent on the RSVP it pays for (when the RSVP still exists). */
export function attachPaymentIntent(tx: Transaction, rsvp: RsvpDocument | null, paymentIntentId: string) {
  if (rsvp) tx.update(RSVPS, rsvp.id, { paymentIntentId });
}

/**
 * The payment succeeded: confirmed and paid. A held seat is already counted; a released one is taken again.
 * The now-confirmed attendee is queued for the event's Mailchimp audience in the same transaction;
 * answers whether a sync job was queued (the caller kicks the worker after the commit).
 */
export function markPaid(
  tx: Transaction,
  rsvp: RsvpDocument,
  event: EventDocument | null,
  /** The seat found free for a lapsed hold; or, for an order's ticket (issue 26), the shard its seat was already taken from. */
  freeSeat: SeatClaim | { taken: number | null; typeTaken?: number | null } | null,
  payment: { intentId: string; amountPaid: number; card?: PaymentCard | null },
  now: Date,
  /** A lapsed hold's seat of its type's quota, found free in this transaction's reads (issue 26 item 4); null: its type has none. */
  freeTypeSeat: TypeSeatClaim | null = null,
): boolean {
  // A lapsed hold takes a seat again: the one found free in this transaction's reads, and its type's.
  const typeTaken = (shard: number | null | undefined) => (typeof shard === 'number' ? { typeSeatShard: shard } : {});
  const retaken =
    rsvp.data.status === 'pending_payment' || !freeSeat
      ? {}
      : 'taken' in freeSeat
        ? { seatShard: freeSeat.taken, ...typeTaken(freeSeat.typeTaken) }
        : { seatShard: takeSeat(tx, freeSeat), ...typeTaken(freeTypeSeat ? takeTypeSeats(tx, freeTypeSeat)[0] : null) };
  tx.update(RSVPS, rsvp.id, {
    status: 'confirmed',
    paymentStatus: 'paid',
    amountPaid: payment.amountPaid,
    paymentIntentId: payment.intentId,
    // The receipt's card (issue 26 item 2): null when the provider did not say.
    card: payment.card ?? null,
    paidAt: now.toISOString(),
    holdExpiresAt: null,
    // The refund rule in force when it was paid (issue 25 item 4) is the one its attendee's cancel meets.
    refundUntilHoursBefore: event?.data.refundUntilHoursBefore ?? null,
    ...retaken,
  });
  return event !== null && queueMailchimpSync(tx, { eventId: event.id, audienceId: event.data.mailchimpAudienceId }, rsvp.id, 'paid', now) !== null;
}

/** The payment failed or was cancelled: a pending RSVP gives its held seat back. Anything else is left alone. */
export function markPaymentFailed(tx: Transaction, rsvp: RsvpDocument, seat: SeatRelease | null): boolean {
  if (rsvp.data.status !== 'pending_payment') return false;
  tx.update(RSVPS, rsvp.id, { status: 'released', paymentStatus: 'failed', holdExpiresAt: null });
  giveSeatBack(tx, seat);
  return true;
}

/** The hold ran out unpaid or unconfirmed at `nowIso`: the seat goes back. False when the RSVP is no longer an expired hold. */
export function releaseHold(tx: Transaction, rsvp: RsvpDocument, seat: SeatRelease | null, nowIso: string): boolean {
  const { status, holdExpiresAt } = rsvp.data;
  if (!EXPIRING_HOLD_STATUSES.some((holding) => holding === status) || !holdExpiresAt || holdExpiresAt > nowIso) return false;
  tx.update(RSVPS, rsvp.id, { status: 'released', holdExpiresAt: null });
  giveSeatBack(tx, seat);
  return true;
}

/**
 * A payment of the RSVP's own intent that is to be given back (no seat for it, the RSVP
 * was cancelled, the amount is not the amount due): recorded with the reason before the
 * provider is asked, and a hold still running gives its seat back (no ticket comes of it).
 */
export function markRefundDue(tx: Transaction, rsvp: RsvpDocument, seat: SeatRelease | null, refundReason: string) {
  if (rsvp.data.status === 'pending_payment') {
    tx.update(RSVPS, rsvp.id, { status: 'released', paymentStatus: 'failed', holdExpiresAt: null, refundReason });
    giveSeatBack(tx, seat);
    return;
  }
  tx.update(RSVPS, rsvp.id, { paymentStatus: 'failed', refundReason });
}

/** The provider accepted the refund of the RSVP's own payment. */
export function refund(tx: Transaction, rsvp: RsvpDocument | null, nowIso: string) {
  if (rsvp) tx.update(RSVPS, rsvp.id, { paymentStatus: 'refunded', refundedAt: nowIso });
}

/**
 * The provider accepted an admin's refund of a paid RSVP: cancelled, refunded in
 * full, and its seat given back if it still held one (a paid RSVP cancelled earlier
 * already gave it back). An RSVP already refunded (a retry) is left as it is.
 */
export function cancelAndRefund(tx: Transaction, rsvp: RsvpDocument, event: EventDocument | null, seat: SeatRelease | null, nowIso: string): RsvpDocument {
  if (rsvp.data.paymentStatus === 'refunded') return rsvp;
  const fields = {
    status: 'cancelled' as const,
    paymentStatus: 'refunded' as const,
    amountRefunded: rsvp.data.amountPaid,
    refundedAt: nowIso,
    holdExpiresAt: null,
  };
  tx.update(RSVPS, rsvp.id, fields);
  if (holdsSeat(rsvp.data)) giveSeatBack(tx, seat);
  // A member already synced is tagged 'cancelled' (never deleted from the audience).
  if (event) queueMailchimpSync(tx, { eventId: event.id, audienceId: event.data.mailchimpAudienceId }, rsvp.id, 'cancelled', new Date(nowIso));
  return { id: rsvp.id, data: { ...rsvp.data, ...fields } };
}

/**
 * Admin cancel: frees the seat. Only an RSVP that holds a seat can be cancelled. A confirmed one
 * is queued for Mailchimp, which tags the member 'cancelled' (never deletes them); `mailchimpQueued` says so.
 */
export function cancelRsvp(tx: Transaction, { rsvp, event, seat }: RsvpWithSeat, now: Date): RsvpDocument & { mailchimpQueued: boolean } {
  if (!rsvp || !holdsSeat(rsvp.data)) throw new RuleError('RSVP_NOT_FOUND', RSVP_MESSAGES.rsvpNotFound, 'not-found');
  tx.update(RSVPS, rsvp.id, { status: 'cancelled', holdExpiresAt: null, cancelledAt: now.toISOString() });
  giveSeatBack(tx, seat);
  const mailchimpQueued =
    rsvp.data.status === 'confirmed' && event !== null && queueMailchimpSync(tx, { eventId: event.id, audienceId: event.data.mailchimpAudienceId }, rsvp.id, 'cancelled', now) !== null;
  return { ...rsvp, mailchimpQueued };
}

/**
 * The attendee cancelled their own ticket (issue 25 item 4; rules.ts decideSelfCancel decided on the
 * RSVP read in this transaction, so a second click finds it cancelled): the seat goes back in this
 * same transaction, a refund the ticket's rule makes due is queued with it (outbox/refund-jobs.ts),
 * and a confirmed Mailchimp member is tagged 'cancelled'.
 */
export function cancelByAttendee(tx: Transaction, { rsvp, event, seat }: RsvpWithSeat, now: Date, refundDue: boolean): boolean {
  if (!rsvp) return false;
  const at = now.toISOString();
  // A ticket of an order (issue 26 item 4) shares its payment: only its own price goes back.
  const refund =
    refundDue && rsvp.data.paymentIntentId
      ? { paymentIntentId: rsvp.data.paymentIntentId, amount: rsvp.data.amountPaid, ...(rsvp.data.orderId ? { partial: true } : {}) }
      : null;
  tx.update(RSVPS, rsvp.id, { status: 'cancelled', holdExpiresAt: null, cancelledAt: at, cancelledBy: 'attendee', ...(refund ? { refundRequestedAt: at } : {}) });
  if (refund) queueRefund(tx, { rsvpId: rsvp.id, ...refund }, now);
  giveSeatBack(tx, seat);
  return event !== null && queueMailchimpSync(tx, { eventId: event.id, audienceId: event.data.mailchimpAudienceId }, rsvp.id, 'cancelled', now) !== null;
}

/**
 * Its event was cancelled (issue 26 item 3): a ticket or hold still holding a seat is cancelled and
 * gives the seat back; a paid ticket's refund is queued with it (outbox/refund-jobs.ts, the provider's
 * webhook then marks it refunded); a confirmed Mailchimp member is tagged 'cancelled'. Read in this
 * transaction, so a second run finds it cancelled and answers null: nothing changes twice.
 */
export function cancelForCancelledEvent(
  tx: Transaction,
  { rsvp, event, seat }: RsvpWithSeat,
  now: Date,
): { ticketHolder: boolean; refundCents: number; openIntent: string | null; mailchimpQueued: boolean } | null {
  if (!rsvp || !holdsSeat(rsvp.data)) return null;
  const at = now.toISOString();
  const data = rsvp.data;
  const ticketHolder = data.status === 'confirmed';
  const refundCents = ticketHolder && data.paymentStatus === 'paid' && data.paymentIntentId ? data.amountPaid - (data.amountRefunded ?? 0) : 0;
  tx.update(RSVPS, rsvp.id, { status: 'cancelled', holdExpiresAt: null, cancelledAt: at, ...(refundCents > 0 ? { refundRequestedAt: at } : {}) });
  // A ticket of an order (issue 26 item 1) shares its payment with the others: only its own price goes back.
  if (refundCents > 0) queueRefund(tx, { rsvpId: rsvp.id, paymentIntentId: data.paymentIntentId!, amount: refundCents, ...(data.orderId ? { partial: true } : {}) }, now);
  giveSeatBack(tx, seat);
  const mailchimpQueued = ticketHolder && event !== null && queueMailchimpSync(tx, { eventId: event.id, audienceId: event.data.mailchimpAudienceId }, rsvp.id, 'cancelled', now) !== null;
  // An unpaid hold's intent is cancelled with the provider after the commit, as an admin's cancel does.
  const openIntent = data.status === 'pending_payment' ? (data.paymentIntentId ?? null) : null;
  return { ticketHolder, refundCents, openIntent, mailchimpQueued };
}

/** The new holder of a ticket given on (issue 25 item 5), as typed by its previous holder. */
export interface NewHolder {
  name: string;
  email: string;
}

/**
 * Gives a ticket to someone else (rules.ts decideTransfer decided, and the new holder's address was
 * checked against the event's limit, on documents read in this transaction): a new RSVP with a new
 * id (so the old QR code admits nobody) takes over the seat, the ticket type and the payment; the
 * old one is cancelled, marked as given on, and keeps no seat. No seat counter moves: the seat
 * changes hands. The new holder's registrations key lists the new ticket. Answers the new id, and
 * whether a Mailchimp job was queued (the caller kicks the worker after the commit).
 */
export function transferTicket(
  tx: Transaction,
  rsvp: RsvpDocument,
  event: EventDocument,
  holder: NewHolder,
  activeOfHolder: RsvpDocument[],
  now: Date,
): { id: string; mailchimpQueued: boolean } {
  const at = now.toISOString();
  const id = newId();
  const old = rsvp.data;
  const ticket: StoredRsvp = {
    eventId: old.eventId,
    name: holder.name,
    email: holder.email.toLowerCase(),
    // What the previous holder gave of themselves stays with them.
    address: '',
    city: '',
    state: '',
    zipCode: '',
    additionalInfo: '',
    ticketType: old.ticketType,
    status: 'confirmed',
    paymentStatus: old.paymentStatus,
    amountDue: old.amountDue,
    amountPaid: old.amountPaid,
    paymentIntentId: old.paymentIntentId,
    holdExpiresAt: null,
    createdAt: at,
    checkedIn: false,
    checkedInAt: null,
    checkedInBy: null,
    // Marketing consent is the person's own: the new holder gave none.
    keepInformed: false,
    seatShard: old.seatShard ?? null,
    ...(old.refundUntilHoursBefore !== undefined ? { refundUntilHoursBefore: old.refundUntilHoursBefore } : {}),
    // The payment came with the seat: the overview counts it on the day it was taken (issue 30).
    ...(old.paidAt ? { paidAt: old.paidAt } : {}),
    transferredFrom: { id: rsvp.id, name: old.name },
    transferCount: (old.transferCount ?? 0) + 1,
  };
  tx.create(RSVPS, id, ticket);
  tx.update(RSVPS, rsvp.id, {
    status: 'cancelled',
    holdExpiresAt: null,
    cancelledAt: at,
    cancelledBy: 'attendee',
    transferredTo: { id, name: holder.name },
    transferredAt: at,
  });
  if (event.data.perEmailKeys) {
    tx.set(REGISTRATION_KEYS, registrationKeyId(event.id, ticket.email), { eventId: event.id, rsvpIds: [...activeOfHolder.map((doc) => doc.id), id] });
  }
  // The previous holder's Mailchimp member, if any, is tagged 'cancelled' like any cancel.
  const mailchimpQueued = queueMailchimpSync(tx, { eventId: event.id, audienceId: event.data.mailchimpAudienceId }, rsvp.id, 'cancelled', now) !== null;
  return { id, mailchimpQueued };
}

/** What a check-in records: when the door admitted the person, who did, and when the server wrote it. */
export interface CheckInStamp {
  checkedInAt: string;
  checkedInBy: string;
  checkInRecordedAt: string;
}

/** Who undid a check-in, and when. */
export interface CheckInUndo {
  checkInUndoneBy: string;
  checkInUndoneAt: string;
}

/**
 * Admits a ticket. The caller decides first (checkin/rules.ts `decideCheckIn`) on
 * the document it read in this same transaction, so a concurrent check-in of the
 * same ticket makes this commit fail and retry, and the retry is refused.
 */
export function checkIn(tx: Transaction, rsvp: RsvpDocument, stamp: CheckInStamp): RsvpDocument {
  const fields = { checkedIn: true, ...stamp };
  tx.update(RSVPS, rsvp.id, fields);
  return { id: rsvp.id, data: { ...rsvp.data, ...fields } };
}

/** An admin undoes a check-in (checkin/rules.ts `decideUndo`): the ticket can be admitted again; the undo is recorded. */
export function undoCheckIn(tx: Transaction, rsvp: RsvpDocument, undo: CheckInUndo): RsvpDocument {
  // The check-in being undone is kept in the RSVP's history, so a second undo never erases the first.
  const undone: UndoneCheckIn = {
    checkedInAt: rsvp.data.checkedInAt,
    checkedInBy: rsvp.data.checkedInBy,
    undoneAt: undo.checkInUndoneAt,
    undoneBy: undo.checkInUndoneBy,
  };
  const fields = {
    checkedIn: false,
    checkedInAt: null,
    checkedInBy: null,
    checkInRecordedAt: null,
    ...undo,
    undoneCheckIns: [...(rsvp.data.undoneCheckIns ?? []), undone],
  };
  tx.update(RSVPS, rsvp.id, fields);
  return { id: rsvp.id, data: { ...rsvp.data, ...fields } };
}
