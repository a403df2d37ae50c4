import { collection, type Transaction } from '../store/port.js';
import { newId } from '../ids.js';

/*
 * The transactional outbox (DESIGN §4): a mail job is written in the same
 * transaction as the change that causes it (an RSVP, a payment, a contact
 * message); mail/delivery.ts sends it. Its own folder, so the capabilities that
 * queue mail need not depend on mail/, which reads their documents.
 */

/**
 * ticket and rsvpConfirmation go to an attendee; confirmRegistration and paymentLink carry a
 * link to finish a held registration (its key is minted when the mail is composed, never
 * stored here); manageLink carries a fresh 'Can't come?' link asked for on the ticket page and
 * ticketCancelled confirms an attendee's own cancel (issue 25); contact and contactReceipt come from the contact form.
 */
export type MailKind = 'ticket' | 'rsvpConfirmation' | 'confirmRegistration' | 'paymentLink' | 'contact' | 'contactReceipt' | 'manageLink' | 'ticketCancelled';

export type MailJobStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

/** What a contact-form job carries: the visitor's message (contact jobs have no RSVP). */
export interface ContactPayload {
  [field: string]: unknown;
  name: string;
  email: string;
  message: string;
  receivedAt: string;
}

/** A message to send, written in the same transaction as the change that causes it (DESIGN §4). */
export type MailJob = {
  kind: MailKind;
  /** The RSVP the message is about; null for contact-form messages. */
  rsvpId: string | null;
  to: string;
  status: MailJobStatus;
  /** Delivery attempts started (a claim counts as one). */
  attempts: number;
  nextAttemptAt: string;
  createdAt: string;
  lastError: string | null;
  sentAt: string | null;
  /** Set while a sender holds the job ('sending'); once passed, another sender may take it over. */
  leaseUntil?: string | null;
  /** Random token of the claim that holds the lease. */
  leaseId?: string | null;
  /** When the job reached 'failed' or 'skipped'. */
  finishedAt?: string | null;
  payload?: ContactPayload;
  /** 'staff' when a staff member asked for it (a resend): not counted toward the per-recipient limit. */
  trigger?: 'public' | 'staff';
};

export const MAIL_JOBS = collection<MailJob>('mailJobs');

export interface QueuedMail {
  kind: MailKind;
  rsvpId?: string | null;
  to: string;
  payload?: ContactPayload;
  /** Who caused the message; default 'public' (a visitor's registration, payment or message). */
  trigger?: 'public' | 'staff';
}

export function queueMail(tx: Transaction, job: QueuedMail, now: Date): string {
  const id = newId();
  const record: MailJob = {
    kind: job.kind,
    rsvpId: job.rsvpId ?? null,
    to: job.to,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now.toISOString(),
    createdAt: now.toISOString(),
    lastError: null,
    sentAt: null,
    ...(job.payload ? { payload: job.payload } : {}),
    ...(job.trigger === 'staff' ? { trigger: 'staff' as const } : {}),
  };
  tx.create(MAIL_JOBS, id, record);
  return id;
}
