import type { Clock } from '../clock.js';
import { EVENTS, toEventDetails } from '../events/repository.js';
import { queueMail } from '../outbox/outbox.js';
import { REMINDER_BATCH, REMINDERS_PER_SWEEP, type SweepOptions } from '../reminders/service.js';
import { dueOffset, reminderDueAt } from '../reminders/rules.js';
import { DEFAULT_REMINDER_OFFSETS_HOURS, REMINDER_OFFSET_LIMITS } from '../shared/reminders-model.js';
import type { DocumentStore, StoredDocument } from '../store/port.js';
import {
  VOLUNTEER_REMINDER_SENDS,
  VOLUNTEER_ROLES,
  VOLUNTEER_SHIFTS,
  VOLUNTEER_SIGNUPS,
  volunteerReminderSendId,
  type StoredVolunteerShift,
} from './repository.js';
import { isOpenEvent } from './rules.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The offsets (hours before the start) a shift's volunteers are reminded at: its event's reminder
 * setting (issue 25 item 3), or the reminders' default for a standalone role; none when its event is
 * no longer open. An event whose reminders are off ([]) reminds its volunteers of nothing either.
 */
export function volunteerReminderOffsets(event: { reminderOffsetsHours: readonly number[] } | null): readonly number[] {
  return event ? event.reminderOffsetsHours : DEFAULT_REMINDER_OFFSETS_HOURS;
}

export interface VolunteerReminderDeps {
  store: DocumentStore;
  clock: Clock;
  /** Called after a commit that queued mail (delivery starts at once; the schedule retries). */
  onMailQueued?: () => void;
}

/**
 * Reminders before a volunteer's shift (issue 29 item 2), by the reminder machinery's rules
 * (reminders/rules.ts): only the nearest due offset, only to a sign-up made before that offset's time,
 * only while active. Each batch is decided in one transaction that reads the sign-ups and their send
 * records and writes, for each to remind, the send record (create: fails if another sweep wrote it)
 * and the mail job: two sweeps at once, or one dying mid-batch, queue each reminder once; a sign-up
 * cancelled meanwhile gets none (and its queued e-mail is skipped when composed).
 */
export function createVolunteerReminders({ store, clock, onMailQueued }: VolunteerReminderDeps) {
  function remindBatch(shift: StoredDocument<StoredVolunteerShift>, offsetHours: number, signupIds: string[]): Promise<number> {
    const dueAt = reminderDueAt(shift.data.start, offsetHours);
    return store.runTransaction(async (tx) => {
      const now = clock.now();
      const reads = [];
      for (const id of signupIds) {
        reads.push({ id, signup: await tx.get(VOLUNTEER_SIGNUPS, id), sent: await tx.get(VOLUNTEER_REMINDER_SENDS, volunteerReminderSendId(id, offsetHours, shift.data.start)) });
      }
      let queued = 0;
      for (const { id, signup, sent } of reads) {
        if (!signup || sent || signup.data.status !== 'active' || signup.data.shiftId !== shift.id) continue;
        if (!(Date.parse(signup.data.createdAt) < dueAt)) continue;
        const mailJobId = queueMail(tx, { kind: 'volunteerReminder', to: signup.data.email, volunteerSignupId: id, reminderOffsetHours: offsetHours }, now);
        tx.create(VOLUNTEER_REMINDER_SENDS, volunteerReminderSendId(id, offsetHours, shift.data.start), {
          signupId: id,
          shiftId: shift.id,
          offsetHours,
          shiftStart: shift.data.start,
          mailJobId,
          queuedAt: now.toISOString(),
        });
        queued += 1;
      }
      return queued;
    });
  }

  return {
    /**
     * Queues every volunteer reminder that is due (scheduled work, beside the tickets' sweep): shifts
     * starting within the largest offset allowed (a range on one field), each one's due offset, its
     * active sign-ups in batches. Answers how many reminders were queued.
     */
    async sweep({ batchSize = REMINDER_BATCH, limit = REMINDERS_PER_SWEEP }: SweepOptions = {}): Promise<number> {
      const now = clock.now();
      const until = new Date(now.getTime() + REMINDER_OFFSET_LIMITS.maxHours * HOUR_MS).toISOString();
      const shifts = await store.query(VOLUNTEER_SHIFTS, { where: [['start', '>', now.toISOString()], ['start', '<=', until]], orderBy: [['start', 'asc']] });
      const events = new Map<string, Promise<{ reminderOffsetsHours: number[] } | 'closed'>>();
      const eventOf = (eventId: string) => {
        if (!events.has(eventId)) {
          events.set(
            eventId,
            store.get(EVENTS, eventId).then((doc) => (doc && isOpenEvent(doc.data) ? { reminderOffsetsHours: toEventDetails(doc).reminderOffsetsHours } : 'closed')),
          );
        }
        return events.get(eventId)!;
      };
      let queued = 0;
      for (const shift of shifts) {
        if (shift.data.filled === 0) continue;
        const event = shift.data.eventId ? await eventOf(shift.data.eventId) : null;
        if (event === 'closed') continue;
        const offset = dueOffset({ date: shift.data.start, reminderOffsetsHours: [...volunteerReminderOffsets(event)], isArchived: false }, now);
        if (offset === null) continue;
        const role = await store.get(VOLUNTEER_ROLES, shift.data.roleId);
        if (!role || role.data.archived) continue;
        const dueIso = new Date(reminderDueAt(shift.data.start, offset)).toISOString();
        const signups = (await store.query(VOLUNTEER_SIGNUPS, { where: [['shiftId', '==', shift.id]] })).filter(
          (signup) => signup.data.status === 'active' && signup.data.createdAt < dueIso,
        );
        for (let start = 0; start < signups.length; start += batchSize) {
          if (queued >= limit) break;
          const count = await remindBatch(shift, offset, signups.slice(start, start + batchSize).map((signup) => signup.id));
          queued += count;
          if (count > 0) onMailQueued?.();
        }
        if (queued >= limit) break;
      }
      return queued;
    },
  };
}
export type VolunteerReminders = ReturnType<typeof createVolunteerReminders>;
