import type { EventRecord } from '../shared/events.js';
import { RSVP_MESSAGES, type RsvpInput, type RsvpRecord, type RsvpReply, type TicketView } from '../shared/rsvps.js';
import { EVENTS, readEventInTransaction, type StoredEvent } from '../events/service.js';
import { queueMail } from '../mail/outbox.js';
import type { Clock } from '../ports.js';
import type { DocumentStore } from '../store/port.js';
import { RuleError } from '../rule-error.js';
import { confirmationMailKind, holdsSeat } from './rules.js';
import { RSVPS, giveSeatBack, readRsvpWithEvent, registerInTransaction, type StoredRsvp } from './seats.js';

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
        const { rsvpId, rsvp } = registerInTransaction(tx, event, input, now);
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
      const docs = await store.query<StoredRsvp>(RSVPS, { where: [['eventId', '==', eventId]], orderBy: [['createdAt', 'asc']] });
      return docs.map((doc) => ({ ...doc.data, id: doc.id })).filter(holdsSeat);
    },

    async checkinsForEvent(eventId: string): Promise<RsvpRecord[]> {
      const rsvps = await this.listForEvent(eventId);
      return rsvps.filter((rsvp) => rsvp.checkedIn).sort((a, b) => String(a.checkedInAt).localeCompare(String(b.checkedInAt)));
    },

    /** A ticket exists only for a confirmed RSVP: never before its payment succeeded. */
    async ticket(ticketId: string): Promise<TicketView> {
      const rsvp = await store.get<StoredRsvp>(RSVPS, ticketId);
      if (!rsvp || rsvp.data.status !== 'confirmed') throw new RuleError(RSVP_MESSAGES.ticketNotFound, 'not-found');
      const event = await store.get<StoredEvent>(EVENTS, rsvp.data.eventId);
      if (!event) throw new RuleError(RSVP_MESSAGES.ticketNotFound, 'not-found');
      return toTicketView({ ...rsvp.data, id: rsvp.id }, { ...event.data, id: event.id });
    },

    /** Admin cancel: frees the seat. Money is never returned silently: a paid RSVP says so. */
    async cancel(rsvpId: string): Promise<{ message: string }> {
      return store.runTransaction(async (tx) => {
        const { rsvp: doc, event } = await readRsvpWithEvent(tx, rsvpId);
        if (!doc || !holdsSeat(doc.data)) throw new RuleError(RSVP_MESSAGES.rsvpNotFound, 'not-found');
        tx.update(RSVPS, rsvpId, { status: 'cancelled', holdExpiresAt: null });
        giveSeatBack(tx, event);
        if (doc.data.paymentStatus === 'paid') {
          const dollars = (doc.data.amountPaid / 100).toFixed(2);
          return { message: `RSVP cancelled. The payment of $${dollars} was not refunded automatically; refund it in the payment dashboard if due.` };
        }
        return { message: 'RSVP cancelled' };
      });
    },
  };
}
export type RsvpService = ReturnType<typeof createRsvpService>;
