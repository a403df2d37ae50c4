// The pages a link in an attendee's e-mail opens (issue 23): /confirm/{rsvpId}#key=... confirms a
// 'Confirm by e-mail' registration, /pay/{rsvpId}#key=... pays an unpaid one. The secret rides in
// the fragment, which browsers never send to a server nor put in a Referer; the page reads it once,
// takes it out of the address bar and sends it in the body of its one call.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
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

/**
 * The link's secret from the address's fragment ('#key=...'); '' when there is none. Read by
 * hand, not with URLSearchParams, which would turn a '+' of the secret into a space.
 */
export function linkKeyFromHash(hash: string): string {
  const match = /(?:^|&)key=([^&]*)/.exec(hash.replace(/^#/, ''));
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]).trim();
  } catch {
    return '';
  }
}

/**
 * The link's secret, read once when the page opens. The fragment then leaves the address bar
 * (a replaced history entry), so the secret is not kept in the browser's history nor shown to
 * whoever looks at the screen; the page keeps it in memory for its call (and a retry).
 */
export function useLinkKey(): string {
  const location = useLocation();
  const navigate = useNavigate();
  const [key] = useState(() => linkKeyFromHash(location.hash));
  const hasHash = location.hash !== '';
  useEffect(() => {
    if (hasHash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state });
  }, [hasHash, navigate, location.pathname, location.search, location.state]);
  return key;
}

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
