import { createHash } from 'node:crypto';
import type { Clock } from '../clock.js';
import { newId } from '../ids.js';
import type { DocumentStore } from '../store/port.js';
import { MAIL_JOBS, type MailJob, type MailKind } from '../outbox/outbox.js';
import { collection } from '../store/port.js';
import type { MailMessage, MailSender } from './port.js';

/*
 * The outbox worker (DESIGN §4): claims due mail jobs, has them composed,
 * sends them and records the outcome, retrying with back-off. What a message
 * says is not its business: the composition root hands it `compose`.
 */

/** After this many attempts a job is marked 'failed'. */
export const MAX_ATTEMPTS = 8;
/** How long a claimed job belongs to its sender; after that another sender may take it over. */
export const LEASE_MS = 2 * 60 * 1000;
const MINUTE = 60 * 1000;

/**
 * E-mails a visitor's action may cause to one address in an hour (tickets,
 * confirmations, contact-form receipts): whoever types a stranger's address into
 * our forms cannot make us flood them. Staff resends and mail to the
 * organisation itself are not counted.
 */
export const PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR = 5;
const HOUR = 60 * MINUTE;
const PUBLIC_KINDS: readonly MailKind[] = ['ticket', 'rsvpConfirmation', 'contactReceipt'];
export const RECIPIENT_LIMIT_REASON = `Recipient limit: at most ${PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR} e-mails an hour from visitors' actions`;

/** Per recipient (hashed) and hour: how many visitor-caused e-mails were let through. */
export type RecipientCount = { windowStart: string; count: number; expiresAt: string };
export const MAIL_RECIPIENT_COUNTS = collection<RecipientCount>('mailRecipientCounts');

export function recipientKey(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 40);
}

function countsTowardRecipientLimit(job: MailJob): boolean {
  return job.attempts === 0 && job.trigger !== 'staff' && PUBLIC_KINDS.includes(job.kind);
}

/** Back-off after the n-th failed attempt: 1 min, 2, 4, ... capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), 60 * MINUTE);
}

export interface DeliveryCounts {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
}

/** A job's message, or why there is none to send (the job is then recorded as skipped). */
export type Composed = { message: MailMessage } | { skip: string };

export interface MailDeliveryDeps {
  store: DocumentStore;
  mailer: MailSender;
  clock: Clock;
  compose: (job: MailJob) => Promise<Composed>;
  logger: Pick<Console, 'error'>;
}

type Claim = { id: string; job: MailJob; leaseId: string };

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000) || 'Unknown error';
}

