import { collection, type Transaction } from '../store/port.js';

/*
 * Refunds an attendee's own cancel made due (issue 25 item 4), the outbox way (DESIGN §4): the job
 * is written in the transaction that cancels the ticket and frees its seat, so a crash or a provider
 * outage between that commit and the refund loses no money owed. payments/service.ts asks the
 * provider (one idempotency key per RSVP, so a retry or an admin's refund never pays twice); the
 * provider's webhook then marks the RSVP refunded. Keyed by RSVP: one job per ticket.
 */
export type RefundJob = {
  rsvpId: string;
  paymentIntentId: string;
  /** Cents. */
  amount: number;
  /** The payment paid other tickets too (an order, issue 26 item 4): only `amount` of it is refunded. Absent: all of it. */
  partial?: boolean;
  requestedAt: string;
  /** When the provider accepted the refund; null while it is still to be asked (the scheduled work retries). */
  acceptedAt: string | null;
  attempts: number;
  lastError: string | null;
};

export const REFUND_JOBS = collection<RefundJob>('refundJobs');

export function queueRefund(tx: Transaction, job: { rsvpId: string; paymentIntentId: string; amount: number; partial?: boolean }, now: Date) {
  tx.set(REFUND_JOBS, job.rsvpId, { ...job, requestedAt: now.toISOString(), acceptedAt: null, attempts: 0, lastError: null });
}
