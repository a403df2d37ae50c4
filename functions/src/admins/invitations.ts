import { createHash, randomBytes } from 'node:crypto';
import type { AdminInvitationView } from '../shared/admins-model.js';
import type { Role } from '../shared/session-model.js';
import { collection } from '../store/port.js';

/*
 * Admin invitations (DESIGN §2): a random single-use token, of which only the SHA-256 hash is
 * stored, bound to the invited e-mail, expiring after INVITATION_TTL_MS.
 */

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

/** `adminInvitations/{SHA-256 of the token}`: the token itself is never stored. */
export type StoredInvitation = {
  /** The opaque id admins see and revoke by: random, unrelated to the token. */
  id: string;
  /** The invited address, lower-cased: the only account that may accept. */
  email: string;
  role: Role;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  status: InvitationStatus;
  /** The Auth account that accepted it. */
  acceptedBy?: string;
  acceptedAt?: string;
  revokedBy?: string;
  revokedAt?: string;
};

export const INVITATIONS = collection<StoredInvitation>('adminInvitations');

/** 32 random bytes (256 bits) from the system's CSPRNG, URL-safe: the link's only secret. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The document id of a token's invitation. A plain SHA-256 is enough (no salt, no slow
 * hash): the token is 256 random bits, so there is nothing to guess or look up.
 */
export function invitationDocumentId(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function isExpired(invitation: Pick<StoredInvitation, 'expiresAt'>, now: Date): boolean {
  return Date.parse(invitation.expiresAt) <= now.getTime();
}

/** Every field listed, never a spread: the stored document's id (the token's hash) stays on the server. */
export function toInvitationView(invitation: StoredInvitation, now: Date): AdminInvitationView {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    invitedBy: invitation.invitedBy,
    createdAt: invitation.createdAt,
    expiresAt: invitation.expiresAt,
    expired: isExpired(invitation, now),
  };
}

export type AcceptanceDecision = { ok: true } | { ok: false; reason: 'invalid' | 'wrong-account' | 'unverified' };

/**
 * Whether a signed-in account may accept an invitation. Unknown, used, revoked and expired
 * tokens are one refusal (nothing tells them apart to a guesser); a live invitation is only
 * for the account whose verified token carries the invited e-mail, and the e-mail the
 * screen sends, if any, must be that one too. That account must also have proven it holds
 * the mailbox (email_verified on its ID token, issue 23 item 5): anyone can create an
 * account for any address, and the link alone may have been forwarded or seen by others.
 * Checked last, so a dead link or another account is told so before being asked to verify.
 */
export function decideAcceptance(
  invitation: StoredInvitation | null,
  account: { email: string; emailVerified: boolean },
  userEmail: string | undefined,
  now: Date,
): AcceptanceDecision {
  if (!invitation || invitation.status !== 'pending' || isExpired(invitation, now)) return { ok: false, reason: 'invalid' };
  const invited = invitation.email.toLowerCase();
  if (!account.email || account.email.toLowerCase() !== invited) return { ok: false, reason: 'wrong-account' };
  if (userEmail !== undefined && userEmail.trim().toLowerCase() !== invited) return { ok: false, reason: 'wrong-account' };
  if (account.emailVerified !== true) return { ok: false, reason: 'unverified' };
  return { ok: true };
}

/** Orders invitations by when they were made (then by id, so two made in the same millisecond still have an order). */
export function madeBefore(a: Pick<StoredInvitation, 'createdAt' | 'id'>, b: Pick<StoredInvitation, 'createdAt' | 'id'>): boolean {
  return a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);
}
