import type { AcceptInviteInput, InviteInput } from '../shared/admins.js';
import { ADMIN_MESSAGES, invitationUrl, type AdminInvitationView, type AdminView } from '../shared/admins-model.js';
import { INVITATION_TTL_MS } from '../shared/constants.js';
import type { Role } from '../shared/session-model.js';
import type { VerifiedIdentity } from '../auth/port.js';
import type { Clock } from '../clock.js';
import { newId } from '../ids.js';
import { RuleError } from '../rule-error.js';
import type { DocumentStore } from '../store/port.js';
import {
  decideAcceptance,
  INVITATIONS,
  invitationDocumentId,
  madeBefore,
  newInvitationToken,
  toInvitationView,
  type StoredInvitation,
} from './invitations.js';
import { ADMINS, adminDocumentId, grantRoleInTransaction, toAdminView } from './roles.js';
import { appendAudit, recordAudit } from '../audit/repository.js';
import { staffActor } from '../audit/actors.js';

/**
 * The port the invitation e-mail goes out through (the mail service's sendAdminInvitation).
 * It sends at once, not through the outbox, and rejects when the message could not be sent:
 * the admin is told then, and the invitation is not left behind.
 */
export type SendAdminInvitation = (input: { to: string; acceptUrl: string; role: Role; invitedBy: string; expiresAt: Date }) => Promise<void>;

export interface AdminServiceDeps {
  store: DocumentStore;
  clock: Clock;
  /** The public site's origin: the invitation link points at its /admin?invite=. */
  siteUrl: string;
  sendInvitation: SendAdminInvitation;
}

/** Who asks: the signed-in admin (their e-mail, lower-cased by the identity port). */
export interface Actor {
  email: string;
  /** The signed-in viewer's uid and role, for the audit log (issue 28 item 4). */
  uid?: string;
  role?: string;
}

/** The audit log's actor of an admin's action. */
function auditActor(actor: Actor) {
  return staffActor({ uid: actor.uid ?? '', email: actor.email, role: actor.role ?? 'admin' });
}

const STATUS_ORDER = { Active: 0, Removed: 1 } as const;

