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
