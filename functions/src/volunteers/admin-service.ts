import { releaseVolunteerTicket } from './free-ticket.js';
import { changedFields } from '../audit/actors.js';
import { recordAudit } from '../audit/repository.js';
import type { Clock } from '../clock.js';
import { parseEventDate } from '../events/rules.js';
import { EVENTS, EventNotFoundError } from '../events/repository.js';
import { newId } from '../ids.js';
import { queueMail } from '../outbox/outbox.js';
import { RuleError } from '../rule-error.js';
import { linkKeyMatches } from '../rsvps/link-keys.js';
import type { AuditActor, AuditTarget } from '../shared/audit-model.js';
import type { Role } from '../shared/session-model.js';
import {
  VOLUNTEER_ADMIN_MESSAGES as A,
  coverageStatus,
  type VolunteerAdminDoneReply,
  type VolunteerCoverageReply,
  type VolunteerMessageAdmin,
  type VolunteerMessageReply,
  type VolunteerRoleAdmin,
  type VolunteerRoleReply,
  type VolunteerShiftAdmin,
  type VolunteerShiftReply,
  type VolunteerSignupAdmin,
  type VolunteerSwapOptionsReply,
} from '../shared/volunteers-admin-model.js';
import { VOLUNTEER_MESSAGES, shiftsOverlap } from '../shared/volunteers-model.js';
import type { VolunteerMessageInput, VolunteerRoleCreateInput, VolunteerRoleUpdateInput, VolunteerShiftCreateInput, VolunteerShiftUpdateInput } from '../shared/volunteers.js';
import type { DocumentStore, StoredDocument, Transaction } from '../store/port.js';
import {
  VOLUNTEER_MESSAGES_SENT,
  VOLUNTEER_PEOPLE,
  VOLUNTEER_ROLES,
  VOLUNTEER_SHIFTS,
  VOLUNTEER_SIGNUPS,
  cancelledMailId,
  movedMailId,
  shiftMessageMailId,
  volunteerPersonId,
  type StoredVolunteerMessage,
  type StoredVolunteerRole,
  type StoredVolunteerShift,
  type StoredVolunteerSignup,
} from './repository.js';
import { volunteerSignupsCsv } from './csv.js';
import { inTurn } from './line.js';

/*
 * The admins' Volunteers tab (issue 29 items 3 and 6): roles and shifts made, edited, reordered and
 * archived; the coverage of an event; moving a person between shifts (and the volunteer's own swap,
 * under the same rule); an admin's cancel; a message to everyone on a shift; the CSV export.
 * Every change is one transaction with its audit entry and its e-mails (the outbox).
 */

export interface VolunteerAdminDeps {
  store: DocumentStore;
  clock: Clock;
  /** The organisation's zone: a wall-clock shift time is read in it, the CSV written in it. */
  timeZone: string;
  onMailQueued?: () => void;
}

const roleTarget = (id: string, role: Pick<StoredVolunteerRole, 'title' | 'eventId'>): AuditTarget => ({ type: 'volunteerRole', id, eventId: role.eventId, label: role.title });
const shiftTarget = (id: string, shift: Pick<StoredVolunteerShift, 'eventId' | 'start' | 'place'>, roleTitle: string): AuditTarget => ({
  type: 'volunteerShift',
  id,
  eventId: shift.eventId,
  label: `${roleTitle} ${shift.start}${shift.place ? ` (${shift.place})` : ''}`,
});
const signupTarget = (id: string, signup: Pick<StoredVolunteerSignup, 'eventId' | 'name'>): AuditTarget => ({ type: 'volunteerSignup', id, eventId: signup.eventId, label: signup.name });

const roleNotFound = () => new RuleError('VOLUNTEER_ROLE_NOT_FOUND', A.roleNotFound, 'not-found', 'roleId');
const shiftNotFound = () => new RuleError('VOLUNTEER_SHIFT_NOT_FOUND', A.shiftNotFound, 'not-found', 'shiftId');
const signupNotFound = () => new RuleError('VOLUNTEER_SIGNUP_NOT_FOUND', A.signupNotFound, 'not-found');
const linkInvalid = () => new RuleError('LINK_INVALID', VOLUNTEER_MESSAGES.linkInvalid, 'not-found');

