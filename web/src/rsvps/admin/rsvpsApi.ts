// The RSVPs tab's admin actions (resend, cancel, refund, CSV export) and the tab's pure helpers.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { CHECKIN_MESSAGES } from '@shared/checkin-model.js';
import { ORGANISATION_TIME_ZONE } from '@shared/constants.js';
import { MAIL_MESSAGES } from '@shared/mail-model.js';
import { RSVP_MESSAGES, SEAT_HOLDING_STATUSES, type PaymentStatus, type RefundReply, type RsvpRecord, type RsvpStatus } from '@shared/rsvps-model.js';
import type { StaffApiClient } from '../../api/staffClient.js';
import { queryKeys } from '../../api/query.js';
import { LIVE_REFRESH_MS } from '../../checkin/checkin.js';

type Api = Pick<StaffApiClient, 'request' | 'download'>;
const id = encodeURIComponent;

export const RSVP_ADMIN_TEXT = {
  resent: 'Ticket sent again',
  csvFailed: 'Failed to download the CSV',
  csvReady: 'CSV downloaded',
} as const;

export const rsvpCalls = {
  resend: (api: Api, rsvpId: string) =>
    api.request<{ message?: string }>(`/rsvps/${id(rsvpId)}/resend-ticket`, { method: 'POST' }, MAIL_MESSAGES.resendFailed),
  // The admin's optional reason goes into the audit log (issue 28 item 4).
  cancel: (api: Api, rsvpId: string, reason = '') =>
    api.request<{ message?: string }>(`/rsvps/${id(rsvpId)}`, { method: 'DELETE', body: { reason } }, RSVP_MESSAGES.cancelFailed),
  refund: (api: Api, rsvpId: string, reason = '') => api.request<RefundReply>(`/rsvps/${id(rsvpId)}/refund`, { method: 'POST', body: { reason } }, RSVP_MESSAGES.refundFailed),
  csv: (api: Api, eventId: string) => api.download(`/events/${id(eventId)}/rsvps.csv`, {}, RSVP_ADMIN_TEXT.csvFailed),
};

/**
 * The admins' list of an event's RSVPs: those holding a seat and the cancelled or refunded ones,
 * with their status (GET /events/{id}/rsvps?include=cancelled). Keyed under the event's RSVPs,
 * so whatever refreshes the door's list refreshes this one.
 */
export function allRsvpsQuery(api: Pick<StaffApiClient, 'request'>, eventId: string) {
  return queryOptions({
    queryKey: [...queryKeys.rsvps(eventId), 'with-cancelled'] as const,
    queryFn: ({ signal }) =>
      api
        .request<{ rsvps: RsvpRecord[] }>(`/events/${id(eventId)}/rsvps?include=cancelled`, { signal }, CHECKIN_MESSAGES.loadRsvpsFailed)
        .then((r) => r.rsvps ?? []),
    enabled: Boolean(eventId),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** After an RSVP changes: its event's lists, the event's seat count and the stats refetch. */
export function invalidateRsvps(queryClient: QueryClient, eventId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.rsvps(eventId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.doorList(eventId) }),
    queryClient.invalidateQueries({ queryKey: ['events'] }),
  ]);
}

/** Saves a Blob under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string, doc: Document = document) {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const STATUS_LABEL: Record<RsvpStatus, string> = {
  confirmed: 'Confirmed',
  pending_payment: 'Pending payment',
  // A 'Confirm by e-mail' registration whose link has not been opened yet (issue 23): it holds its seat until then.
  pending_confirmation: 'Awaiting e-mail confirmation',
  released: 'Released',
  cancelled: 'Cancelled',
};

export const PAYMENT_LABEL: Record<PaymentStatus, string> = {
  free: 'Free',
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
};

/**
 * The registration form's fields beyond name and e-mail, with the form's labels, as the RSVP
 * details show them (issue 24 item 2; the CSV has the same, RSVP_CSV_COLUMNS).
 */
export const RSVP_DETAIL_FIELDS = [
  ['address', 'Address'],
  ['city', 'City'],
  ['state', 'State'],
  ['zipCode', 'ZIP code'],
  ['additionalInfo', 'Additional information'],
] as const satisfies readonly (readonly [keyof RsvpRecord, string])[];

