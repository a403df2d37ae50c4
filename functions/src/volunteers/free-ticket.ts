import { ATTENDEE, rsvpTarget } from '../audit/actors.js';
import { recordAudit } from '../audit/repository.js';
import { toEventDetails } from '../events/repository.js';
import { newId } from '../ids.js';
import { queueMailchimpSync } from '../outbox/mailchimp-jobs.js';
import { queueMail } from '../outbox/outbox.js';
import { RuleError } from '../rule-error.js';
import {
  REGISTRATION_KEYS,
  RSVPS,
  cancelRsvp,
  readActiveRegistrations,
  readRsvpWithSeat,
  registrationKeyId,
  type EventDocument,
  type RsvpDocument,
  type RsvpWithSeat,
  type StoredRsvp,
} from '../rsvps/repository.js';
import { confirmationMailKind, holdsSeat, newRsvp, resolveTicketType } from '../rsvps/rules.js';
import { findTypeSeats, takeTypeSeats, type TypeSeatClaim } from '../seats/quotas.js';
import { findFreeSeat, takeSeat, type SeatClaim } from '../seats/repository.js';
import { VOLUNTEER_MESSAGES } from '../shared/volunteers-model.js';
import type { AuditActor } from '../shared/audit-model.js';
import type { StoredDocument, Transaction } from '../store/port.js';
import { VOLUNTEER_PEOPLE, volunteerPersonId, type StoredVolunteerSignup, type VolunteerPerson } from './repository.js';

/*
 * 'Volunteers get a free ticket to the event' (issue 29 item 4). A sign-up for a shift of such a
 * role also registers the person for the role's event: one free, confirmed RSVP of the event's
 * default ticket type, its seat taken through seats/ in the very transaction that takes the
 * shift's place, so neither the event nor the shift is ever oversold and a refusal stores nothing.
 *
 * One RSVP per person: a mailbox that already holds a registration for the event keeps it (no
 * second seat). When that registration is the ticket an earlier sign-up of the same person made,
 * the new sign-up shares it (both name it in `ticketRsvpId`), so the ticket lives as long as one
 * of them does; a registration the person made themselves is never named, so cancelling a shift
 * never cancels a ticket the sign-up did not make.
 */

export function volunteerEventFull() {
  return new RuleError('VOLUNTEER_EVENT_FULL', VOLUNTEER_MESSAGES.eventFull, 'conflict');
}

/** What the reads found: a seat to take (with its type's), or the person's ticket to share, or their own registration to keep. */
export type VolunteerTicketPlan =
  | { kind: 'new'; event: EventDocument; seat: SeatClaim; typeSeat: TypeSeatClaim; ticketType: string; active: RsvpDocument[] }
  | { kind: 'shared'; rsvpId: string }
  | { kind: 'kept' };

/**
 * Reads only (call it among the transaction's reads): what the sign-up of `person` (their
 * volunteer document, read in this transaction) does to the event's tickets. Throws
 * VOLUNTEER_EVENT_FULL when a new ticket is due and the event (or its default type's quota) has no seat.
 */
export async function planVolunteerTicket(
  tx: Transaction,
  event: EventDocument,
  input: { name: string; email: string },
  held: VolunteerPerson['shifts'],
  now: Date,
): Promise<VolunteerTicketPlan> {
  const active = await readActiveRegistrations(tx, event, input.email, now.toISOString());
  if (active.length > 0) {
    const ours = new Set(held.map((entry) => entry.ticketRsvpId).filter((id): id is string => Boolean(id)));
    const shared = active.find((rsvp) => ours.has(rsvp.id));
    return shared ? { kind: 'shared', rsvpId: shared.id } : { kind: 'kept' };
  }
  const details = toEventDetails(event);
  const ticketType = resolveTicketType(details, '');
  const seat = await findFreeSeat(tx, event, 'any');
  if (!seat) throw volunteerEventFull();
  const typeSeat = await findTypeSeats(tx, event, [ticketType]);
  if ('soldOut' in typeSeat) throw volunteerEventFull();
  return { kind: 'new', event, seat, typeSeat, ticketType, active };
}

/**
 * Writes what the plan says (after every read of the transaction): a new free ticket with its seat,
 * the address's registration key, its ticket e-mail and Mailchimp sync. Answers the RSVP the sign-up
 * names (null: the person's own registration, kept) and whether a Mailchimp job was queued.
 */
