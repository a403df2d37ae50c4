import { EVENTS } from '../../src/events/repository.js';
import { layOutSeats, readSeatPlan, seatsTaken } from '../../src/seats/repository.js';
import type { DocumentStore } from '../../src/store/port.js';

/** The seats an event has taken, as the site shows them (seats/: the shards' sum, or the RSVPs of an unlimited event). */
export async function seatsTakenOf(store: DocumentStore, eventId: string): Promise<number | undefined> {
  const event = await store.get(EVENTS, eventId);
  if (!event) return undefined;
  return (await seatsTaken(store, [event])).get(eventId);
}

/**
 * Makes the store say `taken` seats are taken without registering anyone (a test of what a
 * count does elsewhere): the event's seats are laid out again as if they had been taken.
 */
export async function pretendSeatsTaken(store: DocumentStore, eventId: string, taken: number): Promise<void> {
  await store.runTransaction(async (tx) => {
    const event = await tx.get(EVENTS, eventId);
    if (!event) throw new Error(`No event ${eventId}`);
    const plan = await readSeatPlan(tx, event);
    const maxAttendees = event.data.maxAttendees ?? taken;
    const fields = layOutSeats(tx, eventId, { shards: [], taken }, maxAttendees);
    // The shards of the old layout are written over; any beyond the new count go.
    for (const shard of plan.shards) if (shard.data.index >= fields.seatShards) tx.delete('seatShards', shard.id);
    tx.update(EVENTS, eventId, { ...fields, maxAttendees });
  });
}
