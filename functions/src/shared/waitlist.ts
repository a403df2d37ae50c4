import { z } from 'zod';
import { MAX_REGISTRATIONS_PER_EMAIL_LIMIT } from './events-model.js';
import { EMAIL_PATTERN } from './fields-model.js';
import { personNameText } from './fields.js';
import { personNameProblem } from './person-name-model.js';
import type { Same } from './type-checks.js';
import { WAITLIST_LIMITS, WAITLIST_MESSAGES, type JoinWaitlistRequest } from './waitlist-model.js';

const emailShape = z.email({ pattern: EMAIL_PATTERN });

/**
 * POST /events/{id}/waitlist (issue 28 item 1). The seats' upper bound is the event's per-e-mail
 * limit, checked by the service (the schema caps it at the largest limit an event may have).
 */
export const joinWaitlistSchema = z
  .object({
    name: personNameText(WAITLIST_LIMITS.name).default(''),
    email: z.string().trim().max(WAITLIST_LIMITS.email, WAITLIST_MESSAGES.emailInvalid).default(''),
    seats: z
      .number({ error: WAITLIST_MESSAGES.seatsInvalid })
      .int(WAITLIST_MESSAGES.seatsInvalid)
      .min(WAITLIST_LIMITS.minSeats, WAITLIST_MESSAGES.seatsInvalid)
      .max(MAX_REGISTRATIONS_PER_EMAIL_LIMIT, WAITLIST_MESSAGES.seatsOverLimit(MAX_REGISTRATIONS_PER_EMAIL_LIMIT)),
    together: z.boolean({ error: 'together must be true or false' }).default(true),
  })
  .strip()
  .superRefine((value, ctx) => {
    if (!value.name) ctx.addIssue({ code: 'custom', path: ['name'], message: WAITLIST_MESSAGES.nameRequired });
    else {
      const problem = personNameProblem(value.name);
      if (problem) ctx.addIssue({ code: 'custom', path: ['name'], message: problem });
    }
    if (!emailShape.safeParse(value.email).success) ctx.addIssue({ code: 'custom', path: ['email'], message: WAITLIST_MESSAGES.emailInvalid });
  });
export type JoinWaitlistInput = z.output<typeof joinWaitlistSchema>;
const _join: Same<z.input<typeof joinWaitlistSchema>['seats'], JoinWaitlistRequest['seats']> = true;
void _join;