export function takeVolunteerTicket(
  tx: Transaction,
  plan: VolunteerTicketPlan,
  input: { name: string; email: string },
  now: Date,
): { ticketRsvpId: string | null; mailchimpQueued: boolean } {
  if (plan.kind === 'kept') return { ticketRsvpId: null, mailchimpQueued: false };
  if (plan.kind === 'shared') return { ticketRsvpId: plan.rsvpId, mailchimpQueued: false };
  const event = toEventDetails(plan.event);
  const person = { name: input.name, email: input.email, address: '', city: '', state: '', zipCode: '', ticketType: plan.ticketType, additionalInfo: '', keepInformed: false };
  const rsvpId = newId();
  const [typeSeatShard] = takeTypeSeats(tx, plan.typeSeat);
  // Free and confirmed whatever the event asks of others (payment, 'Confirm by e-mail'): the volunteer's thank-you.
  const rsvp: StoredRsvp = {
    ...newRsvp({ id: event.id, confirmByEmail: false }, person, plan.ticketType, 0, now),
    status: 'confirmed',
    paymentStatus: 'free',
    holdExpiresAt: null,
    keepInformed: false,
    seatShard: takeSeat(tx, plan.seat),
    ...(typeSeatShard !== null ? { typeSeatShard } : {}),
  };
  tx.create(RSVPS, rsvpId, rsvp);
  if (plan.event.data.perEmailKeys) {
    tx.set(REGISTRATION_KEYS, registrationKeyId(event.id, rsvp.email), { eventId: event.id, rsvpIds: [...plan.active.map((doc) => doc.id), rsvpId] });
  }
  queueMail(tx, { kind: confirmationMailKind(event), rsvpId, to: rsvp.email }, now);
  recordAudit(tx, { actor: ATTENDEE, action: 'rsvp.registered', target: rsvpTarget(rsvpId, rsvp) }, now);
  const mailchimpQueued = queueMailchimpSync(tx, { eventId: event.id, audienceId: event.mailchimpAudienceId }, rsvpId, 'registered', now) !== null;
  return { ticketRsvpId: rsvpId, mailchimpQueued };
}

/** What releasing a sign-up's ticket did: seats freed (start the waitlist's offers) and mail queued (start delivery). */
export interface VolunteerTicketRelease {
  released: boolean;
  mailchimpQueued: boolean;
}

/**
 * Cancelling (or moving off) a sign-up: the ticket it made is cancelled, its seat given back and the
 * holder told ('ticketCancelled', with the .ics that removes it from their calendar), unless another
 * active sign-up of the same person shares it. Reads, then writes: call it after the caller's own
 * reads and before its first write (the transaction rule). Safe to call for any sign-up: one that
 * made no ticket, or whose ticket is already cancelled, changes nothing. For the admins' cancel too.
 */
export async function releaseVolunteerTicket(
  tx: Transaction,
  signup: StoredDocument<StoredVolunteerSignup>,
  now: Date,
  /** Who the audit log names: the volunteer (their sign-up page), or the admin who cancelled the sign-up. */
  actor: AuditActor = ATTENDEE,
): Promise<VolunteerTicketRelease> {
  const none = { released: false, mailchimpQueued: false };
  const rsvpId = signup.data.ticketRsvpId;
  if (!rsvpId) return none;
  const person = await tx.get(VOLUNTEER_PEOPLE, volunteerPersonId(signup.data.email));
  const sharedWith = (person?.data.shifts ?? []).some((entry) => entry.signupId !== signup.id && entry.ticketRsvpId === rsvpId);
  if (sharedWith) return none;
  const found: RsvpWithSeat = await readRsvpWithSeat(tx, rsvpId);
  if (!found.rsvp || !holdsSeat(found.rsvp.data)) return none;
  const cancelled = cancelRsvp(tx, found, now);
  queueMail(tx, { kind: 'ticketCancelled', rsvpId, to: found.rsvp.data.email }, now);
  recordAudit(tx, { actor, action: 'rsvp.cancelled', target: rsvpTarget(rsvpId, found.rsvp.data) }, now);
  return { released: true, mailchimpQueued: cancelled.mailchimpQueued };
}
