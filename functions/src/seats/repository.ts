import { EXPIRING_HOLD_STATUSES, SEAT_HOLDING_STATUSES } from '../shared/rsvps-model.js';
import { newId } from '../ids.js';
import { collection, type DocumentStore, type StoredDocument, type Transaction } from '../store/port.js';
import { probeOrder, resizeShards, shardCount, shardsWithTaken, splitCapacity } from './plan.js';
import { findTypeSeatToGiveBack, giveTypeSeatsBack, type TypeSeatShard } from './quotas.js';

/*
 * The only code that knows how seats are counted (DESIGN §4, STRUCTURE 'Seats').
 * A limited event's capacity lives in seat shards (seats/plan.ts); every change to
 * them happens inside the transaction that creates, confirms, releases or cancels the
 * RSVP holding the seat, so the seats taken never drift from the RSVPs and never pass
 * maxAttendees. An unlimited event has no shard and takes no counter at all: its
 * count is the number of RSVPs holding a seat.
 *
 * Events stored before the shards existed keep their count in the event's own
 * `attendeeCount` (the 'single' layout) until their first registration or capacity
 * change lays the shards out (rsvps/layout.ts).
 */

export type SeatShard = {
  eventId: string;
  index: number;
  capacity: number;
  taken: number;
};
export const SEAT_SHARDS = collection<SeatShard>('seatShards');

/** The events collection as far as seats go: capacity, layout and the old single counter (events/repository.ts owns the rest). */
export const SEAT_EVENTS = collection<{ maxAttendees: number | null; seatShards?: number; attendeeCount?: number; ticketQuotas?: Record<string, number>; waitlistActive?: boolean }>('events');

/**
 * An event as far as its seats are concerned: `seatShards` is the layout (absent: the single counter of old);
 * `waitlistActive`: someone joined its waitlist once (set by the first join, never cleared), so the seats it frees
 * go to the line first (FREED_SEATS below).
 */
export interface SeatEvent {
  id: string;
  data: { maxAttendees: number | null; seatShards?: number; attendeeCount?: number; ticketQuotas?: Record<string, number>; waitlistActive?: boolean };
}

/**
 * Seats freed on an event with a waitlist (issue 28 item 2; DESIGN §4 'one path that also offers it to
 * the waitlist'). The transaction that frees them does not put them back on sale: it leaves them counted
 * as taken in the shards and writes this record, so no plain registration can take them meanwhile and a
 * crash loses none. The offer worker (waitlist/offers.ts) consumes the records in a transaction of its
 * own, right after that commit and on every scheduled run: it holds them for the first entries that fit,
 * keeps what nobody fits yet, or puts them back on sale (no one waiting, or past the offer cut-off).
 *
 * Why not offer inside the freeing transaction itself: seats are freed in a dozen transactions (admin and
 * attendee cancels, refunds, failed payments, expired holds, capacity changes), each with its reads
 * already done; reading the line there would add a query (and on Firestore its locks) to every one of
 * them. A record per freeing keeps those transactions as they were, writes no shared document, and moves
 * the decision to one place that reads the line once.
 */
export type FreedSeats = { eventId: string; seats: number; freedAt: string };
export const FREED_SEATS = collection<FreedSeats>('waitlistFreedSeats');

/** Records seats freed for an event's line (see FREED_SEATS). */
export function holdFreedSeatsForWaitlist(tx: Transaction, eventId: string, seats: number, now: Date = new Date()) {
  if (seats > 0) tx.create(FREED_SEATS, newId(), { eventId, seats, freedAt: now.toISOString() });
}

export type SeatLayout = 'single' | 'unlimited' | 'sharded';

export function layoutOf(event: SeatEvent['data']): SeatLayout {
  if (event.seatShards === undefined) return 'single';
  return event.seatShards > 0 ? 'sharded' : 'unlimited';
}

export function shardId(eventId: string, index: number): string {
  return `${eventId}~${index}`;
}

const hasRoom = (shard: StoredDocument<SeatShard> | null): shard is StoredDocument<SeatShard> =>
  shard !== null && shard.data.taken < shard.data.capacity;

