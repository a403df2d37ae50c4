import type { Role } from '../shared/session-model.js';

/** What the API needs from the identity provider: who a bearer token belongs to. */
export interface VerifiedIdentity {
  uid: string;
  email: string;
  emailVerified: boolean;
}

export interface IdentityVerifier {
  /** Resolves the token's identity, or rejects when the token is missing, forged, expired or revoked. */
  verifyIdToken(token: string, options?: { checkRevoked?: boolean }): Promise<VerifiedIdentity>;
}

/** Whether a verified identity holds a role, and which. */
export type RoleDecision = { allowed: true; role: Role } | { allowed: false; reason: 'no-role' | 'unverified' | 'insufficient' };

/** Where roles live (admins/roles.ts over the store); the guards ask it on every protected call. */
export type RoleLookup = (identity: VerifiedIdentity, needs: Role) => Promise<RoleDecision>;
