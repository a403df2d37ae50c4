import type { EventRecord } from '../shared/events.js';
import type { RsvpInput, RsvpRecord } from '../shared/rsvps.js';
import { EVENTS, type StoredEvent } from '../events/service.js';
import { newId } from '../ids.js';
import type { Transaction } from '../store/port.js';
import { assertOpenForRegistration, newRsvp, resolveTicketType, ticketPriceCents } from './rules.js';

export const RSVPS = 'rsvps';
export type StoredRsvp = Omit<RsvpRecord, 'id'>;
/** An event document as far as its seats are concerned. */
type SeatHolder = { id: string; data: Pick<EventRecord, 'attendeeCount'> };

/*
 * The only code that moves an event's attendeeCount (DESIGN §4). Each change
 * happens inside the transaction that creates, confirms, releases or cancels
 * the RSVP holding the seat, so the count never drifts from the RSVPs.
 */

export function takeSeat(tx: Transaction, event: SeatHolder) {
  tx.update(EVENTS, event.id, { attendeeCount: event.data.attendeeCount + 1 });
}

export function giveSeatBack(tx: Transaction, event: SeatHolder | null) {
  if (event) tx.update(EVENTS, event.id, { attendeeCount: Math.max(0, event.data.attendeeCount - 1) });
}

/**
 * Registers one person for an open event and takes the seat: confirmed when
 * the ticket is free, held pending payment otherwise.
 */
export function registerInTransaction(tx: Transaction, event: EventRecord, input: RsvpInput, now: Date): { rsvpId: string; rsvp: StoredRsvp } {
  assertOpenForRegistration(event);
  const ticketType = resolveTicketType(event, input.ticketType);
  const rsvp = newRsvp(event, input, ticketType, ticketPriceCents(event, ticketType), now);
  const rsvpId = newId();
  tx.create(RSVPS, rsvpId, rsvp);
  takeSeat(tx, { id: event.id, data: event });
  return { rsvpId, rsvp };
}

/** An RSVP and its event, read in a transaction (the event may have been deleted). */
export async function readRsvpWithEvent(tx: Transaction, rsvpId: string) {
  const rsvp = await tx.get<StoredRsvp>(RSVPS, rsvpId);
  const event = rsvp ? await tx.get<StoredEvent>(EVENTS, rsvp.data.eventId) : null;
  return { rsvp, event };
}