/** What a registration found in its reads: a shard with room, nothing to count (unlimited), or the event's old counter. */
export type SeatClaim =
  | { kind: 'shard'; shard: StoredDocument<SeatShard> }
  | { kind: 'unlimited' }
  | { kind: 'single'; event: SeatEvent };

/**
 * Which shard a registration will try, chosen before its transaction from a plain read of the
 * shards (seats/choice.ts): one shard, 'full' when none had room, or 'any' to probe them all.
 */
export type SeatChoice = { shard: number } | 'full' | 'any';

/** The chosen shard filled up before this transaction read it: choose again (seats/choice.ts). */
export class ShardFilledError extends Error {
  constructor(readonly shard: number) {
    super(`Seat shard ${shard} filled up meanwhile`);
    this.name = 'ShardFilledError';
  }
}

/**
 * Reads for a free seat (all reads, no writes: a transaction reads before it writes). With a
 * chosen shard only that one document is read (and locked): registrations that chose other
 * shards never wait for this one, and 'full' reads none. With 'any', one shard picked at
 * random is tried first and, only when it is full, the others at once. Null when the event is full.
 */
export async function findFreeSeat(tx: Transaction, event: SeatEvent, choice: SeatChoice = 'any', random?: () => number): Promise<SeatClaim | null> {
  const layout = layoutOf(event.data);
  if (event.data.maxAttendees === null) return { kind: 'unlimited' };
  if (layout === 'single') return (event.data.attendeeCount ?? 0) < event.data.maxAttendees ? { kind: 'single', event } : null;
  if (layout === 'unlimited') throw new Error(`Event ${event.id} has a capacity but no seat shards`);
  if (choice === 'full') return null;
  if (choice !== 'any') {
    const shard = choice.shard < event.data.seatShards! ? await tx.get(SEAT_SHARDS, shardId(event.id, choice.shard)) : null;
    if (hasRoom(shard)) return { kind: 'shard', shard };
    throw new ShardFilledError(choice.shard);
  }
  const [first, ...rest] = probeOrder(event.data.seatShards!, random);
  const firstShard = await tx.get(SEAT_SHARDS, shardId(event.id, first));
  if (hasRoom(firstShard)) return { kind: 'shard', shard: firstShard };
  const others = await Promise.all(rest.map((index) => tx.get(SEAT_SHARDS, shardId(event.id, index))));
  const free = others.find(hasRoom);
  return free ? { kind: 'shard', shard: free } : null;
}

/** Takes the seat found by findFreeSeat; answers the shard's index, which the RSVP records (null: no shard). */
export function takeSeat(tx: Transaction, claim: SeatClaim): number | null {
  if (claim.kind === 'unlimited') return null;
  if (claim.kind === 'single') {
    tx.update(SEAT_EVENTS, claim.event.id, { attendeeCount: (claim.event.data.attendeeCount ?? 0) + 1 });
    return null;
  }
  tx.update(SEAT_SHARDS, claim.shard.id, { taken: claim.shard.data.taken + 1 });
  return claim.shard.data.index;
}

/**
 * Reads for `count` free seats at once (an order of several tickets, issue 26 item 1): all of them or
 * none. Every shard is read, in this one transaction, so the seats found are the seats taken at its
 * commit; a concurrent registration that wrote one of these shards makes this transaction run again.
 * Null when the event has fewer than `count` seats left.
 */
export async function findFreeSeats(tx: Transaction, event: SeatEvent, count: number): Promise<SeatClaim[] | null> {
  const layout = layoutOf(event.data);
  if (event.data.maxAttendees === null) return Array.from({ length: count }, () => ({ kind: 'unlimited' as const }));
  if (layout === 'single') {
    return (event.data.attendeeCount ?? 0) + count <= event.data.maxAttendees ? Array.from({ length: count }, () => ({ kind: 'single' as const, event })) : null;
  }
  if (layout === 'unlimited') throw new Error(`Event ${event.id} has a capacity but no seat shards`);
  const shards = await Promise.all(probeOrder(event.data.seatShards!).map((index) => tx.get(SEAT_SHARDS, shardId(event.id, index))));
  const claims: SeatClaim[] = [];
  // The fewest shards that hold the order, from a random one on: a family's seats mostly share one document.
  for (const shard of shards) {
    if (!shard) continue;
    const free = Math.max(0, shard.data.capacity - shard.data.taken);
    for (let seat = 0; seat < free && claims.length < count; seat++) claims.push({ kind: 'shard', shard });
    if (claims.length === count) return claims;
  }
  return null;
}

