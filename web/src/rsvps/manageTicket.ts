// The 'Can't come?' page's words that depend on the ticket (issue 25 items 4 and 5): a paid
// ticket's refund terms, said before the attendee confirms, and what a transfer's failure shows.
// Pure, unit-tested; only the lazy manage page loads it.
import { isEmailAddress } from '@shared/fields-model.js';
import { formatCents } from '@shared/payments-model.js';
import { normalisePersonName, personNameProblem } from '@shared/person-name-model.js';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import type { RefundTerms, TransferTicketRequest } from '@shared/self-service-model.js';
import { ApiError } from '../api/client.js';
import { formatEventDateTime } from '../events/format.js';
import { linkFailure } from './emailLink.js';

export const CANCEL_QUESTION = {
  free: 'Cancel this ticket? Your seat goes to someone else and this cannot be undone.',
  tail: 'Your seat goes to someone else and this cannot be undone.',
} as const;

/**
 * A paid ticket's refund rule as the page states it before anything is done: 'Full refund of
 * $25.00 if you cancel before Saturday, December 5, 2026 at 7:30 PM MST', 'No refund: refunds for
 * this ticket ended …', or 'This ticket is not refundable'. Null for a free ticket.
 */
export function refundTermsText(refund: RefundTerms | null): string | null {
  if (!refund) return null;
  if (!refund.refundableUntil) return 'This ticket is not refundable';
  const until = formatEventDateTime(refund.refundableUntil);
  return refund.refundDue ? `Full refund of ${formatCents(refund.amount)} if you cancel before ${until}` : `No refund: refunds for this ticket ended ${until}`;
}

/** The confirm question, repeating what happens to the money (a paid ticket) before the seat goes. */
export function cancelQuestion(refund: RefundTerms | null): string {
  if (!refund) return CANCEL_QUESTION.free;
  const money = refund.refundDue ? `${formatCents(refund.amount)} will be refunded to your card.` : 'You will not get a refund.';
  return `Cancel this ticket? ${money} ${CANCEL_QUESTION.tail}`;
}

export type TransferField = 'name' | 'email';
export type TransferErrors = Partial<Record<TransferField, string>>;
const TRANSFER_FIELDS: readonly TransferField[] = ['name', 'email'];

/**
 * The new holder's name and e-mail checked as the server will (transferTicketSchema: the
 * registration's rules and words, with the zod-free helpers a public page may load); null when they pass.
 */
export function transferFieldErrors(body: Pick<TransferTicketRequest, 'name' | 'email'>): TransferErrors | null {
  const name = normalisePersonName(body.name);
  const email = body.email.trim();
  const errors: TransferErrors = {};
  if (!name) errors.name = RSVP_MESSAGES.nameAndEmailRequired;
  if (!email) errors.email = RSVP_MESSAGES.nameAndEmailRequired;
  if (name && email) {
    const nameProblem = personNameProblem(name);
    if (nameProblem) errors.name = nameProblem;
    if (!isEmailAddress(email)) errors.email = RSVP_MESSAGES.invalidEmail;
  }
  return Object.keys(errors).length ? errors : null;
}

/**
 * A refused transfer as the page shows it: the server's per-field errors (400 INVALID_INPUT, the
 * registration form's shape) under their fields; any other refusal (the ticket already given on,
 * checked in, the new holder already registered, the link not valid) as one alert.
 */
export function transferFailure(error: unknown): { fieldErrors: TransferErrors; alert: string | null } {
  const fieldErrors: TransferErrors = {};
  if (error instanceof ApiError) {
    for (const [key, text] of Object.entries(error.fieldErrors ?? {})) {
      if ((TRANSFER_FIELDS as readonly string[]).includes(key) && typeof text === 'string' && text) fieldErrors[key as TransferField] = text;
    }
  }
  if (Object.keys(fieldErrors).length) return { fieldErrors, alert: null };
  return { fieldErrors, alert: linkFailure(error, RSVP_MESSAGES.linkInvalid).message };
}
