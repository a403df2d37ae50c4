import { newId } from '../ids.js';
import { RuleError } from '../rule-error.js';
import type { DocumentStore } from '../store/port.js';
import { VOLUNTEER_ROLES, VOLUNTEER_SHIFTS } from './repository.js';

/*
 * Roles and shifts as the demo seed and the tests lay them out (issue 29). The admins' Volunteers
 * tab, a later slice, will create them through the API with the same rules.
 */

export interface NewVolunteerRole {
  title: string;
  description: string;
  eventId: string | null;
  order: number;
  /** Issue 29 item 4: a sign-up also registers the person for the event (free-ticket.ts). Default false. */
  freeTicket?: boolean;
}

export interface NewVolunteerShift {
  roleId: string;
  start: string;
  end: string;
  place: string;
  capacity: number;
  minimum: number;
}

/** A shift ending before it starts, a capacity under 1, a minimum above the capacity: refused, nothing stored. */
export function assertShiftShape(shift: Pick<NewVolunteerShift, 'start' | 'end' | 'capacity' | 'minimum'>) {
  const start = Date.parse(shift.start);
  const end = Date.parse(shift.end);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) throw new RuleError('VOLUNTEER_SHIFT_INVALID', 'A shift must end after it starts', 'invalid', 'end');
  if (!Number.isInteger(shift.capacity) || shift.capacity < 1) throw new RuleError('VOLUNTEER_SHIFT_INVALID', 'Capacity must be a whole number of at least 1', 'invalid', 'capacity');
  if (!Number.isInteger(shift.minimum) || shift.minimum < 0 || shift.minimum > shift.capacity) {
    throw new RuleError('VOLUNTEER_SHIFT_INVALID', 'The minimum must be a whole number no larger than the capacity', 'invalid', 'minimum');
  }
}

export async function addVolunteerRole(store: DocumentStore, role: NewVolunteerRole, now: Date): Promise<string> {
  const id = newId();
  await store.set(VOLUNTEER_ROLES, id, { ...role, freeTicket: role.freeTicket ?? false, archived: false, createdAt: now.toISOString() });
  return id;
}

export async function addVolunteerShift(store: DocumentStore, shift: NewVolunteerShift, now: Date): Promise<string> {
  assertShiftShape(shift);
  const role = await store.get(VOLUNTEER_ROLES, shift.roleId);
  if (!role) throw new RuleError('VOLUNTEER_SHIFT_INVALID', 'The role does not exist', 'invalid', 'roleId');
  const id = newId();
  await store.set(VOLUNTEER_SHIFTS, id, {
    ...shift,
    start: new Date(shift.start).toISOString(),
    end: new Date(shift.end).toISOString(),
    eventId: role.data.eventId,
    filled: 0,
    createdAt: now.toISOString(),
  });
  return id;
}