/**
 * Takes the seats findFreeSeats found, each shard (or the old counter) written once with all it gives:
 * answers the shard index of each seat, in order (null: no shard), for the RSVPs to record.
 */
export function takeSeats(tx: Transaction, claims: SeatClaim[]): (number | null)[] {
  const byShard = new Map<string, { shard: StoredDocument<SeatShard>; seats: number }>();
  let singleEvent: SeatEvent | null = null;
  let singleSeats = 0;
  for (const claim of claims) {
    if (claim.kind === 'shard') {
      const entry = byShard.get(claim.shard.id) ?? { shard: claim.shard, seats: 0 };
      entry.seats += 1;
      byShard.set(claim.shard.id, entry);
    } else if (claim.kind === 'single') {
      singleEvent = claim.event;
      singleSeats += 1;
    }
  }
  for (const { shard, seats } of byShard.values()) tx.update(SEAT_SHARDS, shard.id, { taken: shard.data.taken + seats });
  if (singleEvent) tx.update(SEAT_EVENTS, singleEvent.id, { attendeeCount: (singleEvent.data.attendeeCount ?? 0) + singleSeats });
  return claims.map((claim) => (claim.kind === 'shard' ? claim.shard.data.index : null));
}

/**
 * The seat an RSVP gives back, found by its reads: of the event's total (its shard, or the old counter;
 * 'none' for an unlimited event), and of its ticket type's quota when it has one (issue 26 item 4).
 * Null when there is nothing to count (unlimited and no quota, or no event).
 */
export type SeatRelease = ({ kind: 'shard'; shard: StoredDocument<SeatShard> } | { kind: 'single'; event: SeatEvent } | { kind: 'none' }) & {
  typeShard?: StoredDocument<TypeSeatShard> | null;
  /** The event has a waitlist: the seat goes to its line (FREED_SEATS), not back on sale. */
  waitlistEventId?: string;
};

/**
 * Reads the shard to give a seat back to: the one the RSVP took its seat from, else (its
 * seat was taken before the shards, or the shards were laid out again) any shard with a
 * seat taken; and its type's quota shard (seats/quotas.ts). Call it among the transaction's
 * reads; giveSeatBack writes it.
 */
export async function findSeatToGiveBack(
  tx: Transaction,
  event: SeatEvent | null,
  rsvp: { seatShard?: number | null; ticketType?: string; typeSeatShard?: number | null },
): Promise<SeatRelease | null> {
  if (!event) return null;
  const [total, typeShard] = await Promise.all([findTotalSeatToGiveBack(tx, event, rsvp), findTypeSeatToGiveBack(tx, event, rsvp)]);
  if (!total && !typeShard) return null;
  const waitlist = total && total.kind !== 'none' && event.data.waitlistActive ? { waitlistEventId: event.id } : {};
  return { ...(total ?? { kind: 'none' as const }), typeShard, ...waitlist };
}

async function findTotalSeatToGiveBack(tx: Transaction, event: SeatEvent, rsvp: { seatShard?: number | null }): Promise<SeatRelease | null> {
  const layout = layoutOf(event.data);
  if (layout === 'single') return { kind: 'single', event };
  if (layout === 'unlimited') return null;
  const count = event.data.seatShards!;
  const own = rsvp.seatShard;
  if (typeof own === 'number' && own < count) {
    const shard = await tx.get(SEAT_SHARDS, shardId(event.id, own));
    if (shard && shard.data.taken > 0) return { kind: 'shard', shard };
  }
  const shards = await Promise.all(Array.from({ length: count }, (_, index) => tx.get(SEAT_SHARDS, shardId(event.id, index))));
  const taken = shards.find((shard) => shard !== null && shard.data.taken > 0);
  return taken ? { kind: 'shard', shard: taken } : null;
}

export function giveSeatBack(tx: Transaction, release: SeatRelease | null) {
  giveSeatsBack(tx, [release]);
}

/**
 * Gives back several seats in one transaction (an order's tickets, issue 26 item 1): releases read
 * the same shard when two tickets sat in it, so each document is written once with all it gets back.
 */
