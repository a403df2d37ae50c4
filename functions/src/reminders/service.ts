import type { Clock } from '../clock.js';
import { EVENTS, EventNotFoundError, toEventDetails, type EventDetails } from '../events/repository.js';
import { queueMail } from '../outbox/outbox.js';
import { RSVPS, toRsvpView } from '../rsvps/repository.js';
import { REMINDER_OFFSET_LIMITS, type ReminderCount } from '../shared/reminders-model.js';
import { CONFIRMATION_HOLD_MS, PAYMENT_HOLD_MS } from '../shared/rsvps-model.js';
import type { DocumentStore } from '../store/port.js';
import { REMINDER_RUNS, REMINDER_SENDS, reminderRunId, reminderSendId } from './repository.js';
import { decideReminder, dueOffset, reminderDueAt } from './rules.js';

const HOUR_MS = 60 * 60 * 1000;
/**
 * After an offset's time, a registration made before it may still become an active ticket
 * while its payment or e-mail confirmation hold runs: an offset's run is closed only after that.
 */
const HOLDS_SETTLED_MS = Math.max(PAYMENT_HOLD_MS, CONFIRMATION_HOLD_MS);

/** Tickets decided per transaction: its reads and writes stay far below a commit's limit (500). */
export const REMINDER_BATCH = 25;
/** Reminders one sweep queues at most; the next sweep (a minute later) goes on. */
export const REMINDERS_PER_SWEEP = 500;

export interface ReminderServiceDeps {
  store: DocumentStore;
  clock: Clock;
  /** Called after a commit that queued mail (delivery starts at once; the schedule retries). */
  onMailQueued?: () => void;
}

export interface SweepOptions {
  batchSize?: number;
  limit?: number;
}

/**
 * The reminder sweep of the scheduled work (issue 25 item 3) and the counts admins see. Each
 * batch of tickets is decided in one transaction that reads their send records and writes, for
 * each ticket to remind, the send record (create: fails if another sweep wrote it) and the mail
 * job: two sweeps at once, or one dying mid-batch, queue each reminder once.
 */
export function createReminderService({ store, clock, onMailQueued }: ReminderServiceDeps) {
  /** Queues the due reminders of one batch of tickets; answers how many. */
  function remindBatch(event: EventDetails, offsetHours: number, rsvpIds: string[]): Promise<number> {
    return store.runTransaction(async (tx) => {
      const now = clock.now();
      // The event as it is now: a date or offsets changed since the query make this batch wait for the next sweep.
      const eventDoc = await tx.get(EVENTS, event.id);
      if (!eventDoc) return 0;
      const current = toEventDetails(eventDoc);
      const reads = [];
      for (const id of rsvpIds) {
        reads.push({ id, rsvp: await tx.get(RSVPS, id), sent: await tx.get(REMINDER_SENDS, reminderSendId(id, offsetHours, current.date)) });
      }
      let queued = 0;
      for (const { id, rsvp, sent } of reads) {
        if (!rsvp) continue;
        const decision = decideReminder({ rsvp: toRsvpView(rsvp), event: current, offsetHours, now, alreadySent: sent !== null });
        if (!decision.send) continue;
        const mailJobId = queueMail(tx, { kind: 'reminder', rsvpId: id, to: rsvp.data.email, reminderOffsetHours: offsetHours }, now);
        tx.create(REMINDER_SENDS, reminderSendId(id, offsetHours, current.date), {
          eventId: current.id,
          rsvpId: id,
          offsetHours,
          eventStart: current.date,
          mailJobId,
          queuedAt: now.toISOString(),
        });
        queued += 1;
      }
      return queued;
    });
  }

  /** One event's due offset: its tickets registered before the offset's time, in batches. */
  async function remindEvent(event: EventDetails, offsetHours: number, budget: number, batchSize: number): Promise<{ queued: number; finished: boolean }> {
    const runId = reminderRunId(event.id, offsetHours, event.date);
    if (await store.get(REMINDER_RUNS, runId)) return { queued: 0, finished: true };
    const dueIso = new Date(reminderDueAt(event.date, offsetHours)).toISOString();
    // Indexed (eventId, status, createdAt): only the confirmed tickets registered before the offset's time.
    const candidates = await store.query(RSVPS, {
      where: [['eventId', '==', event.id], ['status', '==', 'confirmed'], ['createdAt', '<', dueIso]],
      orderBy: [['createdAt', 'asc']],
    });
    let queued = 0;
    for (let start = 0; start < candidates.length; start += batchSize) {
      if (queued >= budget) return { queued, finished: false };
      queued += await remindBatch(event, offsetHours, candidates.slice(start, start + batchSize).map((doc) => doc.id));
    }
    // Nothing left to send, and no hold from before the offset's time can still become a ticket: closed.
    if (queued === 0 && clock.now().getTime() >= Date.parse(dueIso) + HOLDS_SETTLED_MS) {
      await store.set(REMINDER_RUNS, runId, { eventId: event.id, offsetHours, eventStart: event.date, completedAt: clock.now().toISOString() });
    }
    return { queued, finished: true };
  }

  return {
    /**
     * Queues every reminder that is due (scheduled work): events starting within the largest
     * offset allowed (a date range, indexed), each one's due offset (dueOffset), its tickets in
     * batches. Answers how many reminders were queued.
     */
    async sweep({ batchSize = REMINDER_BATCH, limit = REMINDERS_PER_SWEEP }: SweepOptions = {}): Promise<number> {
      const now = clock.now();
      const until = new Date(now.getTime() + REMINDER_OFFSET_LIMITS.maxHours * HOUR_MS).toISOString();
      const events = await store.query(EVENTS, { where: [['date', '>', now.toISOString()], ['date', '<=', until]], orderBy: [['date', 'asc']] });
      let queued = 0;
      for (const doc of events) {
        const event = toEventDetails(doc);
        const offset = dueOffset(event, now);
        if (offset === null) continue;
        const result = await remindEvent(event, offset, limit - queued, batchSize);
        queued += result.queued;
        if (result.queued > 0) onMailQueued?.();
        if (queued >= limit) break;
      }
      return queued;
    },

    /** How many reminders of each offset were queued for the event's current start (offsets set now, and any sent before they were removed). */
    async counts(eventId: string): Promise<{ eventStart: string; counts: ReminderCount[] }> {
      const doc = await store.get(EVENTS, eventId);
      if (!doc) throw new EventNotFoundError();
      const event = toEventDetails(doc);
      const sends = await store.query(REMINDER_SENDS, { where: [['eventId', '==', eventId]] });
      const byOffset = new Map<number, number>(event.reminderOffsetsHours.map((hours) => [hours, 0]));
      for (const send of sends) {
        if (Date.parse(send.data.eventStart) !== Date.parse(event.date)) continue;
        byOffset.set(send.data.offsetHours, (byOffset.get(send.data.offsetHours) ?? 0) + 1);
      }
      const counts = [...byOffset].map(([offsetHours, sent]) => ({ offsetHours, sent })).sort((a, b) => b.offsetHours - a.offsetHours);
      return { eventStart: event.date, counts };
    },
  };
}
export type ReminderService = ReturnType<typeof createReminderService>;
