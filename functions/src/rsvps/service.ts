import { formatCents } from '../shared/payments-model.js';
import { SELF_SERVICE_MESSAGES, type ManageTicketReply, type SelfCancelReply, type TransferTicketReply, type TransferTicketRequest } from '../shared/self-service-model.js';
import { mailboxOf } from '../shared/mailbox.js';
import type { EventStats } from '../shared/events-model.js';
import { EVENT_CANCEL_MESSAGES, eventCancelledSummary, type CancelEventReply } from '../shared/event-cancel-model.js';
import { RSVP_MESSAGES, type ConfirmRegistrationReply, type PaymentHoldReply, type RsvpRecord, type RsvpReply } from '../shared/rsvps-model.js';
import type { RsvpInput } from '../shared/rsvps.js';
import { EVENTS, EventNotFoundError, listAllEvents, readEventDocument, resolveEventId, toEventDetails } from '../events/repository.js';
import { noticeMailId, orderMailId, queueMail, queueNoticeOnce, queueOrderMailOnce, type NoticeMoney } from '../outbox/outbox.js';
import type { Clock } from '../clock.js';
import { RuleError } from '../rule-error.js';
import type { DocumentStore } from '../store/port.js';
import { keyedQueue, withSeatChoice } from '../seats/choice.js';
import { queueMailchimpSync } from '../outbox/mailchimp-jobs.js';
import { assertUnderEmailLimit, confirmationMailKind, decideSelfCancel, decideTransfer, findSamePerson, holdsSeat, refundTerms, isRunningHold, repeatMailKind } from './rules.js';
import { linkKeyMatches } from './link-keys.js';
import {
  MANAGE_LINK_KEYS,
  cancelByAttendee,
  cancelForCancelledEvent,
  cancelRsvp,
  confirmByLink,
  findRsvp,
  listAllRsvps,
  listRsvpsOfEvent,
  readActiveRegistrations,
  readRsvpWithEvent,
  readOrderWithTickets,
  readRsvpWithSeat,
  register,
  registerOrder,
  toRsvpView,
  transferTicket,
  type EventDocument,
} from './repository.js';
import { csvFileName, rsvpsToCsv } from './csv.js';
import { RSVPS as RSVPS_COLLECTION } from './repository.js';
import { REPEAT_RESEND_INTERVAL_MS } from '../shared/rsvps-model.js';
import { recordAudit } from '../audit/repository.js';
import { ATTENDEE, eventTarget, rsvpTarget } from '../audit/actors.js';
import type { AuditActor } from '../shared/audit-model.js';

export interface RsvpServiceDeps {
  store: DocumentStore;
  clock: Clock;
  /** The organisation's time zone: the export's dates are written in it. */
  timeZone: string;
  /** Called after a commit that queued mail, so delivery starts at once rather than on the next sweep. */
  onMailQueued?: () => void;
  /** Called after a commit that queued a Mailchimp sync job, so it runs at once rather than on the next sweep. */
  onMailchimpQueued?: () => void;
  /** Called after an attendee's cancel queued a refund (outbox/refund-jobs.ts), so it is asked for at once. */
  onRefundQueued?: () => void;
  /** Called after a commit that freed seats, so the waitlist's offers (waitlist/offers.ts) go out at once. */
  onSeatsFreed?: () => void;
  /** The card provider, as far as cancelling an unpaid hold's intent goes (the payments port's cancelIntent). */
  intents: { cancelIntent(intentId: string): Promise<void> };
  logger?: Pick<Console, 'error'>;
}

/** A link whose key is not one we sent for this RSVP (or no such RSVP): one refusal, nothing told apart. */
function linkInvalid() {
  return new RuleError('LINK_INVALID', RSVP_MESSAGES.linkInvalid, 'not-found');
}

/** What the pages a link opens show of the event. */
function linkEventView(event: EventDocument) {
  const { id, title, date, location, customUrl } = toEventDetails(event);
  return { id, title, date, location, customUrl };
}

/** The refusal of a repeated registration, thrown once the transaction (and any resend it queued) committed. */
export function alreadyRegistered() {
  return new RuleError('ALREADY_REGISTERED', RSVP_MESSAGES.alreadyRegistered, 'conflict');
}