export function giveSeatsBack(tx: Transaction, releases: (SeatRelease | null)[]) {
  const byDoc = new Map<string, { release: SeatRelease; seats: number }>();
  const toLine = new Map<string, number>();
  for (const release of releases) {
    if (!release || release.kind === 'none') continue;
    if (release.waitlistEventId) {
      toLine.set(release.waitlistEventId, (toLine.get(release.waitlistEventId) ?? 0) + 1);
      continue;
    }
    const key = release.kind === 'shard' ? `shard:${release.shard.id}` : `event:${release.event.id}`;
    const entry = byDoc.get(key) ?? { release, seats: 0 };
    entry.seats += 1;
    byDoc.set(key, entry);
  }
  for (const { release, seats } of byDoc.values()) {
    if (release.kind === 'single') tx.update(SEAT_EVENTS, release.event.id, { attendeeCount: Math.max(0, (release.event.data.attendeeCount ?? 0) - seats) });
    else if (release.kind === 'shard') tx.update(SEAT_SHARDS, release.shard.id, { taken: Math.max(0, release.shard.data.taken - seats) });
  }
  for (const [eventId, seats] of toLine) holdFreedSeatsForWaitlist(tx, eventId, seats);
  giveTypeSeatsBack(tx, releases.map((release) => release?.typeShard));
}

/** Puts `seats` seats held for an event's line back on sale: taken off the shards (or the old counter) read in this transaction. */
export function putSeatsBackOnSale(tx: Transaction, event: SeatEvent, shards: StoredDocument<SeatShard>[], seats: number) {
  let left = seats;
  if (layoutOf(event.data) === 'single') {
    tx.update(SEAT_EVENTS, event.id, { attendeeCount: Math.max(0, (event.data.attendeeCount ?? 0) - left) });
    return;
  }
  for (const shard of shards) {
    if (left === 0) break;
    const back = Math.min(left, shard.data.taken);
    if (back === 0) continue;
    tx.update(SEAT_SHARDS, shard.id, { taken: shard.data.taken - back });
    left -= back;
  }
}

/** An event's shards, read in a transaction (none for the old single counter or an unlimited event). */
export function readEventShards(tx: Transaction, event: SeatEvent): Promise<StoredDocument<SeatShard>[]> {
  return readShards(tx, event);
}

/** The RSVPs as far as counting them goes (rsvps/repository.ts owns the collection). */
const SEAT_HOLDERS = collection<{ eventId: string; status: string }>('rsvps');

/** How many of an event's RSVPs are in one of `statuses`. */
async function countWithStatus(reader: Pick<DocumentStore, 'query'>, eventId: string, statuses: readonly string[]): Promise<number> {
  return (await reader.query(SEAT_HOLDERS, { where: [['eventId', '==', eventId], ['status', 'in', [...statuses]]] })).length;
}

/** How many RSVPs of an event hold a seat: the count of an unlimited event, which keeps no counter. */
export function countSeatHolders(reader: Pick<DocumentStore, 'query'>, eventId: string): Promise<number> {
  return countWithStatus(reader, eventId, SEAT_HOLDING_STATUSES);
}

/** How many of an event's seats are held by registrations still awaiting payment or e-mail confirmation: seats that may come back. */
export function countExpiringHolds(reader: Pick<DocumentStore, 'query'>, eventId: string): Promise<number> {
  return countWithStatus(reader, eventId, EXPIRING_HOLD_STATUSES);
}

async function readShards(tx: Transaction, event: SeatEvent): Promise<StoredDocument<SeatShard>[]> {
  const count = layoutOf(event.data) === 'sharded' ? event.data.seatShards! : 0;
  const shards = await Promise.all(Array.from({ length: count }, (_, index) => tx.get(SEAT_SHARDS, shardId(event.id, index))));
  return shards.filter((shard): shard is StoredDocument<SeatShard> => shard !== null);
}

/** What a change of capacity needs to know, read first: the shards and the seats taken. */
export interface SeatPlanReads {
  shards: StoredDocument<SeatShard>[];
  taken: number;
}

