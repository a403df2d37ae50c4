import { staffActor } from '../audit/actors.js';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { AuthGuards } from '../auth/middleware.js';
import type { IdParams } from '../http/server.js';
import { parseWith } from '../http/validate.js';
import { linkKeySchema } from '../shared/rsvps.js';
import type { JoinWaitlistReply, WaitlistAdminReply, WaitlistCountsReply, WaitlistEntryReply } from '../shared/waitlist-model.js';
import { joinWaitlistSchema } from '../shared/waitlist.js';
import type { WaitlistService } from './service.js';

/** Issue 28: joining a full event's waitlist (public), the owner's page (its key in the body), and the admins' list. */
export function waitlistRoutes(api: FastifyInstance, waitlist: WaitlistService, guards: AuthGuards, options: { publicWriteLimit: preHandlerAsyncHookHandler }) {
  const admin = { preHandler: guards.requireRole('admin') };
  const limited = { preHandler: options.publicWriteLimit };

  api.post<IdParams & { Reply: JoinWaitlistReply }>('/events/:id/waitlist', limited, async (request, reply) => {
    const joined = await waitlist.join(request.params.id, parseWith(joinWaitlistSchema, request.body));
    return reply.code(joined.alreadyOnList ? 200 : 201).send(joined);
  });

  // The page's key travels in the body, never in the address (like the ticket links).
  api.post<IdParams & { Reply: WaitlistEntryReply }>('/waitlist/:id/view', limited, async (request) =>
    waitlist.view(request.params.id, parseWith(linkKeySchema, request.body).key),
  );
  api.post<IdParams & { Reply: WaitlistEntryReply }>('/waitlist/:id/leave', limited, async (request) =>
    waitlist.leave(request.params.id, parseWith(linkKeySchema, request.body).key),
  );
  // Issue 28 item 2: an offer's 'Claim' and 'No longer needed', with the page's key.
  api.post<IdParams & { Reply: WaitlistEntryReply }>('/waitlist/:id/claim', limited, async (request) =>
    waitlist.claim(request.params.id, parseWith(linkKeySchema, request.body).key),
  );
  api.post<IdParams & { Reply: WaitlistEntryReply }>('/waitlist/:id/decline', limited, async (request) =>
    waitlist.decline(request.params.id, parseWith(linkKeySchema, request.body).key),
  );
  api.post<IdParams>('/waitlist/:id/offer', admin, async (request) => waitlist.makeOfferByHand(request.params.id, staffActor(request.viewer!)));

  // A static path: it wins over /waitlist/:id.
  api.get<{ Reply: WaitlistCountsReply }>('/waitlist/counts', admin, async () => ({ success: true, counts: await waitlist.waitingCounts() }));

  api.get<IdParams & { Reply: WaitlistAdminReply }>('/events/:id/waitlist', admin, async (request) => ({
    success: true,
    entries: await waitlist.listForEvent(request.params.id),
  }));

  api.get<IdParams>('/events/:id/waitlist.csv', admin, async (request, reply) => {
    const { fileName, csv } = await waitlist.exportCsv(request.params.id);
    return reply
      .headers({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        // Names and e-mail addresses: no shared cache keeps them.
        'Cache-Control': 'private, no-store',
      })
      .send(csv);
  });

  api.delete<IdParams>('/waitlist/:id', admin, async (request) => waitlist.remove(request.params.id, staffActor(request.viewer!)));
}
