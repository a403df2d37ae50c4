import { formatCents } from '../shared/payments-model.js';
import { RSVP_MESSAGES, type RsvpRecord, type RsvpReply } from '../shared/rsvps-model.js';
import type { RsvpInput } from '../shared/rsvps.js';
import { readEventInTransaction } from '../events/repository.js';
import { queueMail } from '../outbox/outbox.js';
import type { Clock } from '../clock.js';
import type { DocumentStore } from '../store/port.js';
import { confirmationMailKind, holdsSeat } from './rules.js';
import { cancelRsvp, createRsvp, listRsvpsOfEvent, readRsvpWithEvent, toRsvpView } from './repository.js';

export interface RsvpServiceDeps {
  store: DocumentStore;
  clock: Clock;
  /** Called after a commit that queued mail, so delivery starts at once rather than on the next sweep. */
  onMailQueued?: () => void;
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
