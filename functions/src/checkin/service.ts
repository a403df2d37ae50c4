import type { CheckInReply, CheckInRequest, CheckedInAttendee, DoorListReply } from '../shared/checkin-model.js';
import { CHECKIN_MESSAGES } from '../shared/checkin-model.js';
import { RSVP_MESSAGES, type TicketView } from '../shared/rsvps-model.js';
import { EventNotFoundError, findEvent, toEventDetails } from '../events/repository.js';
import {
  checkIn,
  findRsvp,
  listRsvpsOfEvent,
  readRsvpWithEvent,
  toRsvpView,
  undoCheckIn,
  type EventDocument,
  type RsvpDocument,
} from '../rsvps/repository.js';
import { holdsSeat } from '../rsvps/rules.js';
import type { Clock } from '../clock.js';
import type { DocumentStore, Transaction } from '../store/port.js';
import { RuleError } from '../rule-error.js';
import { ticketCalendarFile, calendarSequenceOf, type TicketCalendarFile } from '../calendar/ticket-calendar.js';
import { decideCheckIn, decideUndo, type Decision } from './rules.js';
import { recordAudit } from '../audit/repository.js';
import { rsvpTarget } from '../audit/actors.js';
import type { AuditActor } from '../shared/audit-model.js';
import { cancelledTicket, toCheckedInAttendee, doorListEntryOf, doorListEventOf, toTicketView } from './ticket-view.js';

function orRefuse<T>(decision: Decision<T>): T {
  if (!decision.ok) throw new RuleError(decision.code, decision.message, decision.kind, decision.field);
  return decision.value;
}

export function createCheckInService({ store, clock }: { store: DocumentStore; clock: Clock }) {
  /** Reads the ticket and its event, decides, and writes the transition: one transaction. */
  function transition(
    ticketId: string,
    step: (found: { rsvp: RsvpDocument | null; event: EventDocument | null }, tx: Transaction) => TicketView,
  ): Promise<TicketView> {
    return store.runTransaction(async (tx) => step(await readRsvpWithEvent(tx, ticketId), tx));
  }

  /** A ticket exists only for a confirmed RSVP, or one cancelled after it had a ticket; else TICKET_NOT_FOUND. */
  async function findTicket(ticketId: string) {
    const rsvp = await findRsvp(store, ticketId);
    const cancelled = rsvp && cancelledTicket(rsvp.data);
    if (!rsvp || (rsvp.data.status !== 'confirmed' && !cancelled)) throw new RuleError('TICKET_NOT_FOUND', RSVP_MESSAGES.ticketNotFound, 'not-found');
    const event = await findEvent(store, rsvp.data.eventId);
    if (!event) throw new RuleError('TICKET_NOT_FOUND', RSVP_MESSAGES.ticketNotFound, 'not-found');
    return { rsvp, event, cancelled };
  }

  return {
    /**
     * The public ticket page. A ticket exists only for a confirmed RSVP: never before its payment
     * succeeded. One cancelled or refunded since shows as such, with when (issue 24 item 8).
     */
    async ticket(ticketId: string): Promise<TicketView> {
      const { rsvp, event, cancelled } = await findTicket(ticketId);
      return toTicketView(toRsvpView(rsvp), toEventDetails(event), cancelled ?? undefined);
    },

    /**
     * The ticket's .ics (issue 25 item 2), found by the ticket page's rule: as the event is now,
     * with its current SEQUENCE, STATUS:CANCELLED once the ticket was cancelled.
     */
    async calendar(ticketId: string, ticketUrl: string): Promise<TicketCalendarFile> {
      const { rsvp, event, cancelled } = await findTicket(ticketId);
      return ticketCalendarFile({
        ticketId: rsvp.id,
        ticketUrl,
        event: event.data,
        sequence: calendarSequenceOf(event.data),
        cancelled: Boolean(cancelled),
        now: clock.now(),
      });
    },

    /** 'Checked-In Attendees' of an event, in the order they arrived. */
    async checkinsForEvent(eventId: string): Promise<CheckedInAttendee[]> {
      const rsvps = (await listRsvpsOfEvent(store, eventId)).map(toRsvpView);
      return rsvps
        .filter((rsvp) => holdsSeat(rsvp) && rsvp.checkedIn)
        .sort((a, b) => String(a.checkedInAt).localeCompare(String(b.checkedInAt)))
        .map(toCheckedInAttendee);
    },

    /**
     * Admits a ticket once (DESIGN §4): the RSVP and its event are read, judged and written
     * in one transaction, so of any number of simultaneous scans exactly one succeeds and
     * the others are refused with nothing recorded; an event archived or deactivated
     * meanwhile is judged as it is at commit. `by` is the signed-in user's e-mail.
     */
    async checkIn(ticketId: string, request: CheckInRequest, by: string, actor?: AuditActor): Promise<CheckInReply> {
      const ticket = await transition(ticketId, ({ rsvp, event }, tx) => {
        const now = clock.now();
        const stamp = orRefuse(decideCheckIn(rsvp && toRsvpView(rsvp), event && toEventDetails(event), { ...request, by, now }));
        // Admitted, so both were found.
        const scan = { door: request.door || null, scannedAt: request.checkedInAt ? stamp.checkedInAt : null, syncedAt: stamp.checkInRecordedAt };
        if (actor) recordAudit(tx, { actor, action: 'checkin.checkedIn', target: rsvpTarget(rsvp!.id, rsvp!.data), checkIn: scan }, now);
        return toTicketView(toRsvpView(checkIn(tx, rsvp!, stamp)), toEventDetails(event!));
      });
      return { success: true, message: CHECKIN_MESSAGES.checkedIn, ticket };
    },

    /** An admin undoes a check-in; who and when are recorded, and the ticket can be admitted again. */
    async undo(ticketId: string, by: string, audit?: { actor: AuditActor; reason: string | null }): Promise<CheckInReply> {
      const ticket = await transition(ticketId, ({ rsvp, event }, tx) => {
        const undo = orRefuse(decideUndo(rsvp && event ? toRsvpView(rsvp) : null, { by, now: clock.now() }));
        // Decided, so both were found.
        if (audit) recordAudit(tx, { ...audit, action: 'checkin.undone', target: rsvpTarget(rsvp!.id, rsvp!.data) }, new Date(undo.checkInUndoneAt));
        return toTicketView(toRsvpView(undoCheckIn(tx, rsvp!, undo)), toEventDetails(event!));
      });
      return { success: true, message: CHECKIN_MESSAGES.undone, ticket };
    },

    /**
     * What a door keeps for admitting without a network: every RSVP of the event but
     * released holds (a cancelled one stays, so the door can say so).
     */
    async doorList(eventId: string): Promise<DoorListReply> {
      const event = await findEvent(store, eventId);
      if (!event) throw new EventNotFoundError();
      const generatedAt = clock.now().toISOString();
      const rsvps = (await listRsvpsOfEvent(store, event.id)).map(toRsvpView);
      return {
        success: true,
        event: doorListEventOf(toEventDetails(event)),
        generatedAt,
        attendees: rsvps.filter((rsvp) => rsvp.status !== 'released').map(doorListEntryOf),
      };
    },
  };
}
export type CheckInService = ReturnType<typeof createCheckInService>;
