import { collection, type Transaction } from '../store/port.js';
import { newId } from '../ids.js';

/*
 * Mailchimp sync jobs, the outbox way (DESIGN §4): a job is written in the same transaction
 * as the RSVP change it announces (registered, paid, cancelled), so a crash between the
 * commit and the sync loses nothing; mailchimp/worker.ts syncs the RSVP as it then stands.
 * Beside the mail outbox, so rsvps/ can queue it without depending on mailchimp/.
 */

export type MailchimpJobStatus = 'pending' | 'syncing' | 'synced' | 'failed' | 'skipped';
/** What happened to the RSVP: it was registered (free), paid, or cancelled. */
export type MailchimpChange = 'registered' | 'paid' | 'cancelled';

export type MailchimpJob = {
  rsvpId: string;
  eventId: string;
  /** The event's audience when the change happened: the one the person registered towards. */
  audienceId: string;
  change: MailchimpChange;
  status: MailchimpJobStatus;
  /** Sync attempts started (a claim counts as one). */
  attempts: number;
  nextAttemptAt: string;
  createdAt: string;
  lastError: string | null;
  syncedAt: string | null;
  /** Set while a worker holds the job ('syncing'); once passed, another may take it over. */
  leaseUntil: string | null;
  leaseId: string | null;
  finishedAt: string | null;
};

export const MAILCHIMP_JOBS = collection<MailchimpJob>('mailchimpJobs');

/**
 * Queues the sync of an RSVP's change when its event has a Mailchimp audience; returns the
 * job's id, or null when the event has none (nothing to sync).
 */
export function queueMailchimpSync(
  tx: Transaction,
  target: { eventId: string; audienceId: string | undefined },
  rsvpId: string,
  change: MailchimpChange,
  now: Date,
): string | null {
  const audienceId = target.audienceId?.trim();
  if (!audienceId) return null;
  const id = newId();
  tx.create(MAILCHIMP_JOBS, id, {
    rsvpId,
    eventId: target.eventId,
    audienceId,
    change,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now.toISOString(),
    createdAt: now.toISOString(),
    lastError: null,
    syncedAt: null,
    leaseUntil: null,
    leaseId: null,
    finishedAt: null,
  });
  return id;
}
