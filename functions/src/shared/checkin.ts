import { z } from 'zod';
import type { CheckInRequest } from './checkin-model.js';
import type { Same } from './type-checks.js';

/** POST /checkin/{id}: unknown fields (a `checkedInBy` above all) are dropped, never trusted. */
export const checkInSchema = z
  .object({
    eventId: z.string().trim().min(1).max(100).optional(),
    checkedInAt: z.iso.datetime({ offset: true, error: 'checkedInAt must be an ISO date and time' }).optional(),
  })
  .strip();

const _request: Same<z.input<typeof checkInSchema>, CheckInRequest> = true;
void _request;
