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
  | EventUpdatedKind
  | NoticeKind
  | OrderMailKind
  /** Issue 28 item 1: a person joined an event's waitlist (the job names the entry, not an RSVP). */
  | 'waitlistJoined'
  /** Issue 28 item 2: seats are held for a waitlist entry until a time (a system e-mail: no visitor asked for it). */
  | 'waitlistOffer'
  /** Issue 29: a person signed up for a volunteer shift (the job names the sign-up). */
  | 'volunteerConfirmation'
  /** Issue 29 item 3: an admin cancelled a volunteer's sign-up (the 'Volunteer shift cancelled' template). */
  | 'volunteerCancelled'
  /** Issue 29 item 3: an admin's plain-text message to everyone on a shift (one job per person). */
  | 'volunteerMessage'
  /** Issue 29: before a volunteer's shift (queued by the volunteer reminder sweep; a system e-mail). */
  | 'volunteerReminder';
/**
 * Issue 26 item 2: one confirmation e-mail per order with every ticket (each its QR code) and, for a
 * paid order, the receipt. Queued under the order's own key (orderMailId) with the change that
 * confirms the order, so a repeated webhook or a concurrent confirmation finds it and queues nothing.
 */
export type OrderMailKind = 'orderConfirmation';

/** The key of an order's one confirmation e-mail. */
export function orderMailId(orderId: string): string {
  return `order-confirmation-${orderId}`;
}
/**
 * Issue 26 item 3: an attendee is told their ticket was cancelled by an admin, refunded, or their
 * event cancelled. Each is queued in the transaction that made the change, under a key of its own
 * (see noticeMailId), so a retried or duplicated trigger finds it there and queues nothing more.
 */
export type NoticeKind = 'ticketCancelledByAdmin' | 'refundIssued' | 'eventCancelled';
/** What happens to the attendee's money, decided with the change and carried by the notice's job. */
export type NoticeMoney = { outcome: 'none' | 'noRefund' | 'refundPending' | 'refunded'; amountCents: number };

/**
 * The key of a notice's mail job: one per ticket and cause. Every refund of a ticket (an admin's,
 * or one confirmed by the provider's webhook) shares one key, so a ticket is never told twice
 * that its money came back.
 */
export function noticeMailId(cause: 'cancelled' | 'refund' | 'eventCancelled', rsvpId: string): string {
  return `notice-${cause}-${rsvpId}`;
}
/** The 'Event updated' e-mail to a ticket holder (issue 25 item 2), queued by the calendar fan-out. */
export type EventUpdatedKind = 'eventUpdated';
/** What of an event changed that its calendar entries carry. */
/** 'end': the end moved alone (issue 26 item 4): calendars hold the end, so they are told too. */
export type EventChange = 'date' | 'location' | 'end';

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
  /** eventUpdated (issue 26 item 3): the event's date and place before the change, for 'old → new'. */
  eventPrevious?: EventPrevious;
  /** A notice (issue 26 item 3): what happens to the money. */
  notice?: NoticeMoney;
  /** orderConfirmation (issue 26 item 2): the order whose tickets it carries (rsvpId is its first ticket). */
  orderId?: string;
  /** waitlistJoined, waitlistOffer (issue 28): the waitlist entry the message is about. */
  waitlistEntryId?: string;
  /** volunteerConfirmation (issue 29): the volunteer sign-up the message is about. */
  volunteerSignupId?: string;
  /** volunteerMessage (issue 29 item 3): the admin's message (volunteers/repository.ts VOLUNTEER_MESSAGES_SENT). */
  volunteerMessageId?: string;
};

/** The date (ISO) and place of an event before it moved. */
/** `endDate` is absent on jobs queued before events had an end: their end is not compared. */
export type EventPrevious = { date: string; location: string; endDate?: string | null };

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
  eventPrevious?: EventPrevious;
  notice?: NoticeMoney;
  orderId?: string;
  waitlistEntryId?: string;
  /** volunteerConfirmation (issue 29): the volunteer sign-up the message is about. */
  volunteerSignupId?: string;
  volunteerMessageId?: string;
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
    ...(job.eventPrevious ? { eventPrevious: job.eventPrevious } : {}),
    ...(job.notice ? { notice: job.notice } : {}),
    ...(job.orderId ? { orderId: job.orderId } : {}),
    ...(job.waitlistEntryId ? { waitlistEntryId: job.waitlistEntryId } : {}),
    ...(job.volunteerSignupId ? { volunteerSignupId: job.volunteerSignupId } : {}),
    ...(job.volunteerMessageId ? { volunteerMessageId: job.volunteerMessageId } : {}),
  };
  tx.create(MAIL_JOBS, id, record);
  return id;
}

/**
 * Queues a notice (issue 26 item 3) under its own key unless it is already there: a retried or
 * duplicated trigger finds it and queues nothing more. It reads, so it is called before the
 * transaction's writes (Firestore's rule); the function it answers writes the job, with the money
 * decided by the change when it is not known yet, and answers whether it queued one.
 */
export async function queueNoticeOnce(tx: Transaction, id: string, job: QueuedMail & { kind: NoticeKind }, now: Date): Promise<(money?: NoticeMoney) => boolean> {
  const existing = await tx.get(MAIL_JOBS, id);
  return (money) => {
    if (existing) return false;
    queueMail(tx, { trigger: 'staff', ...job, ...(money ? { notice: money } : {}) }, now, id);
    return true;
  };
}

/**
 * Queues an order's one confirmation e-mail (issue 26 item 2) unless it is already there. Like
 * queueNoticeOnce it reads first (Firestore's reads-before-writes) and answers the function that writes.
 */
export async function queueOrderMailOnce(
  tx: Transaction,
  order: { id: string; email: string; leadRsvpId: string | null },
  now: Date,
): Promise<() => boolean> {
  const id = orderMailId(order.id);
  const existing = await tx.get(MAIL_JOBS, id);
  return () => {
    if (existing) return false;
    queueMail(tx, { kind: 'orderConfirmation', rsvpId: order.leadRsvpId, orderId: order.id, to: order.email }, now, id);
    return true;
  };
}
