import { z } from 'zod';
import { EMAIL_PATTERN } from './fields-model.js';
import { personNameText } from './fields.js';
import { personNameProblem } from './person-name-model.js';
import type { Same } from './type-checks.js';
import { VOLUNTEER_ADMIN_LIMITS, VOLUNTEER_ADMIN_MESSAGES } from './volunteers-admin-model.js';
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

/*
 * The admins' Volunteers tab (issue 29 items 3 and 6). Every message is in volunteers-admin-model.ts.
 * The update schemas set no defaults: a partial edit keeps the fields it does not send.
 */
const A = VOLUNTEER_ADMIN_MESSAGES;
const L = VOLUNTEER_ADMIN_LIMITS;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?$/;
/** An ISO instant with offset, or a wall-clock 'YYYY-MM-DDTHH:mm' the server reads in the organisation's zone. */
const dateTime = (message: string) => z.string({ error: message }).trim().regex(DATE_TIME, message);
const wholeNumber = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).refine((value) => Number.isInteger(value) && value >= min && value <= max, message);
const isWallClock = (value: string | undefined): value is string => typeof value === 'string' && !/(?:Z|[+-]\d{2}:\d{2})$/.test(value);

const roleFields = {
  title: z.string({ error: A.titleRequired }).trim().min(1, A.titleRequired).max(L.title, A.titleTooLong),
  description: z.string().trim().max(L.description, A.descriptionTooLong),
  /** The event served; null (or '') for a standalone role. */
  eventId: z.union([z.literal(''), z.null(), z.string().trim().min(1).max(100)]).transform((value) => (value === '' ? null : value)),
  freeTicket: z.boolean({ error: 'freeTicket must be true or false' }),
};

export const volunteerRoleCreateSchema = z
  .object({ ...roleFields, description: roleFields.description.default(''), eventId: roleFields.eventId.default(null), freeTicket: roleFields.freeTicket.default(false) })
  .strip();
export type VolunteerRoleCreateInput = z.output<typeof volunteerRoleCreateSchema>;

/** A role's edit: any of its fields, and `archived` (archive or restore). The event does not change. */
export const volunteerRoleUpdateSchema = z
  .object({ title: roleFields.title, description: roleFields.description, freeTicket: roleFields.freeTicket, archived: z.boolean({ error: 'archived must be true or false' }) })
  .partial()
  .strip();
export type VolunteerRoleUpdateInput = z.output<typeof volunteerRoleUpdateSchema>;

export const volunteerReorderSchema = z.object({ direction: z.enum(['up', 'down'], { error: A.directionInvalid }) }).strip();

const shiftFields = {
  start: dateTime(A.startRequired),
  end: dateTime(A.endRequired),
  place: z.string().trim().max(L.place, A.placeTooLong),
  capacity: wholeNumber(A.capacityInvalid, 1, L.capacity),
  minimum: wholeNumber(A.minimumInvalid, 0, L.capacity),
};

/** End after start (wall clocks compare as text) and minimum within the capacity; the server checks again on the stored values. */
function checkShift(value: { start?: string; end?: string; capacity?: number; minimum?: number }, ctx: z.RefinementCtx) {
  if (isWallClock(value.start) && isWallClock(value.end) && value.end <= value.start) ctx.addIssue({ code: 'custom', path: ['end'], message: A.endBeforeStart });
  if (value.capacity !== undefined && value.minimum !== undefined && value.minimum > value.capacity) {
    ctx.addIssue({ code: 'custom', path: ['minimum'], message: A.minimumAboveCapacity });
  }
}

export const volunteerShiftCreateSchema = z
  .object({ roleId: z.string({ error: A.roleNotFound }).trim().min(1, A.roleNotFound), ...shiftFields, place: shiftFields.place.default('') })
  .strip()
  .superRefine(checkShift);
export type VolunteerShiftCreateInput = z.output<typeof volunteerShiftCreateSchema>;

/** A shift's edit: any of its fields, and `archived`. The role does not change (move people instead). */
export const volunteerShiftUpdateSchema = z
  .object({ ...shiftFields, archived: z.boolean({ error: 'archived must be true or false' }) })
  .partial()
  .strip()
  .superRefine(checkShift);
export type VolunteerShiftUpdateInput = z.output<typeof volunteerShiftUpdateSchema>;

/** Move a sign-up (admin) to another shift. */
export const volunteerMoveSchema = z.object({ shiftId: z.string({ error: A.shiftNotFound }).trim().min(1, A.shiftNotFound).max(100) }).strip();

/** The volunteer's own swap: the page's key and the shift to swap to. */
export const volunteerSwapSchema = z
  .object({ key: z.string({ error: VOLUNTEER_MESSAGES.linkInvalid }).min(1, VOLUNTEER_MESSAGES.linkInvalid).max(200), shiftId: z.string({ error: A.shiftNotFound }).trim().min(1, A.shiftNotFound).max(100) })
  .strip();

/** 'E-mail this shift': plain text; `requestId` makes a repeated click send nothing more. */
export const volunteerMessageSchema = z
  .object({
    subject: z.string({ error: A.subjectRequired }).trim().min(1, A.subjectRequired).max(L.subject, A.subjectTooLong),
    message: z.string({ error: A.messageRequired }).trim().min(1, A.messageRequired).max(L.message, A.messageTooLong),
    requestId: z.string({ error: A.requestIdInvalid }).regex(/^[A-Za-z0-9_-]{8,64}$/, A.requestIdInvalid),
  })
  .strip();
export type VolunteerMessageInput = z.output<typeof volunteerMessageSchema>;

/** ?event={id} or ?event=standalone (coverage); absent on the CSV: every sign-up. */
export const volunteerEventQuerySchema = z.object({ event: z.string({ error: A.eventQueryInvalid }).trim().min(1, A.eventQueryInvalid).max(100).optional() }).strip();
