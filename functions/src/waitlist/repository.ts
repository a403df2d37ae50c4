import { createHash } from 'node:crypto';
import { mailboxOf } from '../shared/mailbox.js';
import { WAITLIST_IN_LINE, type WaitlistStatus } from '../shared/waitlist-model.js';
import { collection, type StoredDocument, type Transaction } from '../store/port.js';

/*
 * The waitlist's collections (issue 28): this file alone names them. An entry is one person's
 * place in one event's line; positions are never stored (DESIGN §4: no shared counter, no hot
 * document): the line is the event's entries in line ordered by (joinedAt, id), and a position
 * is counted on read.
 */

export type StoredWaitlistEntry = {
  eventId: string;
  name: string;
  email: string;
  seats: number;
  together: boolean;
  status: WaitlistStatus;
  joinedAt: string;
  /** When the status last changed (left, removed). */
  updatedAt: string;
  /** SHA-256 hashes of the page links e-mailed (rsvps/link-keys.ts): the newest few. */
  linkKeys?: string[];
  /** While offered (issue 28 item 2): until when seats are held for this entry, and how many. */
  offerExpiresAt?: string | null;
  offerSeats?: number | null;
  /** How many offers it has had: the offer e-mail's job id carries it (one e-mail per offer). */
  offerCount?: number;
  /** Once claimed: the RSVPs its held seats became. */
  ticketIds?: string[];
};
export const WAITLIST_ENTRIES = collection<StoredWaitlistEntry>('waitlistEntries');
export type WaitlistEntryDocument = StoredDocument<StoredWaitlistEntry>;

/**
 * One address's entry per event: the key document of (event, mailbox), read and written in the join's
 * transaction, so two joins of one address never both create an entry while joins of different people
 * write different documents.
 */
export type WaitlistKey = { eventId: string; entryId: string };
export const WAITLIST_KEYS = collection<WaitlistKey>('waitlistKeys');

export function waitlistKeyId(eventId: string, email: string): string {
  return `${eventId}~${createHash('sha256').update(mailboxOf(email)).digest('hex').slice(0, 40)}`;
}

/** The mail job of an entry's 'Waitlist joined' e-mail: one per entry, so a retried join queues nothing more. */
export function joinedMailId(entryId: string): string {
  return `waitlist-joined-${entryId}`;
}

export function isInLine(entry: Pick<StoredWaitlistEntry, 'status'>): boolean {
  return WAITLIST_IN_LINE.includes(entry.status);
}

/** The order of the line: who joined first, the id breaking ties (one clock tick may see several joins). */
export function lineOrder(a: WaitlistEntryDocument, b: WaitlistEntryDocument): number {
  if (a.data.joinedAt !== b.data.joinedAt) return a.data.joinedAt < b.data.joinedAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Every entry of an event in line order (single-field query: no composite index; waitlists are short). */
export async function readEntriesOfEvent(reader: Pick<Transaction, 'query'>, eventId: string): Promise<WaitlistEntryDocument[]> {
  const docs = await reader.query(WAITLIST_ENTRIES, { where: [['eventId', '==', eventId]] });
  return docs.sort(lineOrder);
}

/** Places in line by entry id: 1 for the first entry in line; entries not in line have none. */
export function positionsOf(entries: WaitlistEntryDocument[]): Map<string, number> {
  const positions = new Map<string, number>();
  for (const entry of [...entries].sort(lineOrder)) if (isInLine(entry.data)) positions.set(entry.id, positions.size + 1);
  return positions;
}

/** The mail job of an entry's n-th offer: one e-mail per offer, however often the worker runs. */
export function offerMailId(entryId: string, offerCount: number): string {
  return `waitlist-offer-${entryId}-${offerCount}`;
}