/** The admin team: list, invite, revoke, remove, and the invited person's acceptance. */
export function createAdminService({ store, clock, siteUrl, sendInvitation }: AdminServiceDeps) {
  /** Marks the pending invitations of `email` made before `keep` revoked: a new invitation replaces them. */
  async function revokeEarlier(keep: StoredInvitation, actor: Actor) {
    await store.runTransaction(async (tx) => {
      const pending = await tx.query(INVITATIONS, { where: [['email', '==', keep.email], ['status', '==', 'pending']] });
      const revokedAt = clock.now().toISOString();
      for (const doc of pending) {
        if (madeBefore(doc.data, keep)) tx.update(INVITATIONS, doc.id, { status: 'revoked', revokedAt, revokedBy: actor.email });
      }
    });
  }

  return {
    /** GET /admin/users: the team (active first, then removed, each oldest first) and the pending invitations (newest first). */
    async list(): Promise<{ admins: AdminView[]; invitations: AdminInvitationView[] }> {
      const now = clock.now();
      const [records, pending] = await Promise.all([
        store.query(ADMINS),
        store.query(INVITATIONS, { where: [['status', '==', 'pending']] }),
      ]);
      const admins = records
        .map((doc) => toAdminView(doc.data))
        .sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.addedDate.localeCompare(b.addedDate) || a.email.localeCompare(b.email));
      const invitations = pending
        .map((doc) => toInvitationView(doc.data, now))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.email.localeCompare(b.email));
      return { admins, invitations };
    },

    /**
     * POST /admin/invite: stores the invitation (only the token's hash), e-mails the link, and
     * only then replaces the earlier pending invitation of that address, so a failed send
     * leaves the earlier link working and no dead invitation behind.
     */
    async invite(input: InviteInput, actor: Actor): Promise<AdminInvitationView> {
      const email = adminDocumentId(input.email);
      const existing = (await store.get(ADMINS, email))?.data;
      if (existing?.status === 'Active') throw new RuleError('ALREADY_ON_TEAM', ADMIN_MESSAGES.alreadyOnTeam, 'conflict', 'email');

      const now = clock.now();
      const token = newInvitationToken();
      const documentId = invitationDocumentId(token);
      const invitation: StoredInvitation = {
        id: newId(),
        email,
        role: input.role,
        invitedBy: actor.email,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
        status: 'pending',
      };
      await store.runTransaction(async (tx) => tx.create(INVITATIONS, documentId, invitation));
      try {
        await sendInvitation({
          to: input.email,
          acceptUrl: invitationUrl(siteUrl, token, input.role),
          role: input.role,
          invitedBy: actor.email,
          expiresAt: new Date(invitation.expiresAt),
        });
      } catch (error) {
        console.error('Admin invitation e-mail failed', error);
        await store.delete(INVITATIONS, documentId);
        throw new RuleError('INVITATION_SEND_FAILED', ADMIN_MESSAGES.inviteFailed, 'provider-failed');
      }
      await revokeEarlier(invitation, actor);
      // Recorded once the invitation was sent: a failed send leaves none behind, and no entry.
      const changes = [{ field: 'role', before: null, after: input.role }];
      await appendAudit(store, { actor: auditActor(actor), action: 'invitation.sent', target: { type: 'invitation', id: invitation.id, eventId: null, label: email }, changes }, now);
      return toInvitationView(invitation, now);
    },

    /** DELETE /admin/invitations/{id}: a pending invitation can no longer be accepted. */
    async revoke(id: string, actor: Actor): Promise<void> {
      const [found] = await store.query(INVITATIONS, { where: [['id', '==', id]], limit: 1 });
      if (!found) throw new RuleError('INVITATION_NOT_FOUND', ADMIN_MESSAGES.invitationNotFound, 'not-found');
      await store.runTransaction(async (tx) => {
        const current = await tx.get(INVITATIONS, found.id);
        if (current?.data.status !== 'pending') throw new RuleError('INVITATION_NOT_FOUND', ADMIN_MESSAGES.invitationNotFound, 'not-found');
        tx.update(INVITATIONS, found.id, { status: 'revoked', revokedAt: clock.now().toISOString(), revokedBy: actor.email });
        const target = { type: 'invitation' as const, id, eventId: null, label: current.data.email };
        recordAudit(tx, { actor: auditActor(actor), action: 'invitation.revoked', target }, clock.now());
      });
    },

    /**
     * POST /admin/remove: marks the record Removed (kept as history). Never yourself, never the
     * last active admin: the active admins are read in the transaction, so two admins removing
     * each other at the same moment cannot both succeed.
     */
    async remove(emailInput: string, actor: Actor): Promise<AdminView> {
      const email = adminDocumentId(emailInput);
      if (email === adminDocumentId(actor.email)) throw new RuleError('CANNOT_REMOVE_SELF', ADMIN_MESSAGES.cannotRemoveSelf, 'invalid', 'email');
      return store.runTransaction(async (tx) => {
        const record = (await tx.get(ADMINS, email))?.data;
        if (!record || record.status !== 'Active') throw new RuleError('TEAM_MEMBER_NOT_FOUND', ADMIN_MESSAGES.memberNotFound, 'not-found', 'email');
        if (record.role === 'admin') {
          const activeAdmins = await tx.query(ADMINS, { where: [['role', '==', 'admin'], ['status', '==', 'Active']] });
          if (activeAdmins.filter((doc) => doc.id !== email).length === 0) throw new RuleError('LAST_ADMIN', ADMIN_MESSAGES.lastAdmin, 'conflict', 'email');
        }
        const removed = { ...record, status: 'Removed' as const, removedDate: clock.now().toISOString(), removedBy: actor.email };
        tx.set(ADMINS, email, removed);
        const changes = [{ field: 'role', before: record.role, after: null }];
        recordAudit(tx, { actor: auditActor(actor), action: 'role.removed', target: { type: 'admin', id: email, eventId: null, label: email }, changes }, clock.now());
        return toAdminView(removed);
      });
    },

    /**
     * POST /admin/accept-invite: in one transaction, the invitation is checked (pending, not
     * expired, for this account's e-mail, which the account has verified), marked accepted
     * (single use) and its role granted, bound to the account's uid: the role then holds for
     * that account, and for no other account that signs up with the same address. An
     * unverified account is refused (403) and nothing is written: the invitation stays pending.
     */
    async accept(input: AcceptInviteInput, account: VerifiedIdentity): Promise<AdminView> {
      const documentId = invitationDocumentId(input.inviteToken);
      const now = clock.now();
      return store.runTransaction(async (tx) => {
        const invitation = (await tx.get(INVITATIONS, documentId))?.data ?? null;
        const decision = decideAcceptance(invitation, account, input.userEmail, now);
        if (!decision.ok) throw acceptanceRefusal(decision.reason);
        const accepted = invitation!;
        const view = await grantRoleInTransaction(tx, { email: accepted.email, role: accepted.role, addedBy: accepted.invitedBy, uid: account.uid, now });
        tx.update(INVITATIONS, documentId, { status: 'accepted', acceptedAt: now.toISOString(), acceptedBy: account.uid });
        // The role is granted by the invited person's acceptance of the inviter's invitation: both are named.
        const actor = staffActor({ uid: account.uid, email: accepted.email, role: accepted.role });
        const changes = [{ field: 'role', before: null, after: accepted.role }];
        recordAudit(tx, { actor, action: 'role.granted', target: { type: 'admin', id: accepted.email, eventId: null, label: accepted.email }, changes, reason: `Invited by ${accepted.invitedBy}` }, now);
        return view;
      });
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

/** Each refusal of an acceptance, with its code, the product's words and an honest status. */
function acceptanceRefusal(reason: 'invalid' | 'wrong-account' | 'unverified'): RuleError {
  if (reason === 'invalid') return new RuleError('INVALID_INVITATION', ADMIN_MESSAGES.invalidInvitation, 'not-found');
  if (reason === 'wrong-account') return new RuleError('INVITATION_WRONG_ACCOUNT', ADMIN_MESSAGES.wrongAccount, 'invalid');
  return new RuleError('EMAIL_NOT_VERIFIED', ADMIN_MESSAGES.emailNotVerified, 'forbidden');
}
