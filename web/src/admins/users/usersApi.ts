// The Admin Users tab's calls, its query (one per resource) and its pure helpers.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ADMIN_MESSAGES, type AdminUsersReply, type AdminView, type InviteReply, type InviteRequest } from '@shared/admins-model.js';
import { ORGANISATION_TIME_ZONE } from '@shared/constants.js';
import type { Role } from '@shared/session-model.js';
import { errorText, type ApiClient } from '../../api/client.js';

type Api = Pick<ApiClient, 'request'>;

/** The team and its pending invitations: the tab's only resource. */
export const ADMIN_USERS_KEY = ['admin-users'] as const;

export const adminUserCalls = {
  list: (api: Api, signal?: AbortSignal) => api.request<AdminUsersReply>('/admin/users', { signal }, ADMIN_MESSAGES.loadFailed),
  invite: (api: Api, body: InviteRequest) => api.request<InviteReply>('/admin/invite', { method: 'POST', body }, ADMIN_MESSAGES.inviteFailed),
  remove: (api: Api, email: string) => api.request<{ message?: string }>('/admin/remove', { method: 'POST', body: { email } }, ADMIN_MESSAGES.removeFailed),
  revoke: (api: Api, invitationId: string) =>
    api.request<{ message?: string }>(`/admin/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' }, ADMIN_MESSAGES.revokeFailed),
};

export function adminUsersQuery(api: Api) {
  return queryOptions({
    queryKey: ADMIN_USERS_KEY,
    queryFn: ({ signal }) => adminUserCalls.list(api, signal).then((r) => ({ admins: r.admins ?? [], invitations: r.invitations ?? [] })),
  });
}

export function invalidateAdminUsers(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
}

export const ROLE_LABEL: Record<Role, string> = { admin: 'Admin', staff: 'Staff' };

/** What each role may do, said where the role is chosen. */
export const ROLE_HINT: Record<Role, string> = {
  admin: 'Admin: everything in the dashboard, including this team.',
  staff: 'Staff: check-in and RSVP lists only.',
};

/**
 * A failed action's text: the SPEC §8 message, with the API's reason when it gave its own
 * ('Failed to remove admin access: You cannot remove your own access').
 */
export function actionFailure(error: unknown, message: string): string {
  const reason = errorText(error, message);
  return reason === message ? message : `${message}: ${reason}`;
}

/** Whether the signed-in admin may remove this member: an active member other than themselves. */
export function canRemove(member: Pick<AdminView, 'email' | 'status'>, signedInEmail: string): boolean {
  return member.status === 'Active' && member.email.toLowerCase() !== signedInEmail.toLowerCase();
}

const dateOnly = new Intl.DateTimeFormat('en-US', { timeZone: ORGANISATION_TIME_ZONE, month: 'short', day: 'numeric', year: 'numeric' });

/** 'Nov 21, 2026' on the organisation's clock; '' when absent or unreadable (older records have no date). */
export function formatDay(iso: string | undefined): string {
  const date = new Date(iso ?? '');
  return iso && !Number.isNaN(date.getTime()) ? dateOnly.format(date) : '';
}

/** How long an invitation still runs, for people: 'Expires in 7 days', 'Expires in less than a day', 'Expired'. */
export function expiryText(expiresAt: string, now: Date = new Date()): string {
  const left = Date.parse(expiresAt) - now.getTime();
  if (!(left > 0)) return 'Expired';
  const day = 24 * 60 * 60 * 1000;
  if (left < day) return 'Expires in less than a day';
  // Rounded: an invitation sent a moment ago says 7 days, not 6.
  const days = Math.round(left / day);
  return days === 1 ? 'Expires in 1 day' : `Expires in ${days} days`;
}
