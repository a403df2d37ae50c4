import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, AUDIT_MESSAGES, AUDIT_PAGE, AUDIT_REASON_MAX, type AuditAction } from './audit-model.js';

/**
 * The optional reason an admin gives for a cancel, a refund or the undo of a check-in (issue 28
 * item 4): trimmed, blank is none. Old clients send no body at all: that is no reason too.
 */
export const auditReasonSchema = z
  .object({
    reason: z
      .string({ error: AUDIT_MESSAGES.reasonInvalid })
      .trim()
      .max(AUDIT_REASON_MAX, AUDIT_MESSAGES.reasonTooLong)
      .optional()
      .transform((reason) => reason || null),
  })
  .strip();
export type AuditReasonInput = z.infer<typeof auditReasonSchema>;

/** Parses an optional body carrying a reason; no body at all is no reason. */
export const optionalReasonBody = z.preprocess((body) => body ?? {}, auditReasonSchema);

const day = z.string({ error: AUDIT_MESSAGES.dateInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, AUDIT_MESSAGES.dateInvalid);

/**
 * GET /audit (admins): filters by event, actor (an e-mail address, or a kind: system, attendee,
 * payment provider, staff), action and dates (from/to, inclusive days in UTC); a page of `limit`
 * entries after `cursor`, newest first.
 */
export const auditQuerySchema = z
  .object({
    eventId: z.string().trim().min(1).max(100).optional(),
    actor: z.string().trim().toLowerCase().min(1).max(320).optional(),
    action: z.enum(AUDIT_ACTIONS as [AuditAction, ...AuditAction[]], { error: AUDIT_MESSAGES.actionInvalid }).optional(),
    from: day.optional(),
    to: day.optional(),
    limit: z
      .string(AUDIT_MESSAGES.limitInvalid)
      .regex(/^\d{1,3}$/, AUDIT_MESSAGES.limitInvalid)
      .transform(Number)
      .refine((limit) => limit >= 1 && limit <= AUDIT_PAGE.max, AUDIT_MESSAGES.limitInvalid)
      .optional(),
    cursor: z.string(AUDIT_MESSAGES.cursorInvalid).regex(/^[A-Za-z0-9_-]{1,400}$/, AUDIT_MESSAGES.cursorInvalid).optional(),
  })
  .strip()
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['from'], message: AUDIT_MESSAGES.rangeInvalid });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** Whether an actor filter names a kind rather than an e-mail address. */
export const isActorKind = (actor: string) => (AUDIT_ACTOR_KINDS as readonly string[]).includes(actor);
