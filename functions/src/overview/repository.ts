import { checkInDoorsOfEvent } from '../audit/repository.js';
import { EVENTS, listAllEvents, type StoredEvent } from '../events/repository.js';
import { listRsvpsOfEventUnordered, toRsvpView } from '../rsvps/repository.js';
import type { DocumentStore, StoredDocument } from '../store/port.js';
import { isInLine, readEntriesOfEvent } from '../waitlist/repository.js';
import type { OverviewRsvp } from './rules.js';

/*
 * What the overview (issue 30) reads. It owns no collection: each is read through the module that
 * names it (events, rsvps, waitlist, audit), and nothing here writes.
 */

export type EventDocument = StoredDocument<StoredEvent>;

export function readEventById(store: DocumentStore, id: string): Promise<EventDocument | null> {
  return store.get(EVENTS, id);
}

export function readAllEvents(store: DocumentStore): Promise<EventDocument[]> {
  return listAllEvents(store);
}

/** An event's RSVPs as the staff list sees them (toRsvpView), with when each was paid; unsorted (every one is counted). */
export async function readOverviewRsvps(store: DocumentStore, eventId: string): Promise<OverviewRsvp[]> {
  return (await listRsvpsOfEventUnordered(store, eventId)).map((doc) => ({ ...toRsvpView(doc), paidAt: doc.data.paidAt ?? null }));
}

/**
 * People waiting (waiting or offered) on the event's waitlist, or null when it has none: the line exists
 * from the first join on (events' `waitlistActive`, set by waitlist/service.ts).
 */
export async function readWaitlistLength(store: DocumentStore, event: EventDocument): Promise<number | null> {
  if (!event.data.waitlistActive) return null;
  return (await readEntriesOfEvent(store, event.id)).filter((entry) => isInLine(entry.data)).length;
}

/** The door of each ticket's latest check-in (audit/repository.ts), by RSVP id. */
export function readCheckInDoors(store: DocumentStore, eventId: string): Promise<Map<string, string | null>> {
  return checkInDoorsOfEvent(store, eventId);
}
