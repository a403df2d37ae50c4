import { z } from 'zod';
import { CHECKIN_DOOR_MAX, CHECKIN_MESSAGES, type CheckInRequest } from './checkin-model.js';
import type { Same } from './type-checks.js';

const isoInstant = (name: string) => z.iso.datetime({ offset: true, error: `${name} must be an ISO date and time` });

/**
 * POST /checkin/{id}: unknown fields (a `checkedInBy` above all) are dropped, never trusted.
 * A check-in names its event (issue 23): without one the door has not chosen what it admits for.
 */
export const checkInSchema = z
  .object({
    eventId: z.string({ error: CHECKIN_MESSAGES.selectEvent }).trim().min(1, CHECKIN_MESSAGES.selectEvent).max(100),
    checkedInAt: isoInstant('checkedInAt').optional(),
    listLoadedAt: isoInstant('listLoadedAt').optional(),
    door: z.string({ error: CHECKIN_MESSAGES.doorTooLong }).trim().max(CHECKIN_DOOR_MAX, CHECKIN_MESSAGES.doorTooLong).optional(),
  })
  .strip()
  .superRefine((body, context) => {
    if (body.checkedInAt !== undefined && body.listLoadedAt === undefined) {
      context.addIssue({ code: 'custom', path: ['listLoadedAt'], message: CHECKIN_MESSAGES.listLoadedAtRequired });
    }
  });

const _request: Same<z.input<typeof checkInSchema>, CheckInRequest> = true;
void _request;
