import { recordAudit } from '../audit/repository.js';
import type { Clock } from '../clock.js';
import { EVENTS, EventNotFoundError, findEvent, toEventDetails } from '../events/repository.js';
import { ticketQrSvgPath } from '../qr/codes.js';
import { RuleError } from '../rule-error.js';
import { linkKeyMatches } from '../rsvps/link-keys.js';
import type { AuditActor, AuditTarget } from '../shared/audit-model.js';
import { CHECKIN_REFUSAL_MESSAGES, doorEventRefusal } from '../shared/checkin-model.js';
import {
  VOLUNTEER_DOOR_MESSAGES,
  volunteerPassUrl,
  volunteerStandaloneText,
  volunteerWrongEventText,
  type DoorVolunteer,
  type DoorVolunteersReply,
  type VolunteerCheckInReply,
  type VolunteerCheckInRequest,
} from '../shared/volunteer-door-model.js';
import type { VolunteerPassReply } from '../shared/volunteer-pass-model.js';
import { VOLUNTEER_MESSAGES } from '../shared/volunteers-model.js';
import type { DocumentStore, StoredDocument } from '../store/port.js';
import { VOLUNTEER_ROLES, VOLUNTEER_SHIFTS, VOLUNTEER_SIGNUPS, type StoredVolunteerSignup } from './repository.js';

/*
 * Volunteers at the door (issue 29 item 5). A volunteer's confirmation e-mail and sign-up page carry
 * a pass: a QR code of volunteerPassUrl (the sign-up id, random like a ticket id). The door's scanner
 * tells it from a ticket and calls checkIn here, which stores the check-in on the sign-up, never on
 * an RSVP: volunteers are not attendees, so no registered or checked-in figure of the event moves.
 */

export interface VolunteerDoorDeps {
  store: DocumentStore;
  clock: Clock;
  siteUrl: string;
}

function passNotFound() {
  return new RuleError('VOLUNTEER_PASS_NOT_FOUND', VOLUNTEER_DOOR_MESSAGES.passNotFound, 'not-found');
}

/** The door's allowlist of a sign-up: no e-mail, phone, note nor key hashes. */
function doorVolunteerOf(signup: StoredDocument<StoredVolunteerSignup>, role: string, shift: DoorVolunteer['shift']): DoorVolunteer {
  const data = signup.data;
  return {
    id: signup.id,
    eventId: data.eventId,
    name: data.name,
    role,
    shift,
    status: data.status,
    checkedIn: Boolean(data.checkedInAt),
    checkedInAt: data.checkedInAt ?? null,
    checkedInBy: data.checkedInBy ?? null,
    door: data.checkInDoor ?? null,
  };
}

/** A sign-up as an audit target: its id, its event, and the volunteer's name. */
export function volunteerTarget(id: string, signup: { eventId: string | null; name: string }): AuditTarget {
  return { type: 'volunteerSignup', id, eventId: signup.eventId, label: signup.name };
}

