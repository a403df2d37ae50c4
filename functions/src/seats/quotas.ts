import { SEAT_HOLDING_STATUSES } from '../shared/rsvps-model.js';
import { collection, type DocumentStore, type StoredDocument, type Transaction } from '../store/port.js';
import { probeOrder, resizeShards, shardCount, shardsWithTaken, splitCapacity } from './plan.js';

/*
 * Quotas per ticket type inside an event's capacity (issue 26 item 4), counted the way the total is
 * (seats/plan.ts, DESIGN §4): each quota is split over its own seat shards (SEATS_PER_SHARD each, so a
 * quota of 20 or fewer is one document), never one hot document for a large quota. A ticket of a type
 * with a quota takes a seat of the event's shards AND one of its type's shards in the same transaction,
 * so neither the total nor the type is ever oversold; freeing it gives both back in one transaction.
 * The number of a type's shards is always shardCount(its quota): a quota's change lays them out again
 * in the event update's transaction (layOutQuotas), so no other field says how many there are.
 */

export type TypeSeatShard = { eventId: string; ticketType: string; index: number; capacity: number; taken: number };
export const TYPE_SEAT_SHARDS = collection<TypeSeatShard>('typeSeatShards');

/** The event's quotas as far as seats go; absent on events stored before quotas: none. */
export interface QuotaEvent {
  id: string;
  data: { ticketQuotas?: Record<string, number> };
}

/** The type's name is encoded: a document id may hold no '/'. */
export function typeShardId(eventId: string, ticketType: string, index: number): string {
  return `${eventId}~${encodeURIComponent(ticketType)}~${index}`;
}

function quotaOf(event: QuotaEvent, ticketType: string): number | null {
  const quota = event.data.ticketQuotas?.[ticketType];
  return typeof quota === 'number' ? quota : null;
}

function readTypeShards(tx: Transaction, event: QuotaEvent, ticketType: string, indexes: number[]) {
  return Promise.all(indexes.map((index) => tx.get(TYPE_SEAT_SHARDS, typeShardId(event.id, ticketType, index))));
}

/** Seats found in the types' shards: per ticket asked, its shard (null: its type has no quota). */
export type TypeSeatClaim = { shards: (StoredDocument<TypeSeatShard> | null)[] };

/**
 * Reads for one seat of each ticket's type (`types`, one entry per ticket), all or none: the tickets of a
 * type with a quota take seats of its shards; a type without one needs none. One ticket alone tries one
 * shard picked at random first (a rush spreads out), the others only when it is full; several read them
 * all. Answers the claim, or the first type whose quota has too few seats left. Reads only.
 */
export async function findTypeSeats(tx: Transaction, event: QuotaEvent, types: string[], random?: () => number): Promise<TypeSeatClaim | { soldOut: string }> {
  const shards: (StoredDocument<TypeSeatShard> | null)[] = types.map(() => null);
  for (const ticketType of [...new Set(types)]) {
    const quota = quotaOf(event, ticketType);
    if (quota === null) continue;
    const wanted = types.flatMap((type, index) => (type === ticketType ? [index] : []));
    const order = probeOrder(shardCount(quota), random);
    let found = wanted.length === 1 ? (await readTypeShards(tx, event, ticketType, order.slice(0, 1))).filter((shard) => shard && shard.data.taken < shard.data.capacity) : [];
    if (found.length === 0) found = await readTypeShards(tx, event, ticketType, wanted.length === 1 ? order.slice(1) : order);
    const free: StoredDocument<TypeSeatShard>[] = [];
    for (const shard of found) {
      if (!shard) continue;
      for (let seat = shard.data.taken; seat < shard.data.capacity && free.length < wanted.length; seat++) free.push(shard);
    }
    if (free.length < wanted.length) return { soldOut: ticketType };
    wanted.forEach((ticket, at) => (shards[ticket] = free[at]));
  }
  return { shards };
}

/** Takes the seats findTypeSeats found, each shard written once; answers each ticket's type shard index (null: no quota) for its RSVP. */
export function takeTypeSeats(tx: Transaction, claim: TypeSeatClaim): (number | null)[] {
  const byShard = new Map<string, { shard: StoredDocument<TypeSeatShard>; seats: number }>();
  for (const shard of claim.shards) {
    if (!shard) continue;
    const entry = byShard.get(shard.id) ?? { shard, seats: 0 };
    entry.seats += 1;
    byShard.set(shard.id, entry);
  }
  for (const { shard, seats } of byShard.values()) tx.update(TYPE_SEAT_SHARDS, shard.id, { taken: shard.data.taken + seats });
  return claim.shards.map((shard) => (shard ? shard.data.index : null));
}

/**
 * The type shard an RSVP gives its seat back to: the one it took it from, else (taken before the
 * quota, or the quota laid out again) any of its type's shards with a seat taken; null when its type
 * has no quota. Reads only.
 */
export async function findTypeSeatToGiveBack(tx: Transaction, event: QuotaEvent, rsvp: { ticketType?: string; typeSeatShard?: number | null }): Promise<StoredDocument<TypeSeatShard> | null> {
  const ticketType = rsvp.ticketType;
  const quota = ticketType === undefined ? null : quotaOf(event, ticketType);
  if (quota === null || ticketType === undefined) return null;
  const count = shardCount(quota);
  const own = rsvp.typeSeatShard;
  if (typeof own === 'number' && own < count) {
    const [shard] = await readTypeShards(tx, event, ticketType, [own]);
    if (shard && shard.data.taken > 0) return shard;
  }
  const shards = await readTypeShards(tx, event, ticketType, Array.from({ length: count }, (_, index) => index));
  return shards.find((shard) => shard !== null && shard.data.taken > 0) ?? null;
}