function toRoleAdmin({ id, data }: StoredDocument<StoredVolunteerRole>): VolunteerRoleAdmin {
  return { id, title: data.title, description: data.description, eventId: data.eventId, order: data.order, freeTicket: data.freeTicket ?? false, archived: data.archived };
}

function toShiftAdmin({ id, data }: StoredDocument<StoredVolunteerShift>): Omit<VolunteerShiftAdmin, 'signups' | 'messages'> {
  return {
    id,
    roleId: data.roleId,
    start: data.start,
    end: data.end,
    place: data.place,
    capacity: data.capacity,
    minimum: data.minimum,
    filled: data.filled,
    archived: data.archived ?? false,
    status: coverageStatus(data.filled, data.minimum, data.capacity),
  };
}

function toSignupAdmin({ id, data }: StoredDocument<StoredVolunteerSignup>): VolunteerSignupAdmin {
  return { id, shiftId: data.shiftId, name: data.name, email: data.email, phone: data.phone, note: data.note, status: data.status, createdAt: data.createdAt };
}

function toMessageAdmin({ id, data }: StoredDocument<StoredVolunteerMessage>): VolunteerMessageAdmin {
  return { id, subject: data.subject, recipients: data.signupIds.length, sentAt: data.sentAt, sentBy: data.sentBy };
}

const byRoleOrder = (a: StoredDocument<StoredVolunteerRole>, b: StoredDocument<StoredVolunteerRole>) =>
  a.data.order - b.data.order || a.data.title.localeCompare(b.data.title) || (a.id < b.id ? -1 : 1);

/** Start and end as stored instants; refuses an unreadable time and an end not after the start. */
function shiftTimes(start: string, end: string, timeZone: string): { start: string; end: string } {
  const read = (value: string, field: 'start' | 'end', message: string) => {
    try {
      return parseEventDate(value, timeZone);
    } catch {
      throw new RuleError('INVALID_INPUT', message, 'invalid', field);
    }
  };
  const times = { start: read(start, 'start', A.startRequired), end: read(end, 'end', A.endRequired) };
  if (Date.parse(times.end) <= Date.parse(times.start)) throw new RuleError('VOLUNTEER_SHIFT_INVALID', A.endBeforeStart, 'invalid', 'end');
  return times;
}

function checkNumbers(capacity: number, minimum: number, filled: number) {
  if (minimum > capacity) throw new RuleError('VOLUNTEER_SHIFT_INVALID', A.minimumAboveCapacity, 'invalid', 'minimum');
  if (capacity < filled) throw new RuleError('VOLUNTEER_CAPACITY_BELOW_SIGNUPS', A.capacityBelowSignups(filled), 'conflict', 'capacity');
}

/** The event a coverage or export names: 'standalone' is null; an unknown event (or, for staff, an archived one) is refused. */
async function eventOf(store: DocumentStore, event: string, role: Role): Promise<string | null> {
  if (event === 'standalone') return null;
  const doc = await store.get(EVENTS, event);
  if (!doc || (role !== 'admin' && doc.data.isArchived)) throw new EventNotFoundError();
  return doc.id;
}