export function createVolunteerDoor({ store, clock, siteUrl }: VolunteerDoorDeps) {
  /** The shifts and roles of some sign-ups, each read once. */
  async function shiftsAndRoles(signups: StoredDocument<StoredVolunteerSignup>[]) {
    const shiftIds = [...new Set(signups.map((signup) => signup.data.shiftId))];
    const roleIds = [...new Set(signups.map((signup) => signup.data.roleId))];
    const [shifts, roles] = await Promise.all([
      Promise.all(shiftIds.map((id) => store.get(VOLUNTEER_SHIFTS, id))),
      Promise.all(roleIds.map((id) => store.get(VOLUNTEER_ROLES, id))),
    ]);
    const shiftOf = new Map(shifts.filter((shift) => shift !== null).map((shift) => [shift.id, { start: shift.data.start, end: shift.data.end, place: shift.data.place }]));
    const roleOf = new Map(roles.filter((role) => role !== null).map((role) => [role.id, role.data.title]));
    return (signup: StoredDocument<StoredVolunteerSignup>) =>
      doorVolunteerOf(signup, roleOf.get(signup.data.roleId) ?? '', shiftOf.get(signup.data.shiftId) ?? { start: '', end: '', place: '' });
  }

  return {
    /**
     * Admits a volunteer once, for the event the door admits for. One transaction reads the sign-up,
     * its role and its event, judges and writes the check-in on the sign-up with its audit entry, so
     * of two doors scanning the same pass at once exactly one checks in and the other is told 'already
     * checked in'. The shift (the sign-up rush's counter) is read after, outside, for the reply.
     * In order: the pass exists; it is of this event (a standalone role's or another event's is
     * refused by name); the sign-up is active; the event is one the door may admit for (tickets'
     * rule); not yet checked in.
     */
    async checkIn(signupId: string, request: VolunteerCheckInRequest, by: string, actor?: AuditActor): Promise<VolunteerCheckInReply> {
      const now = clock.now();
      const at = now.toISOString();
      const door = request.door || null;
      const { signup, role } = await store.runTransaction(async (tx) => {
        const signup = await tx.get(VOLUNTEER_SIGNUPS, signupId);
        if (!signup) throw passNotFound();
        const [role, event] = await Promise.all([
          tx.get(VOLUNTEER_ROLES, signup.data.roleId),
          signup.data.eventId ? tx.get(EVENTS, signup.data.eventId) : Promise.resolve(null),
        ]);
        if (signup.data.eventId === null) throw new RuleError('VOLUNTEER_WRONG_EVENT', volunteerStandaloneText(role?.data.title), 'conflict');
        if (signup.data.eventId !== request.eventId) throw new RuleError('VOLUNTEER_WRONG_EVENT', volunteerWrongEventText(event?.data.title), 'conflict');
        if (signup.data.status !== 'active') throw new RuleError('VOLUNTEER_SIGNUP_CANCELLED', VOLUNTEER_DOOR_MESSAGES.cancelled, 'conflict');
        if (!event) throw passNotFound();
        const eventRefusal = doorEventRefusal(toEventDetails(event), now);
        if (eventRefusal) throw new RuleError(eventRefusal, CHECKIN_REFUSAL_MESSAGES[eventRefusal], 'conflict');
        if (signup.data.checkedInAt) throw new RuleError('VOLUNTEER_ALREADY_CHECKED_IN', VOLUNTEER_DOOR_MESSAGES.alreadyCheckedIn, 'conflict');
        const stamp = { checkedInAt: at, checkedInBy: by, checkInDoor: door };
        tx.update(VOLUNTEER_SIGNUPS, signup.id, stamp);
        if (actor) recordAudit(tx, { actor, action: 'volunteer.checkedIn', target: volunteerTarget(signup.id, signup.data), checkIn: { door, scannedAt: null, syncedAt: at } }, now);
        return { signup: { id: signup.id, data: { ...signup.data, ...stamp } }, role };
      });
      const shift = await store.get(VOLUNTEER_SHIFTS, signup.data.shiftId);
      const volunteer = doorVolunteerOf(signup, role?.data.title ?? '', shift ? { start: shift.data.start, end: shift.data.end, place: shift.data.place } : { start: '', end: '', place: '' });
      return { success: true, message: VOLUNTEER_DOOR_MESSAGES.checkedIn, volunteer };
    },

    /** The door's Volunteers list: every sign-up of the event's roles (cancelled ones too, marked), by shift, role and name. */
    async doorVolunteers(eventId: string): Promise<DoorVolunteersReply> {
      const event = await findEvent(store, eventId);
      if (!event) throw new EventNotFoundError();
      const signups = await store.query(VOLUNTEER_SIGNUPS, { where: [['eventId', '==', event.id]] });
      const view = await shiftsAndRoles(signups);
      const volunteers = signups
        .map(view)
        .sort((a, b) => a.shift.start.localeCompare(b.shift.start) || a.role.localeCompare(b.role) || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
      return { success: true, volunteers };
    },

    /** The pass of the sign-up page (its key in the body): only an active sign-up has one. */
    async pass(signupId: string, key: string): Promise<VolunteerPassReply> {
      const signup = await store.get(VOLUNTEER_SIGNUPS, signupId);
      if (!signup || !linkKeyMatches(signup.data.linkKeys, key)) throw new RuleError('LINK_INVALID', VOLUNTEER_MESSAGES.linkInvalid, 'not-found');
      if (signup.data.status !== 'active') throw new RuleError('VOLUNTEER_SIGNUP_CANCELLED', VOLUNTEER_DOOR_MESSAGES.cancelled, 'conflict');
      return { success: true, code: signup.id, qr: ticketQrSvgPath(volunteerPassUrl(siteUrl, signup.id)) };
    },
  };
}
export type VolunteerDoor = ReturnType<typeof createVolunteerDoor>;
