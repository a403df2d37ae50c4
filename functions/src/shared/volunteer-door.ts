import { z } from 'zod';
import { CHECKIN_DOOR_MAX, CHECKIN_MESSAGES } from './checkin-model.js';
import type { Same } from './type-checks.js';
import type { VolunteerCheckInRequest } from './volunteer-door-model.js';

/**
 * POST /volunteer/checkin/{signupId} (issue 29 item 5): the event the door admits for and its
 * optional name. Unknown fields (a `checkedInBy`, an offline time) are dropped: a volunteer is
 * checked in online only, at the server's time, by the signed-in user.
 */
export const volunteerCheckInSchema = z
  .object({
    eventId: z.string({ error: CHECKIN_MESSAGES.selectEvent }).trim().min(1, CHECKIN_MESSAGES.selectEvent).max(100),
    door: z.string({ error: CHECKIN_MESSAGES.doorTooLong }).trim().max(CHECKIN_DOOR_MAX, CHECKIN_MESSAGES.doorTooLong).optional(),
  })
  .strip();

const _request: Same<z.input<typeof volunteerCheckInSchema>, VolunteerCheckInRequest> = true;
void _request;