/** Reads what laying out the seats again needs (an unlimited event's holders are counted: it kept no count). */
export async function readSeatPlan(tx: Transaction, event: SeatEvent): Promise<SeatPlanReads> {
  const layout = layoutOf(event.data);
  if (layout === 'single') return { shards: [], taken: event.data.attendeeCount ?? 0 };
  if (layout === 'unlimited') return { shards: [], taken: await countSeatHolders(tx, event.id) };
  const shards = await readShards(tx, event);
  return { shards, taken: shards.reduce((sum, shard) => sum + shard.data.taken, 0) };
}

/**
 * Lays the seats out for `maxAttendees` (null: unlimited), writing the shards; answers the
 * event fields to write with it (`seatShards`, and the old counter cleared). The caller has
 * refused a capacity below `reads.taken`.
 */
export function layOutSeats(
  tx: Transaction,
  eventId: string,
  reads: SeatPlanReads,
  maxAttendees: number | null,
  /** The event has a waitlist (issue 28 item 2): the seats a raised capacity frees go to its line first (FREED_SEATS). */
  waitlistActive = false,
): { seatShards: number; attendeeCount: number } {
  const wanted = maxAttendees === null ? 0 : shardCount(maxAttendees);
  let states: { capacity: number; taken: number }[];
  if (maxAttendees === null) states = [];
  else if (reads.shards.length === wanted) {
    const capacities = resizeShards(reads.shards.map((shard) => shard.data), maxAttendees);
    states = reads.shards.map((shard, index) => ({ capacity: capacities[index], taken: shard.data.taken }));
  } else states = shardsWithTaken(maxAttendees, reads.taken);
  if (waitlistActive && maxAttendees !== null) {
    // Every free seat is held for the line (counted as taken) until the offer worker offers it or puts it back on sale.
    const free = states.reduce((sum, state) => sum + state.capacity - state.taken, 0);
    states = states.map((state) => ({ capacity: state.capacity, taken: state.capacity }));
    holdFreedSeatsForWaitlist(tx, eventId, free);
  }
  states.forEach((state, index) => tx.set(SEAT_SHARDS, shardId(eventId, index), { eventId, index, ...state }));
  for (const shard of reads.shards) if (shard.data.index >= states.length) tx.delete(SEAT_SHARDS, shard.id);
  // The old counter is kept at 0 so that a document read by older code never shows a stale count.
  return { seatShards: states.length, attendeeCount: 0 };
}

/** A new event's seats: its shards, written in the transaction that creates it. */
export function seatsForNewEvent(tx: Transaction, eventId: string, maxAttendees: number | null): { seatShards: number; attendeeCount: number } {
  if (maxAttendees === null) return { seatShards: 0, attendeeCount: 0 };
  const capacities = splitCapacity(maxAttendees);
  capacities.forEach((capacity, index) => tx.set(SEAT_SHARDS, shardId(eventId, index), { eventId, index, capacity, taken: 0 }));
  return { seatShards: capacities.length, attendeeCount: 0 };
}

/** Seats taken per sharded event, by event id: one query for up to 30 events (Firestore's `in` limit). */
async function shardTotals(store: DocumentStore, eventIds: string[]): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (let start = 0; start < eventIds.length; start += 30) {
    const ids = eventIds.slice(start, start + 30);
    for (const shard of await store.query(SEAT_SHARDS, { where: [['eventId', 'in', ids]] })) {
      totals.set(shard.data.eventId, (totals.get(shard.data.eventId) ?? 0) + shard.data.taken);
    }
  }
  return totals;
}

/** The seats taken of each event, by event id: the shards' sum, the old counter, or an unlimited event's seat holders. */
export async function seatsTaken(store: DocumentStore, events: SeatEvent[]): Promise<Map<string, number>> {
  const sharded = events.filter((event) => layoutOf(event.data) === 'sharded').map((event) => event.id);
  const totals = sharded.length ? await shardTotals(store, sharded) : new Map<string, number>();
  const counts = new Map<string, number>();
  await Promise.all(
    events.map(async (event) => {
      const layout = layoutOf(event.data);
      const count = layout === 'sharded' ? (totals.get(event.id) ?? 0) : layout === 'single' ? (event.data.attendeeCount ?? 0) : await countSeatHolders(store, event.id);
      counts.set(event.id, count);
    }),
  );
  return counts;
}
