import type { Clock } from '../clock.js';
import { CALENDAR_FANOUT_JOBS, type CalendarFanoutJob } from '../outbox/calendar-jobs.js';
import { coalescingRunner, errorText, leasedJobs, type Claim } from '../outbox/leased-jobs.js';
import { MAIL_JOBS, queueMail } from '../outbox/outbox.js';
import { listRsvpsOfEvent } from '../rsvps/repository.js';
import type { DocumentStore } from '../store/port.js';

/*
 * The calendar fan-out (issue 25 item 2): an event moved in date, time or place left one job
 * (outbox/calendar-jobs.ts); this worker turns it into one 'Event updated' mail job per ticket
 * holder. Each mail job's key is (sequence, ticket), checked and written in one transaction, so a
 * rerun after a crash, or two workers holding the job one after the other, create each mail once;
 * a worker that dies mid-way loses nothing (its lease lapses and the next one finishes the list).
 */

/** Tickets per transaction: reads and writes stay far below a transaction's limits (Firestore: 500 writes). */
export const FANOUT_CHUNK = 50;

/** The mail job of one ticket's 'Event updated' e-mail for one sequence: the key that makes it exist once. */
export function eventUpdatedMailId(sequence: number, rsvpId: string): string {
  return `calendar-${sequence}-${rsvpId}`;
}

export interface CalendarFanoutDeps {
  store: DocumentStore;
  clock: Clock;
  /** Called after mail jobs were queued, so delivery starts at once. */
  onMailQueued?: () => void;
  logger: Pick<Console, 'error'>;
}

export function createCalendarFanout({ store, clock, onMailQueued, logger }: CalendarFanoutDeps) {
  const queue = leasedJobs({ store, clock, jobs: CALENDAR_FANOUT_JOBS, working: 'fanning', interrupted: 'The fan-out was interrupted too many times' });

  /** Queues the mail of every ticket holder (confirmed RSVPs only: no cancelled, unconfirmed or unpaid one). */
  async function fanOut(job: CalendarFanoutJob): Promise<number> {
    const holders = (await listRsvpsOfEvent(store, job.eventId)).filter((rsvp) => rsvp.data.status === 'confirmed');
    for (let start = 0; start < holders.length; start += FANOUT_CHUNK) {
      const chunk = holders.slice(start, start + FANOUT_CHUNK);
      await store.runTransaction(async (tx) => {
        const ids = chunk.map((rsvp) => eventUpdatedMailId(job.sequence, rsvp.id));
        // Every read before any write (Firestore's rule for transactions).
        const existing = await Promise.all(ids.map((id) => tx.get(MAIL_JOBS, id)));
        const now = clock.now();
        chunk.forEach((rsvp, index) => {
          if (existing[index]) return;
          queueMail(
            tx,
            { kind: 'eventUpdated', rsvpId: rsvp.id, to: rsvp.data.email, trigger: 'staff', calendarSequence: job.sequence, eventChanges: job.changes, ...(job.previous ? { eventPrevious: job.previous } : {}) },
            now,
            ids[index],
          );
        });
      });
    }
    return holders.length;
  }

  async function run(claimed: Claim<CalendarFanoutJob>): Promise<void> {
    try {
      const mails = await fanOut(claimed.job);
      await queue.finish(claimed, { status: 'done', mails, finishedAt: clock.now().toISOString(), lastError: null }, true);
    } catch (error) {
      await queue.retryOrFail(claimed, errorText(error));
    }
  }

  /** Fans out what is due; safe to run from several processes at once. Answers how many jobs it finished. */
  async function fanOutDue(limit = 20): Promise<number> {
    let done = 0;
    for (const id of await queue.candidates(limit)) {
      try {
        const claimed = await queue.claim(id);
        if (claimed && claimed !== 'failed' && claimed !== 'skipped') {
          await run(claimed);
          done++;
        }
      } catch (error) {
        logger.error(`Calendar fan-out job ${id} could not be processed`, error);
      }
    }
    if (done) onMailQueued?.();
    return done;
  }

  return { fanOutDue, ...coalescingRunner(fanOutDue, (error) => logger.error('Calendar fan-out failed', error)) };
}
export type CalendarFanout = ReturnType<typeof createCalendarFanout>;
