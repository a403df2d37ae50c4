import { z } from 'zod';
import { ADMIN_EMAIL_MAX, ADMIN_MESSAGES, type AcceptInviteRequest, type InviteRequest, type RemoveAdminRequest } from './admins-model.js';
import { EMAIL_PATTERN } from './fields-model.js';
import { roleSchema } from './session.js';
import type { Same } from './type-checks.js';

/** An e-mail address: trimmed, required, valid (SPEC §5 'Admin invite: e-mail required, trimmed'). */
const teamEmail = z
  .string({ error: ADMIN_MESSAGES.emailRequired })
  .trim()
  .min(1, ADMIN_MESSAGES.emailRequired)
  .max(ADMIN_EMAIL_MAX, ADMIN_MESSAGES.invalidEmail)
  .regex(EMAIL_PATTERN, ADMIN_MESSAGES.invalidEmail);

/** POST /admin/invite. */
export const inviteSchema = z
  .object({
    email: teamEmail,
    role: roleSchema.default('admin'),
  })
  .strip();
export type InviteInput = z.output<typeof inviteSchema>;

/** POST /admin/remove. */
export const removeAdminSchema = z.object({ email: teamEmail }).strip();

/**
 * POST /admin/accept-invite. A missing or malformed token is the same refusal as an unknown
 * one ('Invalid or expired invitation'); the length bound keeps junk out of the hash.
 */
export const acceptInviteSchema = z
  .object({
    inviteToken: z
      .string({ error: ADMIN_MESSAGES.invalidInvitation })
      .trim()
      .min(1, ADMIN_MESSAGES.invalidInvitation)
      .max(200, ADMIN_MESSAGES.invalidInvitation),
    userEmail: z.string().trim().max(ADMIN_EMAIL_MAX, ADMIN_MESSAGES.invalidEmail).optional(),
  })
  .strip();
export type AcceptInviteInput = z.output<typeof acceptInviteSchema>;

const _invite: Same<z.input<typeof inviteSchema>, InviteRequest> = true;
const _remove: Same<z.input<typeof removeAdminSchema>, RemoveAdminRequest> = true;
const _accept: Same<z.input<typeof acceptInviteSchema>, AcceptInviteRequest> = true;
void _invite;
void _remove;
void _accept;
