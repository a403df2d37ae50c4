import { formatCents } from '../shared/payments-model.js';
import type { EventRecord } from '../shared/events-model.js';
import { RSVP_MESSAGES, type RsvpRecord, type RsvpReply, type TicketView } from '../shared/rsvps-model.js';
import type { RsvpInput } from '../shared/rsvps.js';
import { findEvent, readEventInTransaction, toEventView } from '../events/repository.js';
import { queueMail } from '../outbox/outbox.js';
import type { Clock } from '../clock.js';
import type { DocumentStore } from '../store/port.js';
import { RuleError } from '../rule-error.js';
import { confirmationMailKind, holdsSeat } from './rules.js';
import { cancelRsvp, createRsvp, findRsvp, listRsvpsOfEvent, readRsvpWithEvent, toRsvpView } from './repository.js';

export interface RsvpServiceDeps {
  store: DocumentStore;
  clock: Clock;
  /** Called after a commit that queued mail, so delivery starts at once rather than on the next sweep. */
  onMailQueued?: () => void;
}

export function toTicketView(rsvp: RsvpRecord, event: EventRecord): TicketView {
  return {
    id: rsvp.id,
    attendee: { name: rsvp.name, email: rsvp.email, ticketType: rsvp.ticketType },
    event: { id: event.id, title: event.title, date: event.date, location: event.location, customUrl: event.customUrl },
    checkedIn: rsvp.checkedIn,
    checkedInAt: rsvp.checkedInAt,
    checkedInBy: rsvp.checkedInBy,
  };
}

export function createRsvpService({ store, clock, onMailQueued }: RsvpServiceDeps) {
  return {
    /**
     * Registers one person. The seat is taken in the same transaction that
     * creates the RSVP, so attendeeCount never passes maxAttendees however many
     * requests race; the e-mail job is written in that transaction too.
     */
    async create(eventIdOrSlug: string, input: RsvpInput): Promise<RsvpReply> {
      const now = clock.now();
      const reply = await store.runTransaction(async (tx) => {
        const event = await readEventInTransaction(tx, eventIdOrSlug);
        const { rsvpId, rsvp } = createRsvp(tx, event, input, now);
        if (rsvp.status === 'confirmed') {
          queueMail(tx, { kind: confirmationMailKind(event), rsvpId, to: rsvp.email }, now);
          const message = event.generateTickets ? RSVP_MESSAGES.registered : RSVP_MESSAGES.registeredNoTicket;
          return { success: true as const, message, requiresPayment: false, rsvpId };
        }
        return { success: true as const, message: RSVP_MESSAGES.paymentRequired, requiresPayment: true, rsvpId };
      });
      if (!reply.requiresPayment) onMailQueued?.();
      return reply;
    },

    async listForEvent(eventId: string): Promise<RsvpRecord[]> {
      return (await listRsvpsOfEvent(store, eventId)).map(toRsvpView).filter(holdsSeat);
    },

    async checkinsForEvent(eventId: string): Promise<RsvpRecord[]> {
      const rsvps = await this.listForEvent(eventId);
      return rsvps.filter((rsvp) => rsvp.checkedIn).sort((a, b) => String(a.checkedInAt).localeCompare(String(b.checkedInAt)));
    },

    /** A ticket exists only for a confirmed RSVP: never before its payment succeeded. */
    async ticket(ticketId: string): Promise<TicketView> {
      const rsvp = await findRsvp(store, ticketId);
      if (!rsvp || rsvp.data.status !== 'confirmed') throw new RuleError('TICKET_NOT_FOUND', RSVP_MESSAGES.ticketNotFound, 'not-found');
      const event = await findEvent(store, rsvp.data.eventId);
      if (!event) throw new RuleError('TICKET_NOT_FOUND', RSVP_MESSAGES.ticketNotFound, 'not-found');
      return toTicketView(toRsvpView(rsvp), toEventView(event));
    },

    /** Admin cancel: frees the seat. Money is never returned silently: a paid RSVP says so. */
    async cancel(rsvpId: string): Promise<{ message: string }> {
      return store.runTransaction(async (tx) => {
        const { rsvp, event } = await readRsvpWithEvent(tx, rsvpId);
        const doc = cancelRsvp(tx, rsvp, event);
        if (doc.data.paymentStatus === 'paid') {
          return { message: `RSVP cancelled. The payment of ${formatCents(doc.data.amountPaid)} was not refunded automatically; refund it in the payment dashboard if due.` };
        }
        return { message: 'RSVP cancelled' };
      });
    },
  };
}
export type RsvpService = ReturnType<typeof createRsvpService>;
