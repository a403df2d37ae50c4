/** The admin team and its invitations (SPEC §3 "Admin user", "Admin invite"; §8), without zod. */
import type { Role } from './session-model.js';

export type AdminStatus = 'Active' | 'Removed';

/** A role as the API shows it; the account it is bound to stays on the server. */
export interface AdminView {
  email: string;
  role: Role;
  status: AdminStatus;
  addedDate: string;
  addedBy: string;
  /** When and by whom the access was removed (the record stays, as history). */
  removedDate?: string;
  removedBy?: string;
}

/**
 * A pending invitation as admins see it. `id` is an opaque id of its own: neither the
 * token nor the token's hash ever leaves the server.
 */
export interface AdminInvitationView {
  id: string;
  email: string;
  role: Role;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  /** Past its expiry: it can no longer be accepted (listed so the admin can invite again). */
  expired: boolean;
}

/** GET /admin/users. */
export interface AdminUsersReply {
  success: true;
  admins: AdminView[];
  invitations: AdminInvitationView[];
}

/** POST /admin/invite body: the role defaults to admin (SPEC §1: existing admins invite new admins). */
export interface InviteRequest {
  email: string;
  role?: Role;
}

/** POST /admin/invite reply. */
export interface InviteReply {
  success: true;
  message: string;
  invitation: AdminInvitationView;
}

/** POST /admin/remove body. */
export interface RemoveAdminRequest {
  email: string;
}

/** POST /admin/accept-invite body (SPEC §3 "Admin invite"); the caller's ID token is required as well. */
export interface AcceptInviteRequest {
  inviteToken: string;
  userEmail?: string;
}

/** POST /admin/accept-invite reply. */
export interface AcceptInviteReply {
  success: true;
  message: string;
  email: string;
  role: Role;
}

export const ADMIN_EMAIL_MAX = 254;

/** The product's wording (SPEC §8) and this capability's own refusals. */
export const ADMIN_MESSAGES = {
  loadFailed: 'Failed to load admin users',
  inviteFailed: 'Failed to send admin invitation',
  removeFailed: 'Failed to remove admin access',
  acceptFailed: 'Failed to accept invitation',
  revokeFailed: 'Failed to revoke the invitation',
  invalidInvitation: 'Invalid or expired invitation',
  wrongAccount: 'This invitation was sent to a different e-mail address. Sign in with the invited address to accept it.',
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email address',
  alreadyOnTeam: 'This person already has access to the dashboard',
  cannotRemoveSelf: 'You cannot remove your own access',
  lastAdmin: 'You cannot remove the last admin',
  memberNotFound: 'No one with this e-mail has access to the dashboard',
  invitationNotFound: 'This invitation is no longer pending',
  invited: 'Invitation sent',
  removed: 'Access removed',
  revoked: 'Invitation revoked',
  accepted: 'Welcome to the admin team!',
  // Issue 23 item 5: accepting needs a proven mailbox (email_verified on the ID token).
  emailNotVerified: 'Verify your e-mail address to accept this invitation: open the link in the verification e-mail we sent you, then try again.',
} as const;

/**
 * The invitation e-mail's link to the invitation screen (SPEC §2: /admin?invite=TOKEN). A staff
 * invitation adds &role=staff so the screen can name it 'Staff invitation' before anyone signs in
 * (issue 24 item 10); only a wording hint: the role granted is the stored invitation's.
 */
export function invitationUrl(siteUrl: string, token: string, role: 'admin' | 'staff' = 'admin'): string {
  return `${siteUrl.replace(/\/+$/, '')}/admin?invite=${encodeURIComponent(token)}${role === 'staff' ? '&role=staff' : ''}`;
}
