import { formatCents } from '../shared/payments-model.js';
import type { EventStats } from '../shared/events-model.js';
import { RSVP_MESSAGES, type RsvpRecord, type RsvpReply } from '../shared/rsvps-model.js';
import type { RsvpInput } from '../shared/rsvps.js';
import { listAllEvents, readEventInTransaction } from '../events/repository.js';
import { queueMail } from '../outbox/outbox.js';
import type { Clock } from '../clock.js';
import type { DocumentStore } from '../store/port.js';
import { confirmationMailKind, holdsSeat } from './rules.js';
import { cancelRsvp, createRsvp, listAllRsvps, listRsvpsOfEvent, readRsvpWithEvent, toRsvpView } from './repository.js';
import { csvFileName, rsvpsToCsv } from './csv.js';

export interface RsvpServiceDeps {
  store: DocumentStore;
  clock: Clock;
  /** The organisation's time zone: the export's dates are written in it. */
  timeZone: string;
  /** Called after a commit that queued mail, so delivery starts at once rather than on the next sweep. */
  onMailQueued?: () => void;
}

export function createRsvpService({ store, clock, timeZone, onMailQueued }: RsvpServiceDeps) {
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

    /** The RSVPs holding a seat; with includeCancelled also the cancelled and refunded ones (never lapsed holds). */
    async listForEvent(eventId: string, options: { includeCancelled?: boolean } = {}): Promise<RsvpRecord[]> {
      return (await listRsvpsOfEvent(store, eventId))
        .map(toRsvpView)
        .filter((rsvp) => holdsSeat(rsvp) || (options.includeCancelled === true && rsvp.status === 'cancelled'));
    },

    /** The export of an event's RSVPs (by id or custom URL) and the file name to save it under. */
    async exportCsv(eventIdOrSlug: string): Promise<{ fileName: string; csv: string }> {
      const event = await store.runTransaction((tx) => readEventInTransaction(tx, eventIdOrSlug));
      const rsvps = (await listRsvpsOfEvent(store, event.id)).map(toRsvpView);
      return { fileName: csvFileName(event), csv: rsvpsToCsv(rsvps, timeZone) };
    },

    /**
     * Every event's figures, by event id: registrations holding a seat, those checked
     * in, and the money kept (paid less refunded, cents). Events without RSVPs show zeros.
     */
    async stats(): Promise<Record<string, EventStats>> {
      const [events, rsvps] = await Promise.all([listAllEvents(store), listAllRsvps(store)]);
      const stats: Record<string, EventStats> = Object.fromEntries(events.map((event) => [event.id, { registered: 0, checkedIn: 0, amountTaken: 0 }]));
      for (const doc of rsvps) {
        const entry = stats[doc.data.eventId];
        if (!entry) continue;
        const rsvp = toRsvpView(doc);
        if (holdsSeat(rsvp)) {
          entry.registered += 1;
          if (rsvp.checkedIn) entry.checkedIn += 1;
        }
        entry.amountTaken += rsvp.amountPaid - rsvp.amountRefunded;
      }
      return stats;
    },

    /** Admin cancel: frees the seat. Money is never returned silently: a paid RSVP says so. */
    async cancel(rsvpId: string): Promise<{ message: string }> {
      return store.runTransaction(async (tx) => {
        const { rsvp, event } = await readRsvpWithEvent(tx, rsvpId);
        const doc = cancelRsvp(tx, rsvp, event);
        if (doc.data.paymentStatus === 'paid') {
          return { message: `RSVP cancelled. The payment of ${formatCents(doc.data.amountPaid)} was not refunded automatically; refund it in the payment dashboard if due.` };
        }
        return { message: RSVP_MESSAGES.cancelled };
      });
    },
  };
}
export type RsvpService = ReturnType<typeof createRsvpService>;