/** Gives back the type seats found, each shard written once with all it gets back. */
export function giveTypeSeatsBack(tx: Transaction, shards: (StoredDocument<TypeSeatShard> | null | undefined)[]) {
  const byShard = new Map<string, { shard: StoredDocument<TypeSeatShard>; seats: number }>();
  for (const shard of shards) {
    if (!shard) continue;
    const entry = byShard.get(shard.id) ?? { shard, seats: 0 };
    entry.seats += 1;
    byShard.set(shard.id, entry);
  }
  for (const { shard, seats } of byShard.values()) tx.update(TYPE_SEAT_SHARDS, shard.id, { taken: Math.max(0, shard.data.taken - seats) });
}

/** What laying the quotas out again needs, read first: per type whose quota changes, its shards and seats taken. */
export type QuotaPlanReads = Map<string, { shards: StoredDocument<TypeSeatShard>[]; taken: number }>;

const HOLDERS = collection<{ eventId: string; status: string; ticketType: string }>('rsvps');

/**
 * Reads, for each type whose quota changes from `before` to `after`, its shards and the seats taken:
 * the shards' sum, or, for a type that had no quota, its RSVPs holding a seat (counted once, now).
 */
export async function readQuotaPlan(tx: Transaction, eventId: string, before: Record<string, number>, after: Record<string, number>): Promise<QuotaPlanReads> {
  const reads: QuotaPlanReads = new Map();
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((type) => before[type] !== after[type]);
  let holders: { ticketType: string }[] | null = null;
  for (const ticketType of changed) {
    if (typeof before[ticketType] === 'number') {
      const found = await readTypeShards(tx, { id: eventId, data: {} }, ticketType, Array.from({ length: shardCount(before[ticketType]) }, (_, index) => index));
      const shards = found.filter((shard): shard is StoredDocument<TypeSeatShard> => shard !== null);
      reads.set(ticketType, { shards, taken: shards.reduce((sum, shard) => sum + shard.data.taken, 0) });
    } else {
      holders ??= (await tx.query(HOLDERS, { where: [['eventId', '==', eventId], ['status', 'in', [...SEAT_HOLDING_STATUSES]]] })).map((doc) => doc.data);
      reads.set(ticketType, { shards: [], taken: holders.filter((holder) => holder.ticketType === ticketType).length });
    }
  }
  return reads;
}

/** The first type whose new quota is below its seats taken, with that count; null when every one fits. */
export function quotaBelowTaken(reads: QuotaPlanReads, after: Record<string, number>): { ticketType: string; taken: number } | null {
  for (const [ticketType, { taken }] of reads) {
    if (typeof after[ticketType] === 'number' && after[ticketType] < taken) return { ticketType, taken };
  }
  return null;
}

/** Writes the changed types' shards for their new quotas (a type's quota removed: its shards deleted). The caller refused a quota below its seats taken. */
export function layOutQuotas(tx: Transaction, eventId: string, reads: QuotaPlanReads, after: Record<string, number>) {
  for (const [ticketType, { shards, taken }] of reads) {
    const quota = after[ticketType];
    let states: { capacity: number; taken: number }[] = [];
    if (typeof quota === 'number') {
      if (shards.length === shardCount(quota)) {
        const capacities = resizeShards(shards.map((shard) => shard.data), quota);
        states = shards.map((shard, index) => ({ capacity: capacities[index], taken: shard.data.taken }));
      } else states = shardsWithTaken(quota, taken);
    }
    states.forEach((state, index) => tx.set(TYPE_SEAT_SHARDS, typeShardId(eventId, ticketType, index), { eventId, ticketType, index, ...state }));
    for (const shard of shards) if (shard.data.index >= states.length) tx.delete(TYPE_SEAT_SHARDS, shard.id);
  }
}

/** A new event's quotas: their shards, written in the transaction that creates it. */
export function quotasForNewEvent(tx: Transaction, eventId: string, quotas: Record<string, number>) {
  for (const [ticketType, quota] of Object.entries(quotas)) {
    splitCapacity(quota).forEach((capacity, index) => tx.set(TYPE_SEAT_SHARDS, typeShardId(eventId, ticketType, index), { eventId, ticketType, index, capacity, taken: 0 }));
  }
}

/** Seats taken per type of each event with quotas, by event id then type: one query for up to 30 events. */
export async function typeSeatsTaken(store: Pick<DocumentStore, 'query'>, eventIds: string[]): Promise<Map<string, Record<string, number>>> {
  const taken = new Map<string, Record<string, number>>();
  for (let start = 0; start < eventIds.length; start += 30) {
    for (const shard of await store.query(TYPE_SEAT_SHARDS, { where: [['eventId', 'in', eventIds.slice(start, start + 30)]] })) {
      const perType = taken.get(shard.data.eventId) ?? {};
      perType[shard.data.ticketType] = (perType[shard.data.ticketType] ?? 0) + shard.data.taken;
      taken.set(shard.data.eventId, perType);
    }
  }
  return taken;
}
