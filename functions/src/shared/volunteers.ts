import { z } from 'zod';
import { EMAIL_PATTERN } from './fields-model.js';
import { personNameText } from './fields.js';
import { personNameProblem } from './person-name-model.js';
import type { Same } from './type-checks.js';
import { PHONE_PATTERN, VOLUNTEER_LIMITS, VOLUNTEER_MESSAGES, type VolunteerSignUpRequest } from './volunteers-model.js';

const emailShape = z.email({ pattern: EMAIL_PATTERN });
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('');

/** POST /volunteer/shifts/{shiftId}/signups (issue 29 item 2): no account, name and e-mail required. */
export const volunteerSignUpSchema = z
  .object({
    name: personNameText(VOLUNTEER_LIMITS.name).default(''),
    email: z.string().trim().max(VOLUNTEER_LIMITS.email, VOLUNTEER_MESSAGES.emailInvalid).default(''),
    phone: optionalText(VOLUNTEER_LIMITS.phone),
    note: optionalText(VOLUNTEER_LIMITS.note),
  })
  .strip()
  .superRefine((value, ctx) => {
    if (!value.name) ctx.addIssue({ code: 'custom', path: ['name'], message: VOLUNTEER_MESSAGES.nameRequired });
    else {
      const problem = personNameProblem(value.name);
      if (problem) ctx.addIssue({ code: 'custom', path: ['name'], message: problem });
    }
    if (!emailShape.safeParse(value.email).success) ctx.addIssue({ code: 'custom', path: ['email'], message: VOLUNTEER_MESSAGES.emailInvalid });
    if (value.phone && !PHONE_PATTERN.test(value.phone)) ctx.addIssue({ code: 'custom', path: ['phone'], message: VOLUNTEER_MESSAGES.phoneInvalid });
  });
export type VolunteerSignUpInput = z.output<typeof volunteerSignUpSchema>;
const _signUp: Same<z.input<typeof volunteerSignUpSchema>['phone'], VolunteerSignUpRequest['phone']> = true;
void _signUp;
