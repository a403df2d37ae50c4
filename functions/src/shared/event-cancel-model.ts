/**
 * Cancelling an event (issue 26 item 3): the wording of the Events tab and the server, and the
 * reply. Apart from events-model.ts, so the public pages (which share that module's chunk) never
 * carry the dashboard's wording.
 */
import { EVENT_CANCELLED_TEXT } from './events-model.js';

/** Wording of an event's cancel (issue 26 item 3), on the server and in the Events tab. */
export const EVENT_CANCEL_MESSAGES = {
  cancelled: EVENT_CANCELLED_TEXT,
  alreadyCancelled: 'This event was already cancelled: nothing more was changed or sent.',
  confirmTitle: 'Cancel this event?',
  confirmBody:
    'Every ticket and held seat of this event will be cancelled, paid tickets refunded in full to the card they were paid with, and every attendee told by e-mail. The event page will say it is cancelled and it leaves the public list. This cannot be undone.',
  confirmAction: 'Cancel event',
  keep: 'Keep event',
  failed: 'The event could not be cancelled',
  badge: 'Cancelled',
} as const;

/** The Events tab's answer after a cancel: what was done. */
export function eventCancelledSummary(counts: { tickets: number; refunds: number; notices: number }): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `Event cancelled: ${plural(counts.tickets, 'ticket or hold', 'tickets and holds')} cancelled, ${plural(counts.refunds, 'refund', 'refunds')} queued, ${plural(counts.notices, 'attendee', 'attendees')} told.`;
}

/** POST /events/{id}/cancel reply (issue 26 item 3). */
export interface CancelEventReply {
  success: true;
  message: string;
  alreadyCancelled: boolean;
  tickets: number;
  refunds: number;
  notices: number;
}