export function createVolunteerAdminService({ store, clock, timeZone, onMailQueued }: VolunteerAdminDeps) {

  /**
   * Moves a sign-up to another shift in one transaction: the old shift's count goes down, the new
   * one's up (never past its capacity), the person's record (volunteerPeople) follows, and the new
   * shift is e-mailed. `check` refuses a caller who may not (the volunteer's key).
   */
  async function moveNow(
    signupId: string,
    targetId: string,
    options: { actor: AuditActor; sameRoleOnly: boolean; check?: (signup: StoredDocument<StoredVolunteerSignup> | null) => void },
  ) {
    const now = clock.now();
    const at = now.toISOString();
    await inTurn(targetId, () =>
      store.runTransaction(async (tx) => {
        const signup = await tx.get(VOLUNTEER_SIGNUPS, signupId);
        options.check?.(signup);
        if (!signup) throw signupNotFound();
        const [current, target, person] = await Promise.all([
          tx.get(VOLUNTEER_SHIFTS, signup.data.shiftId),
          tx.get(VOLUNTEER_SHIFTS, targetId),
          tx.get(VOLUNTEER_PEOPLE, volunteerPersonId(signup.data.email)),
        ]);
        const role = target ? await tx.get(VOLUNTEER_ROLES, target.data.roleId) : null;
        if (signup.data.status !== 'active') throw new RuleError('VOLUNTEER_SIGNUP_CANCELLED', A.signupCancelled, 'conflict');
        if (!target || !role) throw shiftNotFound();
        if (target.id === signup.data.shiftId) throw new RuleError('VOLUNTEER_SAME_SHIFT', A.sameShift, 'conflict', 'shiftId');
        if (options.sameRoleOnly && target.data.roleId !== signup.data.roleId) throw new RuleError('VOLUNTEER_OTHER_ROLE', A.otherRole, 'conflict', 'shiftId');
        if (target.data.archived) throw new RuleError('VOLUNTEER_SHIFT_NOT_FOUND', A.targetArchived, 'conflict', 'shiftId');
        if (role.data.archived) throw new RuleError('VOLUNTEER_SHIFT_NOT_FOUND', A.roleArchived, 'conflict', 'shiftId');
        if (Date.parse(target.data.start) <= now.getTime()) throw new RuleError('VOLUNTEER_SHIFT_STARTED', A.targetStarted, 'conflict', 'shiftId');
        const others = (person?.data.shifts ?? []).filter((entry) => entry.signupId !== signupId && Date.parse(entry.end) > now.getTime());
        if (others.some((entry) => shiftsOverlap(entry, target.data))) throw new RuleError('VOLUNTEER_SHIFT_OVERLAP', A.moveOverlap, 'conflict', 'shiftId');
        if (target.data.filled >= target.data.capacity) throw new RuleError('VOLUNTEER_SHIFT_FULL', A.targetFull, 'conflict', 'shiftId');
        const move = (signup.data.moves ?? 0) + 1;
        tx.update(VOLUNTEER_SIGNUPS, signupId, { shiftId: target.id, roleId: role.id, eventId: role.data.eventId, updatedAt: at, moves: move });
        if (current) tx.update(VOLUNTEER_SHIFTS, current.id, { filled: Math.max(0, current.data.filled - 1) });
        tx.update(VOLUNTEER_SHIFTS, target.id, { filled: target.data.filled + 1 });
        tx.set(VOLUNTEER_PEOPLE, volunteerPersonId(signup.data.email), {
          // The free ticket the sign-up holds (free-ticket.ts) stays with it.
          shifts: [...others, { signupId, shiftId: target.id, start: target.data.start, end: target.data.end, ...(signup.data.ticketRsvpId ? { ticketRsvpId: signup.data.ticketRsvpId } : {}) }],
        });
        // The confirmation e-mail again, of the new shift, with a fresh page link (mail/volunteer-mail.ts).
        queueMail(tx, { kind: 'volunteerConfirmation', to: signup.data.email, volunteerSignupId: signupId, trigger: options.actor.kind === 'staff' ? 'staff' : 'public' }, now, movedMailId(signupId, move));
        recordAudit(
          tx,
          {
            actor: options.actor,
            action: 'volunteer.moved',
            target: signupTarget(signupId, { ...signup.data, eventId: role.data.eventId }),
            changes: [{ field: 'shiftId', before: signup.data.shiftId, after: target.id }],
          },
          now,
        );
      }),
    );
    onMailQueued?.();
  }

  async function readOwned(signupId: string, key: string) {
    const signup = await store.get(VOLUNTEER_SIGNUPS, signupId);
    if (!signup || !linkKeyMatches(signup.data.linkKeys, key)) throw linkInvalid();
    return signup;
  }

  return {
    /** GET /volunteer/admin/coverage?event=: an event's (or the standalone) roles, shifts, sign-ups and messages. */
    async coverage(event: string, viewerRole: Role): Promise<VolunteerCoverageReply> {
      const eventId = await eventOf(store, event, viewerRole);
      const [roles, shifts, signups, messages] = await Promise.all([
        store.query(VOLUNTEER_ROLES, { where: [['eventId', '==', eventId]] }),
        store.query(VOLUNTEER_SHIFTS, { where: [['eventId', '==', eventId]] }),
        store.query(VOLUNTEER_SIGNUPS, { where: [['eventId', '==', eventId]] }),
        store.query(VOLUNTEER_MESSAGES_SENT, { where: [['eventId', '==', eventId]] }),
      ]);
      const active = signups.filter((signup) => signup.data.status === 'active').sort((a, b) => a.data.createdAt.localeCompare(b.data.createdAt) || a.data.name.localeCompare(b.data.name));
      return {
        success: true,
        eventId,
        roles: roles.sort(byRoleOrder).map((role) => ({
          ...toRoleAdmin(role),
          shifts: shifts
            .filter((shift) => shift.data.roleId === role.id)
            .sort((a, b) => a.data.start.localeCompare(b.data.start) || (a.id < b.id ? -1 : 1))
            .map((shift) => ({
              ...toShiftAdmin(shift),
              signups: active.filter((signup) => signup.data.shiftId === shift.id).map(toSignupAdmin),
              messages: messages
                .filter((message) => message.data.shiftId === shift.id)
                .sort((a, b) => b.data.sentAt.localeCompare(a.data.sentAt))
                .map(toMessageAdmin),
            })),
        })),
      };
    },

    /** POST /volunteer/admin/roles: last in its group's order. */
    async createRole(input: VolunteerRoleCreateInput, actor: AuditActor): Promise<VolunteerRoleReply> {
      const now = clock.now();
      if (input.eventId && !(await store.get(EVENTS, input.eventId))) throw new RuleError('EVENT_NOT_FOUND', A.eventNotFound, 'not-found', 'eventId');
      const id = newId();
      const role = await store.runTransaction(async (tx) => {
        const group = await tx.query(VOLUNTEER_ROLES, { where: [['eventId', '==', input.eventId]] });
        const data: StoredVolunteerRole = {
          title: input.title,
          description: input.description,
          eventId: input.eventId,
          order: group.reduce((max, r) => Math.max(max, r.data.order + 1), 0),
          archived: false,
          freeTicket: input.freeTicket,
          createdAt: now.toISOString(),
        };
        tx.create(VOLUNTEER_ROLES, id, data);
        recordAudit(tx, { actor, action: 'volunteerRole.created', target: roleTarget(id, data) }, now);
        return { id, data };
      });
      return { success: true, message: A.roleCreated, role: toRoleAdmin(role) };
    },

    /** PATCH /volunteer/admin/roles/{id}: the fields sent change, the others stay. */
    async updateRole(id: string, input: VolunteerRoleUpdateInput, actor: AuditActor): Promise<VolunteerRoleReply> {
      const now = clock.now();
      const role = await store.runTransaction(async (tx) => {
        const found = await tx.get(VOLUNTEER_ROLES, id);
        if (!found) throw roleNotFound();
        const before = { title: found.data.title, description: found.data.description, freeTicket: found.data.freeTicket ?? false, archived: found.data.archived };
        const after = { ...before, ...input };
        const changes = changedFields(before, after);
        if (changes.length > 0) {
          tx.update(VOLUNTEER_ROLES, id, after);
          recordAudit(tx, { actor, action: 'volunteerRole.updated', target: roleTarget(id, { ...found.data, ...after }), changes }, now);
        }
        return { id, data: { ...found.data, ...after } };
      });
      const message = input.archived === true ? A.roleArchivedDone : input.archived === false ? A.roleRestored : A.roleSaved;
      return { success: true, message, role: toRoleAdmin(role) };
    },

    /** POST /volunteer/admin/roles/{id}/reorder: swaps it with its neighbour; the group is renumbered 0, 1, 2... */
    async reorderRole(id: string, direction: 'up' | 'down', actor: AuditActor): Promise<VolunteerAdminDoneReply> {
      const now = clock.now();
      await store.runTransaction(async (tx) => {
        const found = await tx.get(VOLUNTEER_ROLES, id);
        if (!found) throw roleNotFound();
        const group = (await tx.query(VOLUNTEER_ROLES, { where: [['eventId', '==', found.data.eventId]] })).sort(byRoleOrder);
        const from = group.findIndex((role) => role.id === id);
        const to = direction === 'up' ? from - 1 : from + 1;
        if (from < 0 || to < 0 || to >= group.length) return;
        [group[from], group[to]] = [group[to]!, group[from]!];
        group.forEach((role, order) => {
          if (role.data.order !== order) tx.update(VOLUNTEER_ROLES, role.id, { order });
        });
        recordAudit(tx, { actor, action: 'volunteerRole.reordered', target: roleTarget(id, found.data), changes: [{ field: 'order', before: from, after: to }] }, now);
      });
      return { success: true, message: A.roleSaved };
    },

    /** POST /volunteer/admin/shifts. */
    async createShift(input: VolunteerShiftCreateInput, actor: AuditActor): Promise<VolunteerShiftReply> {
      const now = clock.now();
      const times = shiftTimes(input.start, input.end, timeZone);
      checkNumbers(input.capacity, input.minimum, 0);
      const id = newId();
      const shift = await store.runTransaction(async (tx) => {
        const role = await tx.get(VOLUNTEER_ROLES, input.roleId);
        if (!role) throw roleNotFound();
        const data: StoredVolunteerShift = {
          roleId: role.id,
          eventId: role.data.eventId,
          ...times,
          place: input.place,
          capacity: input.capacity,
          minimum: input.minimum,
          filled: 0,
          archived: false,
          createdAt: now.toISOString(),
        };
        tx.create(VOLUNTEER_SHIFTS, id, data);
        recordAudit(tx, { actor, action: 'volunteerShift.created', target: shiftTarget(id, data, role.data.title) }, now);
        return { id, data };
      });
      return { success: true, message: A.shiftCreated, shift: toShiftAdmin(shift) };
    },

    /**
     * PATCH /volunteer/admin/shifts/{id}: the fields sent change, the others stay. The capacity never
     * goes below the sign-ups (read in the transaction), and new times follow the people's records.
     */
    async updateShift(id: string, input: VolunteerShiftUpdateInput, actor: AuditActor): Promise<VolunteerShiftReply> {
      const now = clock.now();
      const shift = await store.runTransaction(async (tx: Transaction) => {
        const found = await tx.get(VOLUNTEER_SHIFTS, id);
        if (!found) throw shiftNotFound();
        const role = await tx.get(VOLUNTEER_ROLES, found.data.roleId);
        const before = { start: found.data.start, end: found.data.end, place: found.data.place, capacity: found.data.capacity, minimum: found.data.minimum, archived: found.data.archived ?? false };
        const times = input.start !== undefined || input.end !== undefined ? shiftTimes(input.start ?? found.data.start, input.end ?? found.data.end, timeZone) : {};
        const after = { ...before, ...input, ...times };
        checkNumbers(after.capacity, after.minimum, found.data.filled);
        if (after.archived && !before.archived && found.data.filled > 0) {
          throw new RuleError('VOLUNTEER_SHIFT_HAS_SIGNUPS', A.archiveWithSignups(found.data.filled), 'conflict', 'archived');
        }
        const changes = changedFields(before, after);
        const moved = after.start !== before.start || after.end !== before.end;
        // The people on the shift keep its times in their records (the overlap rule reads them there).
        const people = moved && found.data.filled > 0 ? (await tx.query(VOLUNTEER_SIGNUPS, { where: [['shiftId', '==', id]] })).filter((s) => s.data.status === 'active') : [];
        const records = await Promise.all(people.map((signup) => tx.get(VOLUNTEER_PEOPLE, volunteerPersonId(signup.data.email))));
        if (changes.length > 0) {
          tx.update(VOLUNTEER_SHIFTS, id, after);
          for (const record of records) {
            if (!record) continue;
            tx.set(VOLUNTEER_PEOPLE, record.id, { shifts: record.data.shifts.map((entry) => (entry.shiftId === id ? { ...entry, start: after.start, end: after.end } : entry)) });
          }
          recordAudit(tx, { actor, action: 'volunteerShift.updated', target: shiftTarget(id, { ...found.data, ...after }, role?.data.title ?? ''), changes }, now);
        }
        return { id, data: { ...found.data, ...after } };
      });
      const message = input.archived === true ? A.shiftArchivedDone : input.archived === false ? A.shiftRestored : A.shiftSaved;
      return { success: true, message, shift: toShiftAdmin(shift) };
    },

    /** POST /volunteer/admin/signups/{id}/move (admin): any shift with a place, no overlap. */
    async move(signupId: string, shiftId: string, actor: AuditActor): Promise<VolunteerAdminDoneReply> {
      await moveNow(signupId, shiftId, { actor, sameRoleOnly: false });
      return { success: true, message: A.moved };
    },

    /** POST /volunteer/signups/{id}/swap-options (the key in the body): the role's other upcoming shifts with a place. */
    async swapOptions(signupId: string, key: string): Promise<VolunteerSwapOptionsReply> {
      const signup = await readOwned(signupId, key);
      if (signup.data.status !== 'active') return { success: true, shifts: [] };
      const now = clock.now().getTime();
      const shifts = await store.query(VOLUNTEER_SHIFTS, { where: [['roleId', '==', signup.data.roleId]] });
      return {
        success: true,
        shifts: shifts
          .filter((s) => s.id !== signup.data.shiftId && !s.data.archived && Date.parse(s.data.start) > now && s.data.filled < s.data.capacity)
          .sort((a, b) => a.data.start.localeCompare(b.data.start))
          .map(({ id, data }) => ({ id, start: data.start, end: data.end, place: data.place, capacity: data.capacity, filled: data.filled })),
      };
    },

    /** POST /volunteer/signups/{id}/swap (the key in the body): the volunteer's own move, within the role. */
    async swap(signupId: string, key: string, shiftId: string): Promise<VolunteerAdminDoneReply> {
      await moveNow(signupId, shiftId, {
        actor: { kind: 'attendee' },
        sameRoleOnly: true,
        check: (signup) => {
          if (!signup || !linkKeyMatches(signup.data.linkKeys, key)) throw linkInvalid();
        },
      });
      return { success: true, message: A.swapped };
    },

    /** DELETE /volunteer/admin/signups/{id}: frees the place; the person is told by e-mail ('Volunteer shift cancelled'). */
    async cancel(signupId: string, actor: AuditActor, reason: string | null): Promise<VolunteerAdminDoneReply> {
      const now = clock.now();
      await store.runTransaction(async (tx) => {
        const signup = await tx.get(VOLUNTEER_SIGNUPS, signupId);
        if (!signup) throw signupNotFound();
        const [shift, person] = await Promise.all([tx.get(VOLUNTEER_SHIFTS, signup.data.shiftId), tx.get(VOLUNTEER_PEOPLE, volunteerPersonId(signup.data.email))]);
        if (signup.data.status !== 'active') throw new RuleError('VOLUNTEER_SIGNUP_CANCELLED', A.signupCancelled, 'conflict');
        // Issue 29 item 4: the free ticket this sign-up made goes with it (reads, then its writes, before ours).
        await releaseVolunteerTicket(tx, signup, now, actor);
        tx.update(VOLUNTEER_SIGNUPS, signupId, { status: 'cancelled', cancelledBy: 'admin', updatedAt: now.toISOString() });
        if (shift) tx.update(VOLUNTEER_SHIFTS, shift.id, { filled: Math.max(0, shift.data.filled - 1) });
        if (person) tx.set(VOLUNTEER_PEOPLE, person.id, { shifts: person.data.shifts.filter((entry) => entry.signupId !== signupId) });
        queueMail(tx, { kind: 'volunteerCancelled', to: signup.data.email, volunteerSignupId: signupId, trigger: 'staff' }, now, cancelledMailId(signupId));
        recordAudit(tx, { actor, action: 'volunteer.cancelled', target: signupTarget(signupId, signup.data), reason }, now);
      });
      onMailQueued?.();
      return { success: true, message: A.cancelledByAdmin };
    },

    /**
     * POST /volunteer/admin/shifts/{id}/messages: one mail job per person on the shift, each under its
     * own key, with the message's record, in one transaction. The record's id comes from the request,
     * so the same request again finds it and sends nothing more.
     */
    async messageShift(shiftId: string, input: VolunteerMessageInput, actor: AuditActor & { kind: 'staff' }): Promise<VolunteerMessageReply> {
      const now = clock.now();
      const messageId = `${shiftId}_${input.requestId}`;
      const sent = await store.runTransaction(async (tx) => {
        const existing = await tx.get(VOLUNTEER_MESSAGES_SENT, messageId);
        if (existing) return existing;
        const shift = await tx.get(VOLUNTEER_SHIFTS, shiftId);
        if (!shift) throw shiftNotFound();
        const role = await tx.get(VOLUNTEER_ROLES, shift.data.roleId);
        const people = (await tx.query(VOLUNTEER_SIGNUPS, { where: [['shiftId', '==', shiftId]] })).filter((s) => s.data.status === 'active');
        if (people.length === 0) throw new RuleError('VOLUNTEER_NOBODY_ON_SHIFT', A.noOneToMessage, 'conflict');
        const data: StoredVolunteerMessage = {
          shiftId,
          eventId: shift.data.eventId,
          subject: input.subject,
          message: input.message,
          signupIds: people.map((p) => p.id),
          sentBy: actor.email,
          sentAt: now.toISOString(),
        };
        tx.create(VOLUNTEER_MESSAGES_SENT, messageId, data);
        for (const person of people) {
          queueMail(tx, { kind: 'volunteerMessage', to: person.data.email, volunteerSignupId: person.id, volunteerMessageId: messageId, trigger: 'staff' }, now, shiftMessageMailId(messageId, person.id));
        }
        recordAudit(tx, { actor, action: 'volunteer.messaged', target: shiftTarget(shiftId, shift.data, role?.data.title ?? ''), changes: [{ field: 'subject', before: null, after: input.subject }] }, now);
        return { id: messageId, data };
      });
      onMailQueued?.();
      return { success: true, message: A.messageSent(sent.data.signupIds.length), sent: toMessageAdmin(sent) };
    },

    /** GET /volunteer/admin/signups.csv[?event=]: every sign-up (cancelled ones with their status) of an event, the standalone roles, or all. */
    async exportCsv(event: string | undefined, viewerRole: Role): Promise<{ fileName: string; csv: string }> {
      const eventId = event === undefined ? undefined : await eventOf(store, event, viewerRole);
      const where = eventId === undefined ? {} : { where: [['eventId', '==', eventId] as ['eventId', '==', string | null]] };
      const [signups, shifts, roles] = await Promise.all([store.query(VOLUNTEER_SIGNUPS, where), store.query(VOLUNTEER_SHIFTS, where), store.query(VOLUNTEER_ROLES)]);
      const eventIds = [...new Set(signups.map((s) => s.data.eventId).filter((id): id is string => id !== null))];
      const events = (await Promise.all(eventIds.map((id) => store.get(EVENTS, id)))).filter((doc) => doc !== null);
      const named = eventId ? events.find((e) => e.id === eventId) : null;
      const fileName = eventId === undefined ? 'volunteers.csv' : eventId === null ? 'volunteers-standalone.csv' : `${(named?.data.customUrl || eventId).replace(/[^A-Za-z0-9_-]/g, '_')}-volunteers.csv`;
      return {
        fileName,
        csv: volunteerSignupsCsv(
          signups,
          new Map(shifts.map((s) => [s.id, s.data])),
          new Map(roles.map((r) => [r.id, r.data])),
          new Map(events.map((e) => [e.id, e.data.title])),
          timeZone,
        ),
      };
    },
  };
}
export type VolunteerAdminService = ReturnType<typeof createVolunteerAdminService>;
