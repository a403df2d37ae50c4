import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { staffActor } from '../audit/actors.js';
import type { AuthGuards, Viewer } from '../auth/middleware.js';
import { HttpError } from '../http/errors.js';
import type { IdParams } from '../http/server.js';
import { parseWith } from '../http/validate.js';
import { MESSAGES } from '../shared/messages.js';
import { linkKeySchema } from '../shared/rsvps.js';
import type { DoorVolunteersReply, VolunteerCheckInReply } from '../shared/volunteer-door-model.js';
import type { VolunteerPassReply } from '../shared/volunteer-pass-model.js';
import { volunteerCheckInSchema } from '../shared/volunteer-door.js';
import type { VolunteerDoor } from './door.js';

type SignupParams = { Params: { signupId: string } };

function viewerOf(request: { viewer?: Viewer }): Viewer {
  if (!request.viewer) throw new HttpError(401, MESSAGES.authRequired);
  return request.viewer;
}

/** Issue 29 item 5: a volunteer's pass, their check-in at the door (staff) and the door's Volunteers list. */
export function volunteerDoorRoutes(api: FastifyInstance, door: VolunteerDoor, guards: AuthGuards, options: { publicWriteLimit: preHandlerAsyncHookHandler }) {
  const staff = { preHandler: guards.requireRole('staff') };

  api.post<SignupParams & { Reply: VolunteerCheckInReply }>('/volunteer/checkin/:signupId', staff, async (request) =>
    door.checkIn(request.params.signupId, parseWith(volunteerCheckInSchema, request.body), viewerOf(request).email, staffActor(viewerOf(request))),
  );

  api.get<IdParams & { Reply: DoorVolunteersReply }>('/events/:id/door-volunteers', staff, async (request) => door.doorVolunteers(request.params.id));

  // The page's key travels in the body, as for the sign-up page itself.
  api.post<SignupParams & { Reply: VolunteerPassReply }>('/volunteer/signups/:signupId/pass', { preHandler: options.publicWriteLimit }, async (request) =>
    door.pass(request.params.signupId, parseWith(linkKeySchema, request.body).key),
  );
}
