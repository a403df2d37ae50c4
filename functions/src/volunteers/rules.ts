import type { StoredEvent } from '../events/repository.js';
import type { VolunteerGroupView, VolunteerRoleView } from '../shared/volunteers-model.js';
import type { StoredDocument } from '../store/port.js';
import type { StoredVolunteerRole, StoredVolunteerShift } from './repository.js';

/** An event whose roles the public sees: listed (active, not archived) and not cancelled. */
export function isOpenEvent(event: Pick<StoredEvent, 'isActive' | 'isArchived'> & { cancelledAt?: string | null }): boolean {
  return event.isActive && !event.isArchived && !event.cancelledAt;
}

function byOrder(a: StoredDocument<StoredVolunteerRole>, b: StoredDocument<StoredVolunteerRole>): number {
  return a.data.order - b.data.order || a.data.title.localeCompare(b.data.title) || (a.id < b.id ? -1 : 1);
}

/**
 * The public page's groups: each open event's roles (events by date), then the standalone roles;
 * a role shows its upcoming shifts by start time, and a role without any is left out.
 */
export function groupOpportunities(
  roles: StoredDocument<StoredVolunteerRole>[],
  shifts: StoredDocument<StoredVolunteerShift>[],
  openEvents: StoredDocument<StoredEvent>[],
): VolunteerGroupView[] {
  const shiftsByRole = new Map<string, StoredDocument<StoredVolunteerShift>[]>();
  // An archived shift (the admins' tab) is off the page.
  for (const shift of shifts.filter((s) => !s.data.archived)) shiftsByRole.set(shift.data.roleId, [...(shiftsByRole.get(shift.data.roleId) ?? []), shift]);
  const roleView = (role: StoredDocument<StoredVolunteerRole>): VolunteerRoleView => ({
    id: role.id,
    title: role.data.title,
    description: role.data.description,
    ...(role.data.freeTicket && role.data.eventId ? { freeTicket: true } : {}),
    shifts: (shiftsByRole.get(role.id) ?? [])
      .sort((a, b) => a.data.start.localeCompare(b.data.start) || (a.id < b.id ? -1 : 1))
      .map(({ id, data }) => ({ id, start: data.start, end: data.end, place: data.place, capacity: data.capacity, minimum: data.minimum, filled: data.filled })),
  });
  const rolesOf = (eventId: string | null) => roles.filter((role) => role.data.eventId === eventId).sort(byOrder).map(roleView).filter((role) => role.shifts.length > 0);
  const groups: VolunteerGroupView[] = [...openEvents]
    .sort((a, b) => a.data.date.localeCompare(b.data.date))
    .map((event) => ({ event: { id: event.id, title: event.data.title, date: event.data.date, customUrl: event.data.customUrl }, roles: rolesOf(event.id) }));
  groups.push({ event: null, roles: rolesOf(null) });
  return groups.filter((group) => group.roles.length > 0);
}
