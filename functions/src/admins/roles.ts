import type { AdminStatus, AdminView } from '../shared/admins-model.js';
import type { Role } from '../shared/session-model.js';
import type { RoleDecision, RoleLookup, VerifiedIdentity } from '../auth/port.js';
import { collection, type DocumentStore, type Transaction } from '../store/port.js';

/** `admins/{lower-cased e-mail}` (DESIGN §2). */
export type AdminRecord = {
  email: string;
  role: Role;
  status: AdminStatus;
  addedDate: string;
  addedBy: string;
  /** The Auth account the role is bound to, once known; binds an unverified e-mail to one account. */
  uid?: string;
  /** Set when the access was removed; the record stays as history. */
  removedDate?: string;
  removedBy?: string;
};

export const ADMINS = collection<AdminRecord>('admins');

/** Every field listed, never a spread of the stored document. */
export function toAdminView(record: AdminRecord): AdminView {
  return {
    email: record.email,
    role: record.role,
    status: record.status,
    addedDate: record.addedDate,
    addedBy: record.addedBy,
    ...(record.status === 'Removed' && record.removedDate ? { removedDate: record.removedDate } : {}),
    ...(record.status === 'Removed' && record.removedBy ? { removedBy: record.removedBy } : {}),
  };
}

export function adminDocumentId(email: string) {
  return email.trim().toLowerCase();
}

/** admin can do everything staff can. */
export function roleSatisfies(has: Role, needs: Role) {
  return has === 'admin' || has === needs;
}

/**
 * Whether a verified identity holds the needed role. A role is keyed by e-mail,
 * so an unverified e-mail only counts when the record is bound to that very
 * account: otherwise anyone could sign up with an admin's address before they do.
 * A role bound to an account is that account's alone: another account that now
 * holds the same address (deleted and re-created, or a provider that re-issues
 * addresses) does not inherit it.
 */
export function decideRole(identity: VerifiedIdentity, record: AdminRecord | null, needs: Role): RoleDecision {
  if (!record || record.status !== 'Active' || !identity.email) return { allowed: false, reason: 'no-role' };
  if (record.uid && record.uid !== identity.uid) return { allowed: false, reason: 'no-role' };
  if (!identity.emailVerified && record.uid !== identity.uid) return { allowed: false, reason: 'unverified' };
  if (!roleSatisfies(record.role, needs)) return { allowed: false, reason: 'insufficient' };
  return { allowed: true, role: record.role };
}

export async function findAdminRecord(store: DocumentStore, email: string) {
  if (!email) return null;
  return (await store.get(ADMINS, adminDocumentId(email)))?.data ?? null;
}

/** The role lookup the auth guards are given: the stored record of the identity's e-mail, decided by decideRole. */
export function storedRoles(store: DocumentStore): RoleLookup {
  return async (identity, needs) => decideRole(identity, await findAdminRecord(store, identity.email), needs);
}

export type GrantRoleInput = { email: string; role: Role; addedBy: string; uid?: string; now: Date };

/** Grants a role by e-mail: used by the `npm run admin` command and the local seed. */
export async function grantRole(store: DocumentStore, input: GrantRoleInput) {
  return store.runTransaction((tx) => grantRoleInTransaction(tx, input));
}

/**
 * grantRole inside the caller's transaction (an accepted invitation is marked used in the
 * same commit that grants its role). Reads first, then writes, as Firestore requires.
 * A removed record becomes active again with a new addedDate; its removal marks go.
 */
export async function grantRoleInTransaction(tx: Transaction, input: GrantRoleInput) {
  const id = adminDocumentId(input.email);
  const existing = await tx.get(ADMINS, id);
  const record: AdminRecord = {
    email: id,
    role: input.role,
    status: 'Active',
    addedDate: existing?.data.status === 'Active' ? existing.data.addedDate : input.now.toISOString(),
    addedBy: input.addedBy,
    ...(input.uid ? { uid: input.uid } : existing?.data.uid ? { uid: existing.data.uid } : {}),
  };
  tx.set(ADMINS, id, record);
  return toAdminView(record);
}
