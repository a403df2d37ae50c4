import type { EventRecord } from '../shared/events-model.js';
import { EVENTS } from '../events/repository.js';
import type { Transaction } from '../store/port.js';

/** An event document as far as its seats are concerned. */
type SeatHolder = { id: string; data: Pick<EventRecord, 'attendeeCount'> };

/*
 * The only code that moves an event's attendeeCount (DESIGN §4). Each change
 * happens inside the transaction that creates, confirms, releases or cancels
 * the RSVP holding the seat (rsvps/repository.ts), so the count never drifts
 * from the RSVPs.
 */

export function takeSeat(tx: Transaction, event: SeatHolder) {
  tx.update(EVENTS, event.id, { attendeeCount: event.data.attendeeCount + 1 });
}

export function giveSeatBack(tx: Transaction, event: SeatHolder | null) {
  if (event) tx.update(EVENTS, event.id, { attendeeCount: Math.max(0, event.data.attendeeCount - 1) });
}