/**
 * Orders of several tickets on one event wait in line in this process (issue 26 item 1): each reads
 * every seat shard of the event in its transaction, and on Firestore two such transactions would
 * lock each other out and back off for seconds. Across instances the transaction still decides.
 */
const orderLine = keyedQueue();

export function createRsvpService({ store, clock, timeZone, onMailQueued, onMailchimpQueued, onRefundQueued, onSeatsFreed, intents, logger = console }: RsvpServiceDeps) {
  return {
    /**
     * Registers one person. The seat is taken in the same transaction that
     * creates the RSVP, so attendeeCount never passes maxAttendees however many
     * requests race; the e-mail job is written in that transaction too.
     */
    async create(eventIdOrSlug: string, input: RsvpInput): Promise<RsvpReply> {
      if (input.tickets) return this.createOrder(eventIdOrSlug, input);
      const now = clock.now();
      const eventId = await resolveEventId(store, eventIdOrSlug);
      // The seat shard is chosen before the transaction, which then locks that one shard alone (seats/choice.ts).
      const result = await withSeatChoice(store, eventId, (seatChoice) =>
        store.runTransaction(async (tx) => {
          const eventDoc = await readEventDocument(tx, eventId);
          const event = toEventDetails(eventDoc);
          const registration = await register(tx, eventDoc, input, now, seatChoice);
          if (registration.outcome === 'already-registered') {
            // The same person again: no second seat, and nothing of theirs in the reply; their ticket, or the
            // link to finish, goes again to the address on file (at most hourly), in this same transaction.
            const { rsvp, resend } = registration;
            if (resend) queueMail(tx, { kind: repeatMailKind(event, rsvp.data), rsvpId: rsvp.id, to: rsvp.data.email }, now);
            return { alreadyRegistered: true as const, mailQueued: resend };
          }
          const { rsvpId, rsvp, mailchimpQueued } = registration;
          if (rsvp.status === 'confirmed') {
            queueMail(tx, { kind: confirmationMailKind(event), rsvpId, to: rsvp.email }, now);
            recordAudit(tx, { actor: ATTENDEE, action: 'rsvp.registered', target: rsvpTarget(rsvpId, rsvp) }, now);
            const message = event.generateTickets ? RSVP_MESSAGES.registered : RSVP_MESSAGES.registeredNoTicket;
            const reply: RsvpReply = { success: true, message, requiresPayment: false, rsvpId };
            return { reply, mailQueued: true, mailchimpQueued };
          }
          if (rsvp.status === 'pending_confirmation') {
            // The seat is held until the link e-mailed now is opened: the reply carries no ticket id.
            queueMail(tx, { kind: 'confirmRegistration', rsvpId, to: rsvp.email }, now);
            const reply: RsvpReply = { success: true, message: RSVP_MESSAGES.confirmationSent, requiresPayment: false, requiresConfirmation: true };
            return { reply, mailQueued: true };
          }
          const reply: RsvpReply = { success: true, message: RSVP_MESSAGES.paymentRequired, requiresPayment: true, rsvpId };
          return { reply, mailQueued: false };
        }),
      );
      if (result.mailQueued) onMailQueued?.();
      if ('mailchimpQueued' in result && result.mailchimpQueued) onMailchimpQueued?.();
      if ('alreadyRegistered' in result) throw alreadyRegistered();
      return result.reply;
    },

    /**
     * Registers an order of several tickets (issue 26 item 1; repository registerOrder): every seat in
     * one transaction, all or nothing, with the e-mails it causes. A free order is confirmed with a
     * ticket e-mail per ticket; a 'Confirm by e-mail' order holds its seats until the one link e-mailed
     * to the buyer is opened; a paid order holds them until its one payment (POST /create-payment-intent
     * with the orderId) succeeds. The reply lists the tickets, with their ids once they are the buyer's.
     */
    async createOrder(eventIdOrSlug: string, input: RsvpInput): Promise<RsvpReply> {
      const now = clock.now();
      const eventId = await resolveEventId(store, eventIdOrSlug);
      const created = await orderLine(eventId ?? '', () =>
        store.runTransaction(async (tx) => {
          const eventDoc = await readEventDocument(tx, eventId);
          const event = toEventDetails(eventDoc);
          const made = await registerOrder(tx, eventDoc, input, now);
          const [lead] = made.tickets;
          const status = lead.rsvp.status;
          // A free order: one e-mail with every ticket (issue 26 item 2), under the new order's own key.
          if (status === 'confirmed') queueMail(tx, { kind: 'orderConfirmation', rsvpId: lead.rsvpId, orderId: made.orderId, to: lead.rsvp.email }, now, orderMailId(made.orderId));
          if (status === 'confirmed') for (const ticket of made.tickets) recordAudit(tx, { actor: ATTENDEE, action: 'rsvp.registered', target: rsvpTarget(ticket.rsvpId, ticket.rsvp) }, now);
          // One link confirms the whole order: it is sent for the first ticket, which names the order.
          if (status === 'pending_confirmation') queueMail(tx, { kind: 'confirmRegistration', rsvpId: lead.rsvpId, to: lead.rsvp.email }, now);
          return { made, event, mailQueued: status !== 'pending_payment' };
        }),
      );
      const { made, event, mailQueued } = created;
      if (mailQueued) onMailQueued?.();
      if (made.mailchimpQueued) onMailchimpQueued?.();
      const status = made.tickets[0].rsvp.status;
      // Ticket ids only to the visitor who now holds the tickets or is about to pay for them (as rsvpId alone before).
      const showIds = status !== 'pending_confirmation';
      const tickets = made.tickets.map(({ rsvpId, rsvp }) => ({ id: showIds ? rsvpId : null, name: rsvp.name, ticketType: rsvp.ticketType, price: rsvp.amountDue }));
      const base = { success: true as const, orderId: made.orderId, tickets, amount: made.order.amountDue };
      if (status === 'pending_payment') return { ...base, message: RSVP_MESSAGES.paymentRequired, requiresPayment: true, rsvpId: made.tickets[0].rsvpId };
      if (status === 'pending_confirmation') return { ...base, message: RSVP_MESSAGES.confirmationSent, requiresPayment: false, requiresConfirmation: true };
      const message = event.generateTickets ? RSVP_MESSAGES.registered : RSVP_MESSAGES.registeredNoTicket;
      return { ...base, message, requiresPayment: false, rsvpId: made.tickets[0].rsvpId };
    },

    /**
     * POST /rsvps/{id}/confirm: the link e-mailed to a 'Confirm by e-mail' registration was opened while
     * its seat was held, so the mailbox is proven: confirmed, its ticket (or confirmation) e-mail and its
     * Mailchimp sync queued in the same transaction. Opening it again answers the same.
     */
    async confirmByLink(rsvpId: string, key: string): Promise<ConfirmRegistrationReply> {
      const now = clock.now();
      const result = await store.runTransaction(async (tx) => {
        const { rsvp, event } = await readRsvpWithEvent(tx, rsvpId);
        if (!rsvp || !event || !linkKeyMatches(rsvp.data.linkKeys?.confirm, key)) throw linkInvalid();
        const details = toEventDetails(event);
        if (rsvp.data.status === 'confirmed') return { details, mailQueued: false, mailchimpQueued: false };
        if (rsvp.data.status === 'released' || (rsvp.data.status === 'pending_confirmation' && !isRunningHold(rsvp.data, now.toISOString()))) {
          throw new RuleError('LINK_EXPIRED', RSVP_MESSAGES.confirmationLinkExpired, 'gone');
        }
        if (rsvp.data.status !== 'pending_confirmation') throw linkInvalid();
        // The link of an order (issue 26 item 1) confirms every ticket of it still held; a ticket cancelled meanwhile stays so.
        const orderId = rsvp.data.orderId;
        const tickets = orderId ? (await readOrderWithTickets(tx, orderId)).tickets.filter((doc) => doc.data.status === 'pending_confirmation') : [rsvp];
        // An order gets one e-mail with every ticket (issue 26 item 2), under the order's key: once.
        const queueOrderMail = orderId ? await queueOrderMailOnce(tx, { id: orderId, email: rsvp.data.email, leadRsvpId: rsvp.id }, now) : null;
        let mailchimpQueued = false;
        for (const ticket of tickets.length ? tickets : [rsvp]) {
          confirmByLink(tx, ticket);
          recordAudit(tx, { actor: ATTENDEE, action: 'rsvp.registered', target: rsvpTarget(ticket.id, ticket.data) }, now);
          if (!queueOrderMail) queueMail(tx, { kind: confirmationMailKind(details), rsvpId: ticket.id, to: ticket.data.email }, now);
          if (queueMailchimpSync(tx, { eventId: details.id, audienceId: details.mailchimpAudienceId }, ticket.id, 'registered', now) !== null) mailchimpQueued = true;
        }
        queueOrderMail?.();
        return { details, mailQueued: true, mailchimpQueued };
      });
      if (result.mailQueued) onMailQueued?.();
      if (result.mailchimpQueued) onMailchimpQueued?.();
      const { details } = result;
      return {
        success: true,
        message: details.generateTickets ? RSVP_MESSAGES.confirmed : RSVP_MESSAGES.confirmedNoTicket,
        ticketId: details.generateTickets ? rsvpId : null,
        event: { id: details.id, title: details.title, date: details.date, location: details.location, customUrl: details.customUrl },
      };
    },

    /** POST /rsvps/{id}/hold: the unpaid registration a payment link (e-mailed to its address) lets its holder pay. */
    async paymentHold(rsvpId: string, key: string): Promise<PaymentHoldReply> {
      const now = clock.now().toISOString();
      // Only reads: the payment itself goes through POST /create-payment-intent, which checks the hold in its own transaction.
      const rsvp = await findRsvp(store, rsvpId);
      const event = rsvp ? await store.get(EVENTS, rsvp.data.eventId) : null;
      if (!rsvp || !event || !linkKeyMatches(rsvp.data.linkKeys?.pay, key)) throw linkInvalid();
      if (rsvp.data.paymentStatus === 'paid') throw new RuleError('ALREADY_PAID', RSVP_MESSAGES.alreadyPaid, 'conflict');
      if (rsvp.data.status !== 'pending_payment' || !isRunningHold(rsvp.data, now)) throw new RuleError('LINK_EXPIRED', RSVP_MESSAGES.paymentLinkExpired, 'gone');
      const { name, email, ticketType, amountDue, holdExpiresAt } = rsvp.data;
      return { success: true, hold: { rsvpId, name, email, ticketType, amount: amountDue, holdExpiresAt: holdExpiresAt!, event: linkEventView(event) } };
    },

    /**
     * POST /rsvps/{id}/manage (issue 25 item 4): the ticket the 'Can't come?' link in its e-mail opens,
     * and whether it can be cancelled now. A wrong or missing key learns nothing of the ticket.
     */
    async manageView(rsvpId: string, key: string): Promise<ManageTicketReply> {
      const rsvp = await findRsvp(store, rsvpId);
      const event = rsvp ? await store.get(EVENTS, rsvp.data.eventId) : null;
      const keys = await store.get(MANAGE_LINK_KEYS, rsvpId);
      if (!rsvp || !event || !linkKeyMatches(keys?.data.hashes, key)) throw linkInvalid();
      const now = clock.now();
      const details = toEventDetails(event);
      const decision = decideSelfCancel(rsvp.data, details, now);
      const transfer = decideTransfer(rsvp.data, details, now);
      const { name, ticketType, status, checkedIn, paymentStatus, amountPaid } = rsvp.data;
      return {
        success: true,
        ticket: { id: rsvp.id, name, ticketType, status, checkedIn, paid: paymentStatus === 'paid', amountPaid },
        event: linkEventView(event),
        cannotCancel: decision.outcome === 'cancel' ? null : decision.message,
        refund: refundTerms(rsvp.data, details, now),
        cannotTransfer: transfer.outcome === 'transfer' ? null : transfer.message,
      };
    },

    /**
     * POST /rsvps/{id}/cancel (issue 25 item 4): the attendee cancels with the key of their link. Decided
     * and written in one transaction with the seat given back, the refund the ticket's rule makes due
     * queued (outbox/refund-jobs.ts) and the confirmation e-mail queued, so a double click or a second
     * tab finds the ticket cancelled and is refused: one seat, one refund, one e-mail.
     */
    async cancelByAttendee(rsvpId: string, key: string): Promise<SelfCancelReply> {
      const now = clock.now();
      const outcome = await store.runTransaction(async (tx) => {
        const found = await readRsvpWithSeat(tx, rsvpId);
        const { rsvp, event } = found;
        const keys = await tx.get(MANAGE_LINK_KEYS, rsvpId);
        if (!rsvp || !event || !linkKeyMatches(keys?.data.hashes, key)) throw linkInvalid();
        const decision = decideSelfCancel(rsvp.data, toEventDetails(event), now);
        if (decision.outcome === 'refused') throw new RuleError(decision.code, decision.message, 'conflict');
        const refundDue = decision.refund?.refundDue === true;
        const mailchimpQueued = cancelByAttendee(tx, found, now, refundDue);
        queueMail(tx, { kind: 'ticketCancelled', rsvpId, to: rsvp.data.email }, now);
        recordAudit(tx, { actor: ATTENDEE, action: 'rsvp.cancelled', target: rsvpTarget(rsvpId, rsvp.data) }, now);
        return { mailchimpQueued, paid: decision.refund !== null, refundDue };
      });
      onMailQueued?.();
      onSeatsFreed?.();
      if (outcome.mailchimpQueued) onMailchimpQueued?.();
      if (outcome.refundDue) onRefundQueued?.();
      const message = !outcome.paid
        ? SELF_SERVICE_MESSAGES.selfCancelled
        : outcome.refundDue
          ? SELF_SERVICE_MESSAGES.selfCancelledRefund
          : SELF_SERVICE_MESSAGES.selfCancelledNoRefund;
      return { success: true, message };
    },

    /**
     * POST /rsvps/{id}/transfer (issue 25 item 5): the holder gives the ticket to someone else with the
     * key of their link. One transaction decides on the ticket (decideTransfer), checks the new holder's
     * address against the event's per-e-mail limit like a registration, writes the new ticket and the
     * old one's end (repository transferTicket), and queues the new holder's ticket e-mail and the old
     * holder's notice: a second click finds the ticket given on and is refused. The reply never carries
     * the new ticket's id: only the new holder's inbox does.
     */
    async transferByAttendee(rsvpId: string, input: TransferTicketRequest): Promise<TransferTicketReply> {
      const now = clock.now();
      const mailchimpQueued = await store.runTransaction(async (tx) => {
        const { rsvp, event } = await readRsvpWithEvent(tx, rsvpId);
        const keys = await tx.get(MANAGE_LINK_KEYS, rsvpId);
        if (!rsvp || !event || !linkKeyMatches(keys?.data.hashes, input.key)) throw linkInvalid();
        const details = toEventDetails(event);
        const decision = decideTransfer(rsvp.data, details, now);
        if (decision.outcome === 'refused') throw new RuleError(decision.code, decision.message, 'conflict');
        if (mailboxOf(input.email) === mailboxOf(rsvp.data.email)) {
          throw new RuleError('SAME_HOLDER', SELF_SERVICE_MESSAGES.transferToSameAddress, 'conflict', 'email');
        }
        const active = await readActiveRegistrations(tx, event, input.email, now.toISOString());
        if (findSamePerson(active, input.name)) throw new RuleError('ALREADY_REGISTERED', SELF_SERVICE_MESSAGES.newHolderRegistered, 'conflict', 'email');
        assertUnderEmailLimit(details, active.length);
        const given = transferTicket(tx, rsvp, event, input, active, now);
        queueMail(tx, { kind: confirmationMailKind(details), rsvpId: given.id, to: input.email.toLowerCase() }, now);
        queueMail(tx, { kind: 'ticketTransferred', rsvpId, to: rsvp.data.email }, now);
        const changes = [{ field: 'holder', before: `${rsvp.data.name} <${rsvp.data.email}>`, after: `${input.name} <${input.email.toLowerCase()}>` }, { field: 'ticket', before: rsvpId, after: given.id }];
        recordAudit(tx, { actor: ATTENDEE, action: 'rsvp.transferred', target: rsvpTarget(rsvpId, rsvp.data), changes }, now);
        recordAudit(tx, { actor: ATTENDEE, action: 'rsvp.transferred', target: rsvpTarget(given.id, { eventId: rsvp.data.eventId, name: input.name }), changes }, now);
        return given.mailchimpQueued;
      });
      onMailQueued?.();
      if (mailchimpQueued) onMailchimpQueued?.();
      return { success: true, message: SELF_SERVICE_MESSAGES.transferred };
    },

    /**
     * POST /rsvps/{id}/manage-link (issue 25 item 4): the ticket page's 'Can't come?' without a key asks
     * for a fresh link, sent to the ticket's own address only. Always the same reply: it tells nothing
     * of whether the ticket exists. At most one such e-mail an hour per ticket (repeatResentAt's interval).
     */
    async sendManageLink(rsvpId: string): Promise<{ success: true; message: string }> {
      const now = clock.now();
      const queued = await store.runTransaction(async (tx) => {
        const rsvp = await tx.get(RSVPS_COLLECTION, rsvpId);
        if (!rsvp || rsvp.data.status !== 'confirmed') return false;
        const last = rsvp.data.manageLinkSentAt;
        if (last && now.getTime() - Date.parse(last) < REPEAT_RESEND_INTERVAL_MS) return false;
        tx.update(RSVPS_COLLECTION, rsvp.id, { manageLinkSentAt: now.toISOString() });
        queueMail(tx, { kind: 'manageLink', rsvpId, to: rsvp.data.email }, now);
        return true;
      });
      if (queued) onMailQueued?.();
      return { success: true, message: SELF_SERVICE_MESSAGES.manageLinkSent };
    },

    /** The RSVPs holding a seat; with includeCancelled also the cancelled and refunded ones (never lapsed holds). */
    async listForEvent(eventId: string, options: { includeCancelled?: boolean } = {}): Promise<RsvpRecord[]> {
      return (await listRsvpsOfEvent(store, eventId))
        .map(toRsvpView)
        .filter((rsvp) => holdsSeat(rsvp) || (options.includeCancelled === true && rsvp.status === 'cancelled'));
    },

    /** The export of an event's RSVPs (by id or custom URL) and the file name to save it under. */
    async exportCsv(eventIdOrSlug: string): Promise<{ fileName: string; csv: string }> {
      const eventId = await resolveEventId(store, eventIdOrSlug);
      const doc = eventId === null ? null : await store.get(EVENTS, eventId);
      if (!doc) throw new EventNotFoundError();
      const event = toEventDetails(doc);
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
        // A ticket given on passed its payment to the new ticket, which counts it (issue 25 item 5).
        if (!rsvp.transferredTo) entry.amountTaken += rsvp.amountPaid - rsvp.amountRefunded;
      }
      return stats;
    },

    /**
     * POST /events/{id}/cancel (issue 26 item 3, admins): the event is marked cancelled (no more
     * registrations, off the public list), then each ticket and hold is cancelled in a transaction of
     * its own (an event may have more than one transaction can write) with its refund queued and its
     * holder's notice queued under the ticket's own key. Cancelling again finds the event cancelled and
     * every ticket too: nothing changes and nothing is sent; a run cut short is finished by the next.
     */
    async cancelEvent(eventId: string, actor?: AuditActor): Promise<CancelEventReply> {
      const now = clock.now();
      const alreadyCancelled = await store.runTransaction(async (tx) => {
        const doc = await tx.get(EVENTS, eventId);
        if (!doc) throw new EventNotFoundError();
        if (doc.data.cancelledAt) return true;
        tx.update(EVENTS, eventId, { cancelledAt: now.toISOString(), updatedAt: now.toISOString() });
        if (actor) recordAudit(tx, { actor, action: 'event.cancelled', target: eventTarget(eventId, doc.data.title) }, now);
        return false;
      });
      const counts = { tickets: 0, refunds: 0, notices: 0 };
      const openIntents: string[] = [];
      let mailchimpQueued = false;
      for (const listed of await listRsvpsOfEvent(store, eventId)) {
        if (!holdsSeat(listed.data)) continue;
        const done = await store.runTransaction(async (tx) => {
          const found = await readRsvpWithSeat(tx, listed.id);
          const holder = found.rsvp && holdsSeat(found.rsvp.data) && found.rsvp.data.status === 'confirmed' ? found.rsvp.data : null;
          const notice = holder ? await queueNoticeOnce(tx, noticeMailId('eventCancelled', listed.id), { kind: 'eventCancelled', rsvpId: listed.id, to: holder.email }, now) : null;
          const cancelled = cancelForCancelledEvent(tx, found, now);
          if (!cancelled) return null;
          if (actor) recordAudit(tx, { actor, action: 'rsvp.cancelled', target: rsvpTarget(listed.id, found.rsvp!.data), reason: 'Event cancelled' }, now);
          const money: NoticeMoney = cancelled.refundCents > 0 ? { outcome: 'refundPending', amountCents: cancelled.refundCents } : { outcome: 'none', amountCents: 0 };
          return { ...cancelled, told: notice?.(money) ?? false };
        });
        if (!done) continue;
        counts.tickets += 1;
        if (done.refundCents > 0) counts.refunds += 1;
        if (done.told) counts.notices += 1;
        if (done.openIntent) openIntents.push(done.openIntent);
        mailchimpQueued ||= done.mailchimpQueued;
      }
      if (counts.notices) onMailQueued?.();
      if (counts.refunds) onRefundQueued?.();
      if (mailchimpQueued) onMailchimpQueued?.();
      for (const intentId of openIntents) {
        try {
          await intents.cancelIntent(intentId);
        } catch (error) {
          // Its RSVP is cancelled: a payment that slips through anyway is refunded by the webhook.
          logger.error(`Cancelling payment intent ${intentId} of cancelled event ${eventId} failed`, error);
        }
      }
      const nothing = alreadyCancelled && counts.tickets === 0;
      return { success: true, message: nothing ? EVENT_CANCEL_MESSAGES.alreadyCancelled : eventCancelledSummary(counts), alreadyCancelled, ...counts };
    },

    /**
     * Admin cancel: frees the seat. Money is never returned silently: a paid RSVP says so.
     * An unpaid hold's payment intent is cancelled with the provider once the RSVP is, so
     * it can no longer be paid; a payment that slips through anyway is refunded by the webhook.
     */
    async cancel(rsvpId: string, audit?: { actor: AuditActor; reason: string | null }): Promise<{ message: string }> {
      const now = clock.now();
      const cancelled = await store.runTransaction(async (tx) => {
        const found = await readRsvpWithSeat(tx, rsvpId);
        // Issue 26 item 3: a ticket holder is told, in this transaction, once (the notice has its own key);
        // a hold still waiting for payment or confirmation had no ticket to tell of.
        const holder = found.rsvp?.data.status === 'confirmed' ? found.rsvp.data : null;
        const notice = holder
          ? await queueNoticeOnce(tx, noticeMailId('cancelled', rsvpId), { kind: 'ticketCancelledByAdmin', rsvpId, to: holder.email, notice: moneyOfAdminCancel(holder) }, now)
          : null;
        const done = cancelRsvp(tx, found, now);
        if (audit) recordAudit(tx, { ...audit, action: 'rsvp.cancelled', target: rsvpTarget(rsvpId, done.data) }, now);
        return { ...done, noticeQueued: notice?.() ?? false };
      });
      if (cancelled.noticeQueued) onMailQueued?.();
      onSeatsFreed?.();
      if (cancelled.mailchimpQueued) onMailchimpQueued?.();
      const { paymentStatus, amountPaid, paymentIntentId, status } = cancelled.data;
      if (paymentStatus === 'paid') {
        return { message: `RSVP cancelled. The payment of ${formatCents(amountPaid)} was not refunded automatically; refund it in the payment dashboard if due.` };
      }
      if (status === 'pending_payment' && paymentIntentId) {
        try {
          await intents.cancelIntent(paymentIntentId);
        } catch (error) {
          logger.error(`Cancelling payment intent ${paymentIntentId} of RSVP ${rsvpId} failed`, error);
          return { message: RSVP_MESSAGES.cancelledIntentOpen };
        }
      }
      return { message: RSVP_MESSAGES.cancelled };
    },
  };
}
export type RsvpService = ReturnType<typeof createRsvpService>;

/** What an admin's cancel (no refund) does to the money, as the attendee's notice says it (issue 26 item 3). */
export function moneyOfAdminCancel(rsvp: Pick<RsvpRecord, 'paymentStatus' | 'amountPaid'> & { amountRefunded?: number }): NoticeMoney {
  const kept = rsvp.amountPaid - (rsvp.amountRefunded ?? 0);
  return rsvp.paymentStatus === 'paid' && kept > 0 ? { outcome: 'noRefund', amountCents: kept } : { outcome: 'none', amountCents: 0 };
}