export interface RsvpFilter {
  status: RsvpStatus | 'all';
  payment: PaymentStatus | 'all';
}

/** The RSVPs a filter keeps (the payment status of a free registration is 'free'). */
export function filterRsvps(rsvps: readonly RsvpRecord[], filter: RsvpFilter): RsvpRecord[] {
  return rsvps.filter(
    (r) => (filter.status === 'all' || r.status === filter.status) && (filter.payment === 'all' || (r.paymentStatus ?? 'free') === filter.payment),
  );
}

/** The counts above the table: all, by status, checked in (of the RSVPs holding a seat), and the money kept (cents). */
export function rsvpCounts(rsvps: readonly RsvpRecord[]) {
  const by = (status: RsvpStatus) => rsvps.filter((r) => r.status === status).length;
  return {
    total: rsvps.length,
    confirmed: by('confirmed'),
    pendingPayment: by('pending_payment'),
    pendingConfirmation: by('pending_confirmation'),
    cancelled: by('cancelled'),
    // Only RSVPs holding a seat: a guest checked in and then cancelled is not at the event (issue 24 item 13).
    checkedIn: rsvps.filter((r) => r.checkedIn && isLive(r)).length,
    // A ticket given on passed its payment to the new holder's ticket, which counts it (issue 25 item 5).
    taken: rsvps.reduce((sum, r) => (r.transferredTo ? sum : sum + (r.amountPaid ?? 0) - (r.amountRefunded ?? 0)), 0),
  };
}

/** What a refund would give back (cents): what was paid less what was refunded. */
export function refundableCents(rsvp: Pick<RsvpRecord, 'paymentStatus' | 'amountPaid' | 'amountRefunded' | 'status'>): number {
  if (rsvp.paymentStatus !== 'paid' || rsvp.status === 'cancelled') return 0;
  return Math.max(0, (rsvp.amountPaid ?? 0) - (rsvp.amountRefunded ?? 0));
}

/**
 * What happened to an RSVP beyond its status (issue 25 item 6), as the table's status cell and the
 * details show it: who cancelled it and when ('Cancelled by the attendee on Nov 22, 2026, 10:03 PM
 * MST', 'Cancelled by an admin on …'), or whom its holder gave it to ('Given to Ada Lovelace on …',
 * which is also how that ticket ended); where it came from ('Received from Ada Lovelace'); and where
 * the refund of a paid ticket its attendee cancelled stands ('Refund pending' until the provider
 * confirmed it, then 'Refunded').
 */
export function selfServiceNotes(
  rsvp: Pick<RsvpRecord, 'status' | 'cancelledAt' | 'cancelledBy' | 'refundRequestedAt' | 'refundedAt' | 'paymentStatus' | 'transferredTo' | 'transferredFrom' | 'transferredAt'>,
): string[] {
  const notes: string[] = [];
  const on = (iso: string | null | undefined) => {
    const when = formatShortDateTime(iso);
    return when ? ` on ${when}` : '';
  };
  if (rsvp.transferredTo) notes.push(`Given to ${rsvp.transferredTo.name}${on(rsvp.transferredAt)}`);
  else if (rsvp.status === 'cancelled' && rsvp.cancelledBy) notes.push(`Cancelled by ${rsvp.cancelledBy === 'attendee' ? 'the attendee' : 'an admin'}${on(rsvp.cancelledAt)}`);
  if (rsvp.transferredFrom) notes.push(`Received from ${rsvp.transferredFrom.name}`);
  if (rsvp.refundRequestedAt) notes.push(rsvp.refundedAt || rsvp.paymentStatus === 'refunded' ? 'Refunded' : 'Refund pending');
  return notes;
}

/** Whether an RSVP still holds a seat (and so may be cancelled; a confirmed one may be sent its ticket). */
export function isLive(rsvp: Pick<RsvpRecord, 'status'>): boolean {
  return SEAT_HOLDING_STATUSES.includes(rsvp.status);
}

const shortDateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: ORGANISATION_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** 'Nov 22, 2026, 10:03 PM MST' on the organisation's clock: compact enough for a table cell; '' when unreadable. */
export function formatShortDateTime(iso: string | null | undefined): string {
  const date = new Date(iso ?? '');
  return iso && !Number.isNaN(date.getTime()) ? shortDateTime.format(date) : '';
}
