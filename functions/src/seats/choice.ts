import type { DocumentStore } from '../store/port.js';
import { layoutOf, SEAT_EVENTS, SEAT_SHARDS, ShardFilledError, type SeatChoice } from './repository.js';

/*
 * Choosing a seat shard before the registration's transaction. On Firestore a document
 * read in a transaction is locked until it commits, so a registration that read every
 * shard would block every other registration's write (Firestore's transactions are
 * pessimistic on the server SDKs; the emulator answers such contention with ABORTED and
 * the client backs off for a second and more). A plain read, outside the transaction,
 * picks one shard with room; the transaction then reads and writes that one alone.
 * Within one instance, registrations on the same shard wait in line (the queue below)
 * instead of aborting each other; across instances the transaction still decides.
 */

/** How often a registration chooses again when its shard filled up before its transaction read it. */
const CHOICES = 4;

/** One line per key: work for the same key runs one at a time, in arrival order, in this process. */
export function keyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return function run<R>(key: string, work: () => Promise<R>): Promise<R> {
    const before = tails.get(key) ?? Promise.resolve();
    const result = before.then(work, work);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    // The last one out removes the line, so the map holds only keys with work waiting.
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}

const shardLine = keyedQueue();

/** A shard with room, picked at random among those a plain read shows; 'full' when none has room, 'any' when the event has no shards. */
export async function chooseSeat(store: DocumentStore, eventId: string, random: () => number = Math.random): Promise<SeatChoice> {
  const event = await store.get(SEAT_EVENTS, eventId);
  if (!event || layoutOf(event.data) !== 'sharded' || event.data.maxAttendees === null) return 'any';
  const shards = await store.query(SEAT_SHARDS, { where: [['eventId', '==', eventId]] });
  const open = shards.filter((shard) => shard.data.index < event.data.seatShards! && shard.data.taken < shard.data.capacity);
  if (open.length === 0) return 'full';
  return { shard: open[Math.floor(random() * open.length) % open.length].data.index };
}

/**
 * Runs a registration (`attempt`, one transaction) with a seat choice; when the chosen shard
 * filled up meanwhile it chooses again, and after a few tries lets the transaction probe
 * every shard itself. A 'full' choice is a plain read's word: the transaction still checks
 * the person is not already registered, and refuses without locking any shard.
 */
export async function withSeatChoice<R>(store: DocumentStore, eventId: string | null, attempt: (choice: SeatChoice) => Promise<R>): Promise<R> {
  if (eventId === null) return attempt('any');
  for (let tries = 0; tries < CHOICES; tries++) {
    const choice = await chooseSeat(store, eventId);
    if (typeof choice !== 'object') return attempt(choice);
    try {
      return await shardLine(`${eventId}~${choice.shard}`, () => attempt(choice));
    } catch (error) {
      if (!(error instanceof ShardFilledError)) throw error;
    }
  }
  return attempt('any');
}
