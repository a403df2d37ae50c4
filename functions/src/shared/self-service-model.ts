import type { RsvpStatus } from './rsvps-model.js';

/*
 * Issue 25: the attendee's own 'Can't come?' page (cancel, ask for a link). Kept apart from
 * RSVP_MESSAGES, which the public pages load at first paint: only this lazy page and the server need these.
 */

/** How many times one ticket may be given on (each transfer e-mails an address its holder typed). */
export const TRANSFER_LIMIT = 3;

/**
 * What a transferred ticket's page says (issue 25 item 5). Standalone so the ticket page imports these
 * few words, not SELF_SERVICE_MESSAGES (its bundle budget).
 */
export const TICKET_TRANSFERRED_TEXT = 'This ticket was given to someone else and is no longer valid.';

export const SELF_SERVICE_MESSAGES = {
  selfCancelled: 'Your ticket is cancelled and your seat has been given back. A confirmation is on its way to your inbox.',
  alreadyCancelled: 'This ticket is already cancelled.',
  cancelAfterStart: 'This event has already started, so the ticket can no longer be cancelled.',
  cancelCheckedIn: 'This ticket has already been checked in, so it can no longer be cancelled.',
  cancelNotConfirmed: 'Only a confirmed ticket can be cancelled.',
  paidCancelByOrganiser: 'This is a paid ticket: please write to the organisers to cancel it and arrange any refund.',
  manageLinkSent: 'If this ticket exists, a link to cancel it has been e-mailed to the address it was registered with.',
  // Paid tickets (issue 25 item 4): the event's refund rule, kept on the ticket when it was paid, decides.
  selfCancelledRefund: 'Your ticket is cancelled and your seat has been given back. Your refund is on its way to your card, and a confirmation to your inbox.',
  selfCancelledNoRefund:
    "Your ticket is cancelled and your seat has been given back. Under the event's refund rule no refund is due. A confirmation is on its way to your inbox.",
  // Transfer (issue 25 item 5).
  transferred: 'Done: the ticket now belongs to its new holder, and their own ticket is on its way to their inbox. Your old ticket and its QR code no longer work.',
  ticketTransferred: TICKET_TRANSFERRED_TEXT,
  transferCheckedIn: 'This ticket has already been checked in, so it can no longer be given to someone else.',
  transferAfterStart: 'This event has already started, so the ticket can no longer be given to someone else.',
  transferNotConfirmed: 'Only a confirmed ticket can be given to someone else.',
  transferToSameAddress: "This ticket is already registered to that address. Enter the new holder's own e-mail address.",
  transferLimit: `This ticket has already been passed on ${TRANSFER_LIMIT} times. Please write to the organisers.`,
  newHolderRegistered: 'That person already has a ticket for this event.',
} as const;

/**
 * A paid ticket's refund rule as the manage page shows it before the attendee confirms: the rule in
 * force when it was paid (the event's 'refund until N hours before the start'), applied to now.
 */
export interface RefundTerms {
  /** Cents paid, and refunded in full when refundDue. */
  amount: number;
  /** Until when a cancel is refunded in full (ISO); null: this ticket is never refunded on a cancel. */
  refundableUntil: string | null;
  /** Whether cancelling now refunds the amount. */
  refundDue: boolean;
}

/** POST /rsvps/{id}/manage reply (issue 25): the ticket a manage link opens, and whether it can be cancelled or given on now. */
export interface ManageTicketReply {
  success: true;
  ticket: { id: string; name: string; ticketType: string; status: RsvpStatus; checkedIn: boolean; paid: boolean; amountPaid: number };
  event: { id: string; title: string; date: string; location: string; customUrl: string };
  /** Null when the ticket can be cancelled now; else why not, in the attendee's words. */
  cannotCancel: string | null;
  /** A paid ticket's refund rule; null for a free ticket. */
  refund: RefundTerms | null;
  /** Null when the ticket can be given to someone else now; else why not. */
  cannotTransfer: string | null;
}

/** POST /rsvps/{id}/transfer body: the manage link's key and the new holder. */
export interface TransferTicketRequest {
  key: string;
  name: string;
  email: string;
}

/** POST /rsvps/{id}/transfer reply. The new ticket's id goes to the new holder's inbox only, never to this caller. */
export interface TransferTicketReply {
  success: true;
  message: string;
}

/** POST /rsvps/{id}/cancel reply. */
export interface SelfCancelReply {
  success: true;
  message: string;
}

