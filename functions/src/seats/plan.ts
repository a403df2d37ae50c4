/*
 * How an event's capacity is split over seat shards (pure; seats/repository.ts
 * applies it). Firestore sustains about one write a second on one document, so a
 * single seat counter on the event turns an on-sale into a queue of contention
 * errors (DESIGN §4). Each shard is a document holding part of the capacity; a
 * registration takes its seat from one shard with room, so registrations of one
 * event write different documents. The shards' capacities always sum to the
 * event's maxAttendees, so 'never oversold' holds shard by shard.
 */

/** Seats per shard aimed at: small events keep one document, large ones spread. */
export const SEATS_PER_SHARD = 20;
/**
 * The most shards an event gets. A sold-out event reads every shard to say so, and
 * 100 documents in parallel are one round trip; 100 shards of a 2,000-seat on-sale take
 * about 100 writes a second at Firestore's sustained rate per document (docs/data-safety.md: Seats on Firestore).
 */
export const MAX_SHARDS = 100;

export function shardCount(capacity: number): number {
  return Math.min(MAX_SHARDS, Math.max(1, Math.ceil(capacity / SEATS_PER_SHARD)));
}

/** Capacities of `count` shards summing to `capacity`, as even as can be (the first ones get the remainder). */
export function splitCapacity(capacity: number, count: number = shardCount(capacity)): number[] {
  const base = Math.floor(capacity / count);
  const extra = capacity - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < extra ? 1 : 0));
}

export interface ShardState {
  capacity: number;
  taken: number;
}

/**
 * New capacities for the same shards when the event's capacity changes to `capacity`
 * (never below the seats taken: the caller refuses that first). Each shard keeps room for
 * the seats it has given; the free seats are spread as evenly as the shards allow.
 */
export function resizeShards(shards: ShardState[], capacity: number): number[] {
  const taken = shards.reduce((sum, shard) => sum + shard.taken, 0);
  if (capacity < taken) throw new RangeError(`capacity ${capacity} is below the ${taken} seats taken`);
  const free = splitCapacity(capacity - taken, shards.length);
  return shards.map((shard, index) => shard.taken + free[index]);
}

/**
 * Shards for an event that had no shards yet (created before them, or unlimited until now)
 * with `taken` seats already held: the held seats are spread over the shards like the rest,
 * so each shard's taken never passes its capacity.
 */
export function shardsWithTaken(capacity: number, taken: number): ShardState[] {
  const capacities = splitCapacity(capacity);
  let left = taken;
  return capacities.map((shardCapacity) => {
    const here = Math.min(shardCapacity, left);
    left -= here;
    return { capacity: shardCapacity, taken: here };
  });
}

/** The order in which a registration tries the shards: from a random one on, so a rush spreads out. */
export function probeOrder(count: number, random: () => number = Math.random): number[] {
  const start = Math.floor(random() * count) % count;
  return Array.from({ length: count }, (_, step) => (start + step) % count);
}
