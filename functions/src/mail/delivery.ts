import { createHash } from 'node:crypto';
import { mailboxOf } from '../shared/mailbox.js';
import type { Clock } from '../clock.js';
import type { DocumentStore } from '../store/port.js';
import { coalescingRunner, errorText, leasedJobs, type Claim } from '../outbox/leased-jobs.js';
import { MAIL_JOBS, type MailJob, type MailKind } from '../outbox/outbox.js';
import { collection } from '../store/port.js';
import type { MailMessage, MailSender } from './port.js';

/*
 * The mail outbox worker (DESIGN §4): claims due mail jobs (outbox/leased-jobs.ts), has them
 * composed, sends them and records the outcome, retrying with back-off. What a message says is
 * not its business: the composition root hands it `compose`.
 */

const MINUTE = 60 * 1000;

/**
 * E-mails a visitor's action may cause to one address in an hour (tickets,
 * confirmations, contact-form receipts): whoever types a stranger's address into
 * our forms cannot make us flood them. Staff resends and mail to the
 * organisation itself are not counted.
 */
export const PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR = 5;
const HOUR = 60 * MINUTE;
const PUBLIC_KINDS: readonly MailKind[] = ['ticket', 'rsvpConfirmation', 'confirmRegistration', 'paymentLink', 'contactReceipt', 'manageLink', 'ticketCancelled', 'ticketTransferred', 'orderConfirmation', 'waitlistJoined', 'volunteerConfirmation'];
export const RECIPIENT_LIMIT_REASON = `Recipient limit: at most ${PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR} e-mails an hour from visitors' actions`;

/** Per recipient (hashed) and hour: how many visitor-caused e-mails were let through. */
export type RecipientCount = { windowStart: string; count: number; expiresAt: string };
export const MAIL_RECIPIENT_COUNTS = collection<RecipientCount>('mailRecipientCounts');

/** Counted per mailbox, not per address (issue 23): seven plus-tags of one mailbox are one recipient. */
export function recipientKey(address: string): string {
  return createHash('sha256').update(mailboxOf(address)).digest('hex').slice(0, 40);
}

function countsTowardRecipientLimit(job: MailJob): boolean {
  return job.attempts === 0 && job.trigger !== 'staff' && PUBLIC_KINDS.includes(job.kind);
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

export function createMailDelivery({ store, mailer, clock, compose, logger }: MailDeliveryDeps) {
  const queue = leasedJobs({
    store,
    clock,
    jobs: MAIL_JOBS,
    working: 'sending',
    interrupted: 'Delivery was interrupted too many times',
    admit: async (tx, job, now) => {
      if (!countsTowardRecipientLimit(job)) return null;
      // Counted once, on a job's first claim; a retry of a counted job is not a new e-mail.
      const windowStart = Math.floor(now.getTime() / HOUR) * HOUR;
      const counterId = recipientKey(job.to);
      const counter = await tx.get(MAIL_RECIPIENT_COUNTS, counterId);
      const count = counter && Date.parse(counter.data.windowStart) === windowStart ? counter.data.count : 0;
      if (count >= PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR) return RECIPIENT_LIMIT_REASON;
      tx.set(MAIL_RECIPIENT_COUNTS, counterId, {
        windowStart: new Date(windowStart).toISOString(),
        count: count + 1,
        expiresAt: new Date(windowStart + 2 * HOUR).toISOString(),
      });
      return null;
    },
  });

  async function deliver(claimed: Claim<MailJob>): Promise<keyof DeliveryCounts> {
    try {
      const composed = await compose(claimed.job);
      if ('skip' in composed) {
        await queue.finish(claimed, { status: 'skipped', lastError: composed.skip, finishedAt: clock.now().toISOString() });
        return 'skipped';
      }
      await mailer.send({ ...composed.message, jobId: claimed.id });
    } catch (error) {
      return queue.retryOrFail(claimed, errorText(error));
    }
    // Sent: recorded even if the lease ran out meanwhile, so nobody sends it again.
    await queue.finish(claimed, { status: 'sent', sentAt: clock.now().toISOString(), lastError: null }, true);
    return 'sent';
  }

  /**
   * Sends what is due. Safe to run from several processes at once: every job
   * is claimed in a transaction before it is sent, and a claim lapses after
   * LEASE_MS, so a sender that crashed loses nothing.
   */
  async function deliverDue(limit = 50): Promise<DeliveryCounts> {
    const counts: DeliveryCounts = { sent: 0, retried: 0, failed: 0, skipped: 0 };
    for (const id of await queue.candidates(limit)) {
      try {
        const claimed = await queue.claim(id);
        if (claimed === 'failed' || claimed === 'skipped') counts[claimed]++;
        else if (claimed) counts[await deliver(claimed)]++;
      } catch (error) {
        // The store failed around this job; its lease (if taken) lapses and a later run retries it.
        logger.error(`Mail job ${id} could not be processed`, error);
      }
    }
    return counts;
  }

  return { deliverDue, ...coalescingRunner(deliverDue, (error) => logger.error('Mail delivery failed', error)) };
}
export type MailDelivery = ReturnType<typeof createMailDelivery>;
