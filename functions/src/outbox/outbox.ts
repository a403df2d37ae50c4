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
 * ticketCancelled confirms an attendee's own cancel (issue 25 item 4) and ticketTransferred tells a
 * holder their ticket was given on (item 5); contact and contactReceipt
 * come from the contact form; reminder is queued by the reminder sweep (reminders/) before an event.
 */
export type MailKind =
  | 'ticket'
  | 'rsvpConfirmation'
  | 'confirmRegistration'
  | 'paymentLink'
  | 'contact'
  | 'contactReceipt'
  | 'reminder'
  | 'manageLink'
  | 'ticketCancelled'
  | 'ticketTransferred'
  | EventUpdatedKind;
/** The 'Event updated' e-mail to a ticket holder (issue 25 item 2), queued by the calendar fan-out. */
export type EventUpdatedKind = 'eventUpdated';
/** What of an event changed that its calendar entries carry. */
export type EventChange = 'date' | 'location';

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
  /** A reminder's offset (hours before the start), issue 25 item 3. */
  reminderOffsetHours?: number;
  /** eventUpdated: the event's calendar SEQUENCE it announces, and what changed. */
  calendarSequence?: number;
  eventChanges?: EventChange[];
};

export const MAIL_JOBS = collection<MailJob>('mailJobs');

export interface QueuedMail {
  kind: MailKind;
  rsvpId?: string | null;
  to: string;
  payload?: ContactPayload;
  /** Who caused the message; default 'public' (a visitor's registration, payment or message). */
  trigger?: 'public' | 'staff';
  reminderOffsetHours?: number;
  calendarSequence?: number;
  eventChanges?: EventChange[];
}

/** `id`: a job's own key when it must exist once per cause (the calendar fan-out's (ticket, sequence)). */
export function queueMail(tx: Transaction, job: QueuedMail, now: Date, id: string = newId()): string {
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
    ...(job.reminderOffsetHours !== undefined ? { reminderOffsetHours: job.reminderOffsetHours } : {}),
    ...(job.calendarSequence !== undefined ? { calendarSequence: job.calendarSequence, eventChanges: job.eventChanges ?? [] } : {}),
  };
  tx.create(MAIL_JOBS, id, record);
  return id;
}
