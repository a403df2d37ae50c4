// The admins' Volunteers tab (issue 29 item 3): its calls, the coverage query and the tab's wording.
import { queryOptions } from '@tanstack/react-query';
import {
  VOLUNTEER_ADMIN_MESSAGES as A,
  type VolunteerAdminDoneReply,
  type VolunteerCoverageReply,
  type VolunteerMessageReply,
  type VolunteerRoleReply,
  type VolunteerShiftAdmin,
  type VolunteerShiftReply,
} from '@shared/volunteers-admin-model.js';
import type { VolunteerMessageInput, VolunteerRoleCreateInput } from '@shared/volunteers.js';
import type { StaffApiClient } from '../../api/staffClient.js';
import { LIVE_REFRESH_MS } from '../../checkin/checkin.js';
import { eventWhen } from '../../events/format.js';

type Api = Pick<StaffApiClient, 'request' | 'download'>;
const id = encodeURIComponent;

/** The picker's value for the roles of no event (a monthly trail crew). */
export const STANDALONE = 'standalone';

export const VOLUNTEERS_ADMIN_TEXT = {
  eventLabel: 'Event',
  standaloneOption: 'Standalone roles (no event)',
  addRole: 'Add role',
  editRole: 'Edit role',
  addShift: 'Add shift',
  editShift: 'Edit shift',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  up: 'Move up',
  down: 'Move down',
  archive: 'Archive',
  restore: 'Restore',
  archived: 'Archived',
  freeTicket: 'Free ticket',
  noRoles: 'No volunteer roles yet.',
  noRolesHint: 'Add a role, then its shifts.',
  noShifts: 'No shifts yet.',
  nobody: 'Nobody has signed up yet.',
  move: 'Move',
  moveTitle: (name: string) => `Move ${name} to another shift`,
  moveTo: 'Shift to move to',
  noTarget: 'No other shift to move to.',
  cancelSignup: 'Cancel',
  cancelTitle: (name: string) => `Cancel ${name}'s sign-up?`,
  cancelBody: 'Their place is freed and they are told by e-mail.',
  keep: 'Keep the sign-up',
  cancelling: 'Cancelling...',
  emailShift: 'E-mail this shift',
  emailTitle: 'E-mail everyone on this shift',
  subject: 'Subject',
  message: 'Message (plain text)',
  send: 'Send',
  sending: 'Sending...',
  sentLine: (subject: string, recipients: number, when: string) => `Sent "${subject}" to ${recipients === 1 ? '1 person' : `${recipients} people`}, ${when}`,
  csv: 'Download CSV',
  csvAll: 'Download all sign-ups (CSV)',
  preparing: 'Preparing CSV...',
  title: 'Title',
  description: 'Description',
  start: 'Start',
  end: 'End',
  place: 'Place',
  capacity: 'Capacity',
  minimum: 'Minimum',
  filled: (filled: number, capacity: number, minimum: number) => `${filled} of ${capacity} (minimum ${minimum})`,
} as const;

export const volunteerKeys = { coverage: (event: string) => ['volunteers', 'coverage', event] as const, all: () => ['volunteers'] as const };

export function coverageQuery(api: Pick<StaffApiClient, 'request'>, event: string) {
  return queryOptions({
    queryKey: volunteerKeys.coverage(event),
    queryFn: ({ signal }) => api.request<VolunteerCoverageReply>(`/volunteer/admin/coverage?event=${id(event)}`, { signal }, A.loadFailed),
    enabled: Boolean(event),
    // Sign-ups arrive from the public page: the grid keeps up, as the RSVP lists do.
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export type RoleFields = Pick<VolunteerRoleCreateInput, 'title' | 'description' | 'freeTicket'>;
export type ShiftFields = { start: string; end: string; place: string; capacity: number; minimum: number };

export const volunteerCalls = {
  createRole: (api: Api, body: VolunteerRoleCreateInput) => api.request<VolunteerRoleReply>('/volunteer/admin/roles', { method: 'POST', body }, A.saveFailed),
  updateRole: (api: Api, roleId: string, body: Partial<RoleFields> & { archived?: boolean }) =>
    api.request<VolunteerRoleReply>(`/volunteer/admin/roles/${id(roleId)}`, { method: 'PATCH', body }, A.saveFailed),
  reorderRole: (api: Api, roleId: string, direction: 'up' | 'down') =>
    api.request<VolunteerAdminDoneReply>(`/volunteer/admin/roles/${id(roleId)}/reorder`, { method: 'POST', body: { direction } }, A.saveFailed),
  createShift: (api: Api, body: ShiftFields & { roleId: string }) => api.request<VolunteerShiftReply>('/volunteer/admin/shifts', { method: 'POST', body }, A.saveFailed),
  updateShift: (api: Api, shiftId: string, body: Partial<ShiftFields> & { archived?: boolean }) =>
    api.request<VolunteerShiftReply>(`/volunteer/admin/shifts/${id(shiftId)}`, { method: 'PATCH', body }, A.saveFailed),
  move: (api: Api, signupId: string, shiftId: string) =>
    api.request<VolunteerAdminDoneReply>(`/volunteer/admin/signups/${id(signupId)}/move`, { method: 'POST', body: { shiftId } }, A.saveFailed),
  cancel: (api: Api, signupId: string) => api.request<VolunteerAdminDoneReply>(`/volunteer/admin/signups/${id(signupId)}`, { method: 'DELETE' }, A.saveFailed),
  message: (api: Api, shiftId: string, body: VolunteerMessageInput) =>
    api.request<VolunteerMessageReply>(`/volunteer/admin/shifts/${id(shiftId)}/messages`, { method: 'POST', body }, A.saveFailed),
  csv: (api: Api, event: string | null) => api.download(`/volunteer/admin/signups.csv${event ? `?event=${id(event)}` : ''}`, {}, A.csvFailed),
};

/** 'Sat, Dec 5 · 8:00 AM – 11:00 AM MST' */
export function shiftWhen(shift: Pick<VolunteerShiftAdmin, 'start' | 'end'>): string {
  const when = eventWhen(shift.start, shift.end);
  return `${when.date} · ${when.time}`;
}

/** A fresh id for one 'E-mail this shift' send: the same click retried sends nothing more. */
export function newRequestId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;
}
