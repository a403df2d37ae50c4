import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { MESSAGES } from '../shared/messages.js';
import type { Role } from '../shared/session-model.js';
import { HttpError } from '../http/errors.js';
import type { IdentityVerifier, RoleLookup, VerifiedIdentity } from './port.js';

export interface Viewer {
  uid: string;
  email: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who called, once a guard has resolved it; undefined for anonymous callers. */
    viewer?: Viewer;
    /** The verified account behind the bearer token, set by requireSignedIn (role or not). */
    identity?: VerifiedIdentity;
  }
}

function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export function createAuthGuards(deps: { identity: IdentityVerifier; roles: RoleLookup }) {
  /**
   * Resolves the caller's role. No header: anonymous (undefined). A header that
   * does not verify: 401. Verified but without the role: 403.
   */
  async function resolveViewer(request: FastifyRequest, needs: Role, checkRevoked: boolean): Promise<Viewer | undefined> {
    const token = bearerToken(request);
    if (token === undefined) return undefined;
    if (token === null) throw new HttpError(401, MESSAGES.authRequired);
    let identity;
    try {
      identity = await deps.identity.verifyIdToken(token, { checkRevoked });
    } catch {
      throw new HttpError(401, MESSAGES.authRequired);
    }
    const decision = await deps.roles(identity, needs);
    if (!decision.allowed) {
      throw decision.reason === 'unverified'
        ? new HttpError(403, MESSAGES.emailNotVerified, { code: 'EMAIL_NOT_VERIFIED' })
        : new HttpError(403, MESSAGES.forbidden, { code: 'FORBIDDEN' });
    }
    return { uid: identity.uid, email: identity.email, role: decision.role };
  }

  /** Protects a route: the caller must hold `needs` (admin also passes staff routes). */
  function requireRole(needs: Role): preHandlerAsyncHookHandler {
    // Revocation is checked where it matters: on everything only admins may do.
    const checkRevoked = needs === 'admin';
    return async (request) => {
      const viewer = await resolveViewer(request, needs, checkRevoked);
      if (!viewer) throw new HttpError(401, MESSAGES.authRequired);
      request.viewer = viewer;
    };
  }

  /**
   * Public routes that show more to staff: anonymous callers pass, and so does a
   * signed-in account without a role (a visitor who happens to be signed in reads
   * what any visitor reads). A token that does not verify still answers 401, so
   * staff with an expired session are told to sign in rather than shown less.
   */
  const optionalStaff: preHandlerAsyncHookHandler = async (request) => {
    try {
      request.viewer = await resolveViewer(request, 'staff', false);
    } catch (error) {
      if (error instanceof HttpError && error.status === 403) request.viewer = undefined;
      else throw error;
    }
  };

  return { requireRole, optionalStaff };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;

/**
 * A verified account, with or without a role: accepting an admin invitation (the invited
 * person has no role yet). Revocation is checked, since the call can grant a role.
 */
export function requireSignedIn(identity: IdentityVerifier): preHandlerAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, MESSAGES.authRequired);
    try {
      request.identity = await identity.verifyIdToken(token, { checkRevoked: true });
    } catch {
      throw new HttpError(401, MESSAGES.authRequired);
    }
  };
}
