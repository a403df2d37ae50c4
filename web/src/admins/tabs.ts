import type { Role } from '@shared/session-model.js';

const EVERYONE: readonly Role[] = ['admin', 'staff'];
const ADMINS: readonly Role[] = ['admin'];

/** The dashboard's tabs (SPEC §2), in order, each with the roles that may see it (staff: check-in and RSVP lists, SPEC §1). */
export const DASHBOARD_TABS = [
  // Issue 30: the admins' first tab, how each upcoming event is doing (staff keep RSVPs first).
  { id: 'overview', label: 'Overview', roles: ADMINS },
  { id: 'events', label: 'Events', roles: ADMINS },
  { id: 'rsvps', label: 'RSVPs', roles: EVERYONE },
  { id: 'theme', label: 'Theme', roles: ADMINS },
  { id: 'emails', label: 'Email Templates', roles: ADMINS },
  { id: 'sponsors', label: 'Sponsors', roles: ADMINS },
  { id: 'checkin', label: 'Check-in', roles: EVERYONE },
  // Issue 29 item 3: roles, shifts and their coverage (staff read only).
  { id: 'volunteers', label: 'Volunteers', roles: EVERYONE },
  { id: 'admins', label: 'Admin Users', roles: ADMINS },
  // Issue 28 item 5: the audit log, read by admins.
  { id: 'activity', label: 'Activity', roles: ADMINS },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export type DashboardTabId = DashboardTab['id'];

export function isDashboardTab(value: string | null): value is DashboardTabId {
  return DASHBOARD_TABS.some((tab) => tab.id === value);
}

/** The tabs a role may see, in order. */
export function tabsFor(role: Role): DashboardTab[] {
  return DASHBOARD_TABS.filter((tab) => tab.roles.includes(role));
}

/** The tab to show for `?tab=`: the requested one when the role may see it, else the role's first tab. */
export function resolveTab(requested: string | null, role: Role): DashboardTabId {
  const allowed = tabsFor(role);
  return allowed.find((tab) => tab.id === requested)?.id ?? allowed[0].id;
}
