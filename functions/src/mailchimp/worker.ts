import type { Clock } from '../clock.js';
import { findEvent } from '../events/repository.js';
import { coalescingRunner, errorText, leasedJobs, type Claim } from '../outbox/leased-jobs.js';
import { MAILCHIMP_JOBS, type MailchimpJob } from '../outbox/mailchimp-jobs.js';
import { findRsvp } from '../rsvps/repository.js';
import type { DocumentStore } from '../store/port.js';
import { AudienceError, type AudiencesPort } from './port.js';
import { memberOf } from './rules.js';

/*
 * The Mailchimp job worker: claims due jobs with a lease (outbox/leased-jobs.ts, as the mail
 * outbox does), syncs the RSVP as it stands now, records the outcome, and retries with
 * back-off. A worker that crashes holding a job loses nothing: its lease lapses.
 */

export interface MailchimpJobCounts {
  synced: number;
  retried: number;
  failed: number;
  skipped: number;
}

type Outcome = { status: 'synced' } | { status: 'skipped' | 'failed'; reason: string } | { status: 'retry'; reason: string };

export function createMailchimpWorker({ store, audiences, clock, logger }: { store: DocumentStore; audiences: AudiencesPort; clock: Clock; logger: Pick<Console, 'error'> }) {
  const queue = leasedJobs({ store, clock, jobs: MAILCHIMP_JOBS, working: 'syncing', interrupted: 'The sync was interrupted too many times' });

  /** Syncs the RSVP as it stands: a confirmed or cancelled one is upserted; anything else has nothing to sync. */
  async function sync(job: MailchimpJob): Promise<Outcome> {
    const [rsvp, event] = await Promise.all([findRsvp(store, job.rsvpId), findEvent(store, job.eventId)]);
    if (!rsvp || !event) return { status: 'skipped', reason: 'The RSVP or its event no longer exists' };
    if (rsvp.data.status !== 'confirmed' && rsvp.data.status !== 'cancelled') return { status: 'skipped', reason: `The RSVP is ${rsvp.data.status}, not confirmed` };
    try {
      const [outcome] = await audiences.upsertMembers(job.audienceId, [memberOf(event.data, rsvp.data)]);
      if (!outcome) return { status: 'retry', reason: 'Mailchimp gave no answer for the member' };
      return outcome.ok ? { status: 'synced' } : { status: 'failed', reason: outcome.reason };
    } catch (error) {
      if (error instanceof AudienceError && !error.retry) {
        return { status: error.code === 'MAILCHIMP_NOT_CONFIGURED' ? 'skipped' : 'failed', reason: error.message };
      }
      return { status: 'retry', reason: errorText(error) };
    }
  }

  /** Records the outcome while this worker still holds the job. */
  async function finish(claimed: Claim<MailchimpJob>, outcome: Outcome): Promise<keyof MailchimpJobCounts> {
    if (outcome.status === 'retry') return queue.retryOrFail(claimed, outcome.reason);
    const nowIso = clock.now().toISOString();
    if (outcome.status === 'synced') await queue.finish(claimed, { status: 'synced', syncedAt: nowIso, lastError: null, finishedAt: nowIso });
    else await queue.finish(claimed, { status: outcome.status, lastError: outcome.reason, finishedAt: nowIso });
    return outcome.status;
  }

  /** Syncs what is due; safe from several processes at once (every job is claimed first). */
  async function syncDue(limit = 50): Promise<MailchimpJobCounts> {
    const counts: MailchimpJobCounts = { synced: 0, retried: 0, failed: 0, skipped: 0 };
    for (const id of await queue.candidates(limit)) {
      try {
        const claimed = await queue.claim(id);
        if (claimed === 'failed' || claimed === 'skipped') counts[claimed]++;
        else if (claimed) counts[await finish(claimed, await sync(claimed.job))]++;
      } catch (error) {
        // The store failed around this job; its lease (if taken) lapses and a later run retries it.
        logger.error(`Mailchimp job ${id} could not be processed`, error);
      }
    }
    return counts;
  }

  return { syncDue, ...coalescingRunner(syncDue, (error) => logger.error('Mailchimp sync failed', error)) };
}
export type MailchimpWorker = ReturnType<typeof createMailchimpWorker>;
