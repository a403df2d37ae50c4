import { DateTime } from 'luxon';
import { recordAudit } from '../audit/repository.js';
import { ATTENDEE, PAYMENT_PROVIDER, SYSTEM, rsvpTarget } from '../audit/actors.js';
import { readEventDocument } from '../events/repository.js';
import { isOfflineGateway } from '../payments/offline.js';
import type { PaymentGateway } from '../payments/port.js';
import { cancelAndRefund, cancelByAttendee, findRsvp, markPaid, readRsvp, readRsvpWithSeat, register } from '../rsvps/repository.js';
import { OFFLINE_TEST_CARDS } from '../shared/payments-model.js';
import { rsvpInputSchema } from '../shared/rsvps.js';
import type { DocumentStore } from '../store/port.js';

/**
 * A seeded event's past (issue 30: the overview draws real lines on `npm start`): this many
 * registrations spread over the `overDays` days before now, more of them as the day nears; of
 * them, `selfCancelled` cancelled by their attendee and, on a paid event, `refunded` refunded.
 */
export interface SeedHistory {
  registrations: number;
  overDays: number;
  selfCancelled?: number;
  refunded?: number;
}

const FIRST = ['Ada', 'Ben', 'Cora', 'Dev', 'Elena', 'Farid', 'Grace', 'Hugo', 'Iris', 'Jonah', 'Kiri', 'Luis', 'Maya', 'Nate', 'Olive', 'Priya', 'Quinn', 'Rosa', 'Sam', 'Tess'];
const LAST = ['Abbey', 'Baker', 'Castro', 'Dunn', 'Ellis', 'Flores', 'Gray', 'Hale', 'Ito', 'Jensen', 'Khan', 'Lopez', 'Moss', 'Nguyen', 'Ortiz'];

/** The i-th demo person: letters only (names are names, issue 23), a distinct address per event. */
function person(i: number) {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
  return { name: `${first} ${last}`, email: `${first}.${last}.demo@example.org`.toLowerCase() };
}

/**
 * When the i-th of `count` registrations was made: spread over the `overDays` days before `now`, a
 * quarter of them in the first half (sales pick up as the day nears), in the daytime, never in the future.
 */
export function registrationTime(i: number, count: number, overDays: number, now: Date, timeZone: string): Date {
  const share = Math.sqrt((i + 0.5) / count);
  const day = DateTime.fromJSDate(now).setZone(timeZone).startOf('day').minus({ days: Math.round(overDays * (1 - share)) });
  const at = day.set({ hour: 8 + ((i * 7) % 13), minute: (i * 17) % 60 }).toJSDate();
  return at.getTime() < now.getTime() ? at : new Date(now.getTime() - (count - i) * 60_000);
}

/**
 * Writes one event's history through the RSVP repository's own transitions, as registrations, payments
 * and cancels would have written it on their days: seats taken from the event's shards, each step's audit
 * entry, no e-mail (the demo people have no mailbox). A paid event's tickets are paid through the offline
 * test gateway (its intents exist, so an admin may refund them); with another gateway they are left out.
 */
export async function seedRegistrationHistory(
  deps: { store: DocumentStore; timeZone: string; payments?: PaymentGateway },
  event: { id: string; ticketTypes: string[]; requiresPayment: boolean },
  history: SeedHistory,
  now: Date,
): Promise<number> {
  const { store } = deps;
  const gateway = deps.payments && isOfflineGateway(deps.payments) ? deps.payments : null;
  if (event.requiresPayment && !gateway) return 0;
  const written: { id: string; at: Date; paid: boolean }[] = [];
  for (let i = 0; i < history.registrations; i++) {
    const at = registrationTime(i, history.registrations, history.overDays, now, deps.timeZone);
    const input = rsvpInputSchema.parse({ ...person(i), ticketType: event.ticketTypes[i % event.ticketTypes.length] });
    const id = await store.runTransaction(async (tx) => {
      const eventDoc = await readEventDocument(tx, event.id);
      const made = await register(tx, eventDoc, input, at);
      if (made.outcome !== 'created') return null;
      if (made.rsvp.status === 'confirmed') recordAudit(tx, { actor: ATTENDEE, action: 'rsvp.registered', target: rsvpTarget(made.rsvpId, made.rsvp) }, at);
      return made.rsvpId;
    });
    if (!id) continue;
    let paid = false;
    if (event.requiresPayment && gateway) {
      const paidAt = new Date(at.getTime() + 4 * 60_000);
      const rsvp = await findRsvp(store, id);
      const amount = rsvp!.data.amountDue;
      const intent = await gateway.createIntent({ amount, currency: 'usd', metadata: { rsvpId: id, eventId: event.id }, idempotencyKey: `seed-${id}` });
      await gateway.confirmCard(intent.id, { clientSecret: intent.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' });
      await store.runTransaction(async (tx) => {
        const current = await readRsvp(tx, id);
        const eventDoc = await readEventDocument(tx, event.id);
        if (!current) return;
        markPaid(tx, current, eventDoc, null, { intentId: intent.id, amountPaid: amount, card: { brand: 'visa', last4: OFFLINE_TEST_CARDS.succeeds.slice(-4) } }, paidAt);
        recordAudit(tx, { actor: PAYMENT_PROVIDER, action: 'rsvp.paid', target: rsvpTarget(id, current.data) }, paidAt);
      });
      paid = true;
    }
    written.push({ id, at, paid });
  }

  // Cancels two days after the registration (before now), spread over the history: every k-th ticket.
  const later = (at: Date) => new Date(Math.min(at.getTime() + 2 * 86_400_000, now.getTime() - 60_000));
  const step = (count: number) => Math.max(1, Math.floor(written.length / (count + 1)));
  const selfCancelled = history.selfCancelled ?? 0;
  const refunded = gateway ? (history.refunded ?? 0) : 0;
  const cancelled = new Set<string>();
  for (let n = 1; n <= selfCancelled && n * step(selfCancelled) < written.length; n++) {
    const ticket = written[n * step(selfCancelled)]!;
    const at = later(ticket.at);
    await store.runTransaction(async (tx) => {
      const found = await readRsvpWithSeat(tx, ticket.id);
      if (!found.rsvp) return;
      cancelByAttendee(tx, found, at, false);
      recordAudit(tx, { actor: ATTENDEE, action: 'rsvp.cancelled', target: rsvpTarget(ticket.id, found.rsvp.data) }, at);
    });
    cancelled.add(ticket.id);
  }
  const refundable = written.filter((ticket) => ticket.paid && !cancelled.has(ticket.id));
  for (let n = 0; n < refunded && n < refundable.length; n++) {
    const ticket = refundable[Math.floor(((n + 0.5) * refundable.length) / refunded)]!;
    const at = later(ticket.at);
    const intentId = (await findRsvp(store, ticket.id))?.data.paymentIntentId;
    if (!intentId) continue;
    await gateway!.refund(intentId, `seed-refund-${ticket.id}`);
    await store.runTransaction(async (tx) => {
      const found = await readRsvpWithSeat(tx, ticket.id);
      if (!found.rsvp) return;
      cancelAndRefund(tx, found.rsvp, found.event, found.seat, at.toISOString());
      recordAudit(tx, { actor: SYSTEM, action: 'rsvp.refunded', target: rsvpTarget(ticket.id, found.rsvp.data), reason: 'Demo history' }, at);
    });
  }
  return written.length;
}