export function createMailDelivery({ store, mailer, clock, compose, logger }: MailDeliveryDeps) {
  /** Takes a due job (or one whose sender's lease ran out) in a transaction; null when someone else has it. */
  async function claim(id: string): Promise<Claim | 'failed' | 'skipped' | null> {
    return store.runTransaction(async (tx) => {
      const doc = await tx.get<MailJob>(MAIL_JOBS, id);
      if (!doc) return null;
      const job = doc.data;
      const now = clock.now();
      const nowIso = now.toISOString();
      const due = job.status === 'pending' && job.nextAttemptAt <= nowIso;
      const abandoned = job.status === 'sending' && typeof job.leaseUntil === 'string' && job.leaseUntil <= nowIso;
      if (!due && !abandoned) return null;
      if (countsTowardRecipientLimit(job)) {
        // Counted once, on a job's first claim; a retry of a counted job is not a new e-mail.
        const windowStart = Math.floor(now.getTime() / HOUR) * HOUR;
        const counterId = recipientKey(job.to);
        const counter = await tx.get(MAIL_RECIPIENT_COUNTS, counterId);
        const count = counter && Date.parse(counter.data.windowStart) === windowStart ? counter.data.count : 0;
        if (count >= PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR) {
          tx.update(MAIL_JOBS, id, { status: 'skipped', lastError: RECIPIENT_LIMIT_REASON, finishedAt: nowIso, leaseUntil: null, leaseId: null });
          return 'skipped' as const;
        }
        tx.set(MAIL_RECIPIENT_COUNTS, counterId, {
          windowStart: new Date(windowStart).toISOString(),
          count: count + 1,
          expiresAt: new Date(windowStart + 2 * HOUR).toISOString(),
        });
      }
      if (job.attempts >= MAX_ATTEMPTS) {
        tx.update(MAIL_JOBS, id, {
          status: 'failed',
          lastError: job.lastError ?? 'Delivery was interrupted too many times',
          leaseUntil: null,
          leaseId: null,
          finishedAt: nowIso,
        });
        return 'failed' as const;
      }
      const leaseId = newId();
      const claimed: MailJob = {
        ...job,
        status: 'sending',
        attempts: job.attempts + 1,
        leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
        leaseId,
      };
      tx.update(MAIL_JOBS, id, { status: claimed.status, attempts: claimed.attempts, leaseUntil: claimed.leaseUntil, leaseId });
      return { id, job: claimed, leaseId };
    });
  }

  /** Records the outcome; a failure or skip is only written while this sender still holds the job. */
  async function finish(claimed: Claim, fields: Partial<MailJob>, onlyIfHeld: boolean) {
    await store.runTransaction(async (tx) => {
      const doc = await tx.get<MailJob>(MAIL_JOBS, claimed.id);
      if (!doc) return;
      if (onlyIfHeld && (doc.data.status !== 'sending' || doc.data.leaseId !== claimed.leaseId)) return;
      tx.update(MAIL_JOBS, claimed.id, { ...fields, leaseUntil: null, leaseId: null });
    });
  }

  async function deliver(claimed: Claim): Promise<keyof DeliveryCounts> {
    try {
      const composed = await compose(claimed.job);
      if ('skip' in composed) {
        await finish(claimed, { status: 'skipped', lastError: composed.skip, finishedAt: clock.now().toISOString() }, true);
        return 'skipped';
      }
      await mailer.send({ ...composed.message, jobId: claimed.id });
    } catch (error) {
      const attempts = claimed.job.attempts;
      const nowMs = clock.now().getTime();
      if (attempts >= MAX_ATTEMPTS) {
        await finish(claimed, { status: 'failed', lastError: errorText(error), finishedAt: new Date(nowMs).toISOString() }, true);
        return 'failed';
      }
      await finish(
        claimed,
        { status: 'pending', lastError: errorText(error), nextAttemptAt: new Date(nowMs + retryDelayMs(attempts)).toISOString() },
        true,
      );
      return 'retried';
    }
    // Sent: recorded even if the lease ran out meanwhile, so nobody sends it again.
    await finish(claimed, { status: 'sent', sentAt: clock.now().toISOString(), lastError: null }, false);
    return 'sent';
  }

  /**
   * Sends what is due. Safe to run from several processes at once: every job
   * is claimed in a transaction before it is sent, and a claim lapses after
   * LEASE_MS, so a sender that crashed loses nothing.
   */
  async function deliverDue(limit = 50): Promise<DeliveryCounts> {
    const counts: DeliveryCounts = { sent: 0, retried: 0, failed: 0, skipped: 0 };
    const now = clock.now().toISOString();
    const [abandoned, due] = await Promise.all([
      store.query<MailJob>(MAIL_JOBS, { where: [['status', '==', 'sending'], ['leaseUntil', '<=', now]], orderBy: [['leaseUntil', 'asc']], limit }),
      store.query<MailJob>(MAIL_JOBS, { where: [['status', '==', 'pending'], ['nextAttemptAt', '<=', now]], orderBy: [['nextAttemptAt', 'asc']], limit }),
    ]);
    for (const candidate of [...abandoned, ...due].slice(0, limit)) {
      try {
        const claimed = await claim(candidate.id);
        if (claimed === 'failed' || claimed === 'skipped') counts[claimed]++;
        else if (claimed) counts[await deliver(claimed)]++;
      } catch (error) {
        // The store failed around this job; its lease (if taken) lapses and a later run retries it.
        logger.error(`Mail job ${candidate.id} could not be processed`, error);
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
          await deliverDue();
        } catch (error) {
          logger.error('Mail delivery failed', error);
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
  }

  return {
    deliverDue,
    kick,
    /** Resolves when the current kick() run (if any) has finished; for tests and graceful shutdown. */
    whenIdle(): Promise<void> {
      return running ?? Promise.resolve();
    },
  };
}
export type MailDelivery = ReturnType<typeof createMailDelivery>;
