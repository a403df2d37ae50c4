/** The dashboard's tabs (SPEC §2), in order. */
export const DASHBOARD_TABS = [
  { id: 'events', label: 'Events' },
  { id: 'rsvps', label: 'RSVPs' },
  { id: 'theme', label: 'Theme' },
  { id: 'emails', label: 'Email Templates' },
  { id: 'sponsors', label: 'Sponsors' },
  { id: 'checkin', label: 'Check-in' },
  { id: 'admins', label: 'Admin Users' },
] as const;

export type DashboardTabId = (typeof DASHBOARD_TABS)[number]['id'];

export function isDashboardTab(value: string | null): value is DashboardTabId {
  return DASHBOARD_TABS.some((tab) => tab.id === value);
}
