// The pages a link in an attendee's e-mail opens (issue 23): /confirm/{rsvpId}#key=... confirms a
// 'Confirm by e-mail' registration, /pay/{rsvpId}#key=... pays an unpaid one. The secret rides in
// the fragment, which browsers never send to a server nor put in a Referer; the page reads it once,
// takes it out of the address bar and sends it in the body of its one call.
import type { ErrorCode } from '@shared/error-codes.js';
import { MESSAGES } from '@shared/messages.js';
import { RSVP_MESSAGES, type ConfirmRegistrationReply, type LinkKeyRequest, type PaymentHoldReply } from '@shared/rsvps-model.js';
import { ApiError, type ApiClient } from '../api/client.js';

// The calls live here, not in api/client.ts, which every page loads (its bundle budget).
type Client = Pick<ApiClient, 'request'>;

/**
 * POST /rsvps/{id}/confirm: the link of a 'Confirm by e-mail' registration. The link's secret
 * goes in the body, never in the address (addresses are logged and kept).
 */
export function confirmRegistration(client: Client, rsvpId: string, key: string, signal?: AbortSignal): Promise<ConfirmRegistrationReply> {
  const body: LinkKeyRequest = { key };
  return client.request<ConfirmRegistrationReply>(`/rsvps/${encodeURIComponent(rsvpId)}/confirm`, { method: 'POST', body, signal });
}

/** POST /rsvps/{id}/hold: the unpaid registration a payment link lets its holder pay; the secret in the body, as above. */
export function getPaymentHold(client: Client, rsvpId: string, key: string, signal?: AbortSignal): Promise<PaymentHoldReply['hold']> {
  const body: LinkKeyRequest = { key };
  return client.request<PaymentHoldReply>(`/rsvps/${encodeURIComponent(rsvpId)}/hold`, { method: 'POST', body, signal }).then((reply) => reply.hold);
}

// The secret's reading is shared with the other pages an e-mailed link opens (receipt, waitlist).
export { linkKeyFromHash, useLinkKey } from '../links/linkKey.js';

/** What a failed link call shows, and whether asking again could help (a network failure, a server fault). */
export interface LinkFailure {
  message: string;
  code: ErrorCode | 'NETWORK' | null;
  canRetry: boolean;
}

/**
 * A failed link call as the page shows it: the server's own words (the link is not valid, has
 * expired, is already paid, the event is full), the network message when no reply came.
 * `expired` is the page's wording for LINK_EXPIRED should the server send none.
 */
export function linkFailure(error: unknown, expired: string): LinkFailure {
  if (!(error instanceof ApiError)) return { message: MESSAGES.internal, code: null, canRetry: true };
  if (error.isNetworkError) return { message: RSVP_MESSAGES.networkError, code: 'NETWORK', canRetry: true };
  const fallback: Partial<Record<ErrorCode | 'NETWORK', string>> = {
    LINK_INVALID: RSVP_MESSAGES.linkInvalid,
    LINK_EXPIRED: expired,
    ALREADY_PAID: RSVP_MESSAGES.alreadyPaid,
  };
  const canRetry = error.status >= 500 || error.status === 429;
  return { message: error.serverMessage ?? fallback[error.code] ?? (canRetry ? MESSAGES.internal : RSVP_MESSAGES.linkInvalid), code: error.code, canRetry };
}
