import type { Clock } from '../clock.js';
import { findEvent } from '../events/repository.js';
import { newId } from '../ids.js';
import { MAILCHIMP_JOBS, type MailchimpJob } from '../outbox/mailchimp-jobs.js';
import { findRsvp } from '../rsvps/repository.js';
import type { DocumentStore } from '../store/port.js';
import { AudienceError, type AudiencesPort } from './port.js';
import { memberOf } from './rules.js';

/*
 * The Mailchimp job worker (the outbox way, like mail/delivery.ts): claims due jobs with a
 * lease in a transaction, syncs the RSVP as it stands now, records the outcome, and retries
 * with back-off. A worker that crashes holding a job loses nothing: its lease lapses.
 */

/** After this many attempts a job is marked 'failed'. */
export const MAILCHIMP_MAX_ATTEMPTS = 8;
/** How long a claimed job belongs to its worker. */
export const MAILCHIMP_LEASE_MS = 2 * 60 * 1000;
const MINUTE = 60 * 1000;

/** Back-off after the n-th failed attempt: 1 min, 2, 4, ... capped at 1 h. */
export function mailchimpRetryDelayMs(attempts: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), 60 * MINUTE);
}

export interface MailchimpJobCounts {
  synced: number;
  retried: number;
  failed: number;
  skipped: number;
}

type Claim = { id: string; job: MailchimpJob; leaseId: string };
type Outcome = { status: 'synced' } | { status: 'skipped' | 'failed'; reason: string } | { status: 'retry'; reason: string };

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000) || 'Unknown error';
}

export function createMailchimpWorker({ store, audiences, clock, logger }: { store: DocumentStore; audiences: AudiencesPort; clock: Clock; logger: Pick<Console, 'error'> }) {
  async function claim(id: string): Promise<Claim | 'failed' | null> {
    return store.runTransaction(async (tx) => {
      const doc = await tx.get(MAILCHIMP_JOBS, id);
      if (!doc) return null;
      const job = doc.data;
      const now = clock.now();
      const nowIso = now.toISOString();
      const due = job.status === 'pending' && job.nextAttemptAt <= nowIso;
      const abandoned = job.status === 'syncing' && typeof job.leaseUntil === 'string' && job.leaseUntil <= nowIso;
      if (!due && !abandoned) return null;
      if (job.attempts >= MAILCHIMP_MAX_ATTEMPTS) {
        tx.update(MAILCHIMP_JOBS, id, { status: 'failed', lastError: job.lastError ?? 'The sync was interrupted too many times', leaseUntil: null, leaseId: null, finishedAt: nowIso });
        return 'failed' as const;
      }
      const leaseId = newId();
      const claimed = { ...job, status: 'syncing' as const, attempts: job.attempts + 1, leaseUntil: new Date(now.getTime() + MAILCHIMP_LEASE_MS).toISOString(), leaseId };
      tx.update(MAILCHIMP_JOBS, id, { status: claimed.status, attempts: claimed.attempts, leaseUntil: claimed.leaseUntil, leaseId });
      return { id, job: claimed, leaseId };
    });
  }

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
  async function finish(claimed: Claim, outcome: Outcome): Promise<keyof MailchimpJobCounts> {
    const nowMs = clock.now().getTime();
    const nowIso = new Date(nowMs).toISOString();
    let fields: Partial<MailchimpJob>;
    let counted: keyof MailchimpJobCounts;
    if (outcome.status === 'synced') [fields, counted] = [{ status: 'synced', syncedAt: nowIso, lastError: null, finishedAt: nowIso }, 'synced'];
    else if (outcome.status !== 'retry') [fields, counted] = [{ status: outcome.status, lastError: outcome.reason, finishedAt: nowIso }, outcome.status];
    else if (claimed.job.attempts >= MAILCHIMP_MAX_ATTEMPTS) [fields, counted] = [{ status: 'failed', lastError: outcome.reason, finishedAt: nowIso }, 'failed'];
    else
      [fields, counted] = [
        { status: 'pending', lastError: outcome.reason, nextAttemptAt: new Date(nowMs + mailchimpRetryDelayMs(claimed.job.attempts)).toISOString() },
        'retried',
      ];
    await store.runTransaction(async (tx) => {
      const doc = await tx.get(MAILCHIMP_JOBS, claimed.id);
      if (!doc || doc.data.status !== 'syncing' || doc.data.leaseId !== claimed.leaseId) return;
      tx.update(MAILCHIMP_JOBS, claimed.id, { ...fields, leaseUntil: null, leaseId: null });
    });
    return counted;
  }

  /** Syncs what is due; safe from several processes at once (every job is claimed first). */
  async function syncDue(limit = 50): Promise<MailchimpJobCounts> {
    const counts: MailchimpJobCounts = { synced: 0, retried: 0, failed: 0, skipped: 0 };
    const now = clock.now().toISOString();
    const [abandoned, due] = await Promise.all([
      store.query(MAILCHIMP_JOBS, { where: [['status', '==', 'syncing'], ['leaseUntil', '<=', now]], orderBy: [['leaseUntil', 'asc']], limit }),
      store.query(MAILCHIMP_JOBS, { where: [['status', '==', 'pending'], ['nextAttemptAt', '<=', now]], orderBy: [['nextAttemptAt', 'asc']], limit }),
    ]);
    for (const candidate of [...abandoned, ...due].slice(0, limit)) {
      try {
        const claimed = await claim(candidate.id);
        if (claimed === 'failed') counts.failed++;
        else if (claimed) counts[await finish(claimed, await sync(claimed.job))]++;
      } catch (error) {
        // The store failed around this job; its lease (if taken) lapses and a later run retries it.
        logger.error(`Mailchimp job ${candidate.id} could not be processed`, error);
      }
    }
    return counts;
  }

  // kick(): at most one run in flight per process; kicks during a run ask for exactly one more.
  let running: Promise<void> | null = null;
  let again = false;
  function kick(): void {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await syncDue();
        } catch (error) {
          logger.error('Mailchimp sync failed', error);
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
  }

  return {
    syncDue,
    kick,
    /** Resolves when the current kick() run (if any) has finished; for tests and shutdown. */
    whenIdle: (): Promise<void> => running ?? Promise.resolve(),
  };
}
export type MailchimpWorker = ReturnType<typeof createMailchimpWorker>;
