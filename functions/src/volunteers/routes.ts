import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { parseWith } from '../http/validate.js';
import { linkKeySchema } from '../shared/rsvps.js';
import type { VolunteerOpportunitiesReply, VolunteerSignUpReply, VolunteerSignupReply } from '../shared/volunteers-model.js';
import { volunteerSignUpSchema } from '../shared/volunteers.js';
import type { VolunteerService } from './service.js';

type ShiftParams = { Params: { shiftId: string } };
type SignupParams = { Params: { signupId: string } };

/** Issue 29: the public volunteer opportunities, sign-up (no account) and the sign-up's own page (its key in the body). */
export function volunteerRoutes(api: FastifyInstance, volunteers: VolunteerService, options: { publicWriteLimit: preHandlerAsyncHookHandler }) {
  const limited = { preHandler: options.publicWriteLimit };

  api.get<{ Reply: VolunteerOpportunitiesReply }>('/volunteer', async (_request, reply) => {
    // Counts change with every sign-up: no shared cache keeps a stale 'filled'.
    reply.header('Cache-Control', 'no-store');
    return volunteers.opportunities();
  });

  api.post<ShiftParams & { Reply: VolunteerSignUpReply }>('/volunteer/shifts/:shiftId/signups', limited, async (request, reply) => {
    const signedUp = await volunteers.signUp(request.params.shiftId, parseWith(volunteerSignUpSchema, request.body));
    return reply.code(201).send(signedUp);
  });

  // The page's key travels in the body, never in the address (like the ticket links).
  api.post<SignupParams & { Reply: VolunteerSignupReply }>('/volunteer/signups/:signupId/view', limited, async (request) =>
    volunteers.view(request.params.signupId, parseWith(linkKeySchema, request.body).key),
  );
  // The shift's .ics for the sign-up page's 'Download .ics': the key in the body, so a POST (never cached).
  api.post<SignupParams>('/volunteer/signups/:signupId/calendar.ics', limited, async (request, reply) => {
    const file = await volunteers.calendar(request.params.signupId, parseWith(linkKeySchema, request.body).key);
    reply.header('Cache-Control', 'private, no-store');
    reply.header('Content-Disposition', `attachment; filename="${file.filename}"`);
    return reply.type(file.contentType).send(file.text);
  });
  api.post<SignupParams & { Reply: VolunteerSignupReply }>('/volunteer/signups/:signupId/cancel', limited, async (request) =>
    volunteers.cancel(request.params.signupId, parseWith(linkKeySchema, request.body).key),
  );
}
