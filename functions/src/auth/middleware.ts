import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { MESSAGES } from '../shared/messages.js';
import type { Role } from '../shared/session-model.js';
import { HttpError } from '../http/errors.js';
import type { IdentityVerifier, RoleLookup } from './port.js';

export interface Viewer {
  uid: string;
  email: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who called, once a guard has resolved it; undefined for anonymous callers. */
    viewer?: Viewer;
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

  /** Public routes that show more to staff: anonymous callers pass, a bad token still answers 401. */
  const optionalStaff: preHandlerAsyncHookHandler = async (request) => {
    request.viewer = await resolveViewer(request, 'staff', false);
  };

  return { requireRole, optionalStaff };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;
