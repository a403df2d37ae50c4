import type { RsvpStatus } from './rsvps-model.js';

/*
 * Issue 25: the attendee's own 'Can't come?' page (cancel, ask for a link). Kept apart from
 * RSVP_MESSAGES, which the public pages load at first paint: only this lazy page and the server need these.
 */

export const SELF_SERVICE_MESSAGES = {
  selfCancelled: 'Your ticket is cancelled and your seat has been given back. A confirmation is on its way to your inbox.',
  alreadyCancelled: 'This ticket is already cancelled.',
  cancelAfterStart: 'This event has already started, so the ticket can no longer be cancelled.',
  cancelCheckedIn: 'This ticket has already been checked in, so it can no longer be cancelled.',
  cancelNotConfirmed: 'Only a confirmed ticket can be cancelled.',
  paidCancelByOrganiser: 'This is a paid ticket: please write to the organisers to cancel it and arrange any refund.',
  manageLinkSent: 'If this ticket exists, a link to cancel it has been e-mailed to the address it was registered with.',
} as const;

/** POST /rsvps/{id}/manage reply (issue 25): the ticket a manage link opens, and whether it can be cancelled now. */
export interface ManageTicketReply {
  success: true;
  ticket: { id: string; name: string; ticketType: string; status: RsvpStatus; checkedIn: boolean; paid: boolean; amountPaid: number };
  event: { id: string; title: string; date: string; location: string; customUrl: string };
  /** Null when the ticket can be cancelled now; else why not, in the attendee's words. */
  cannotCancel: string | null;
}

/** POST /rsvps/{id}/cancel reply. */
export interface SelfCancelReply {
  success: true;
  message: string;
}

