import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { acceptInviteSchema, inviteSchema, removeAdminSchema } from '../shared/admins.js';
import { ADMIN_MESSAGES, type AcceptInviteReply, type AdminUsersReply, type InviteReply } from '../shared/admins-model.js';
import type { SessionInfo } from '../shared/session-model.js';
import type { AuthGuards } from '../auth/middleware.js';
import type { IdParams } from '../http/server.js';
import { parseWith } from '../http/validate.js';
import type { AdminService } from './service.js';

export function sessionRoutes(api: FastifyInstance, guards: AuthGuards) {
  /** Who is signed in and with which role: the dashboard asks this after sign-in. */
  api.get('/session', { preHandler: guards.requireRole('staff') }, async (request) => {
    const viewer = request.viewer!;
    const session: SessionInfo = { email: viewer.email, role: viewer.role };
    return { success: true, ...session };
  });
}

/** The admin team (SPEC §7 admin calls): admins only, except accepting, which needs a signed-in account and no role. */
export function adminRoutes(
  api: FastifyInstance,
  admins: AdminService,
  guards: AuthGuards,
  /** auth/middleware.ts requireSignedIn: a verified account, role or not. */
  requireSignedIn: preHandlerAsyncHookHandler,
) {
  const admin = { preHandler: guards.requireRole('admin') };

  api.get<{ Reply: AdminUsersReply }>('/admin/users', admin, async () => ({ success: true, ...(await admins.list()) }));

  api.post<{ Reply: InviteReply }>('/admin/invite', admin, async (request, reply) => {
    const invitation = await admins.invite(parseWith(inviteSchema, request.body), request.viewer!);
    return reply.code(201).send({ success: true, message: ADMIN_MESSAGES.invited, invitation });
  });

  api.delete<IdParams>('/admin/invitations/:id', admin, async (request) => {
    await admins.revoke(request.params.id, request.viewer!);
    return { success: true, message: ADMIN_MESSAGES.revoked };
  });

  api.post('/admin/remove', admin, async (request) => {
    const { email } = parseWith(removeAdminSchema, request.body);
    return { success: true, message: ADMIN_MESSAGES.removed, admin: await admins.remove(email, request.viewer!) };
  });

  // Security over the spec's letter (DESIGN §2): the invitation token alone never grants a role.
  api.post<{ Reply: AcceptInviteReply }>('/admin/accept-invite', { preHandler: requireSignedIn }, async (request) => {
    const granted = await admins.accept(parseWith(acceptInviteSchema, request.body), request.identity!);
    return { success: true, message: ADMIN_MESSAGES.accepted, email: granted.email, role: granted.role };
  });
}
