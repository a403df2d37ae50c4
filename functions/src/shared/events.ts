import { z } from 'zod';
import { DEFAULT_TICKET_TYPE, LIMITS } from './constants.js';
import { safeUrl } from './fields.js';
import {
  CUSTOM_URL_PATTERN,
  DEFAULT_MAX_REGISTRATIONS_PER_EMAIL,
  DEFAULT_REFUND_UNTIL_HOURS_BEFORE,
  WAITLIST_CLAIM_LIMITS,
  WAITLIST_CLAIM_MESSAGE,
  EVENT_LIMITS,
  EVENT_TIME_MESSAGES,
  EVENTS_PAGE,
  EVENTS_PAGE_MESSAGES,
  MAX_REGISTRATIONS_PER_EMAIL_LIMIT,
  REFUND_RULE_LIMITS,
  REFUND_RULE_MESSAGE,
} from './events-model.js';
import { DEFAULT_REMINDER_OFFSETS_HOURS, REMINDER_OFFSET_LIMITS, REMINDER_OFFSET_MESSAGES } from './reminders-model.js';
import { MESSAGES } from './messages.js';
import { QUOTA_MESSAGES, quotaProblems } from './quotas-model.js';

/** Comma-separated text or a list: trimmed, empties dropped, duplicates removed (SPEC §5). */
export const tagList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => {
    const items = (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean);
    return [...new Set(items)];
  })
  .pipe(z.array(z.string().max(EVENT_LIMITS.tag)).max(LIMITS.tags));

/** Lower-cased; only a-z, 0-9 and hyphen (SPEC §5). Empty means "use the id". */
export const customUrlField = z
  .string()
  .trim()
  .toLowerCase()
  .max(EVENT_LIMITS.customUrl)
  .refine((value) => value === '' || CUSTOM_URL_PATTERN.test(value), MESSAGES.customUrlFormat);

/**
 * Date and time of an event: an ISO instant with offset, or a wall-clock
 * 'YYYY-MM-DDTHH:mm' that the server reads in the organisation's time zone.
 */
export const eventDateField = z
  .string()
  .trim()
  .min(1, 'Date and time are required')
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?$/, 'Date and time are required');

/**
 * An optional date and time in the same form as `date` (issue 26 item 4): '' or null clears it
 * (stored as null), so the form's empty field and a partial update's `null` both mean 'none'.
 */
function optionalEventDateField(message: string) {
  return z
    .union([z.literal(''), z.null(), z.string().trim().regex(/^(?:|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?)$/, message)], { error: message })
    .transform((value) => (value === '' || value === null ? null : value));
}

const money = z.coerce
  .number({ error: 'Ticket price must be a number' })
  .min(0, 'Ticket price must be at least 0')
  .max(EVENT_LIMITS.maxPrice, 'Ticket price is too high')
  .transform((value) => Math.round(value * 100) / 100);

const optionalCapacity = z
  .union([z.literal(''), z.null(), z.coerce.number().int('Maximum attendees must be a whole number').min(1, 'Maximum attendees must be at least 1')])
  .transform((value) => (value === '' || value === null ? null : value));

/**
 * Quotas per ticket type (issue 26 item 4): by type name, each whole and >= 1; an empty or null value
 * is 'no quota' and is dropped, so the form's blank field and an API client's null both clear it.
 */
const ticketQuotas = z
  .record(
    z.string(),
    z.union([z.literal(''), z.null(), z.coerce.number({ error: QUOTA_MESSAGES.whole }).int(QUOTA_MESSAGES.whole).min(1, QUOTA_MESSAGES.whole)], { error: QUOTA_MESSAGES.whole }),
  )
  .transform((quotas) => Object.fromEntries(Object.entries(quotas).filter((entry): entry is [string, number] => typeof entry[1] === 'number')));

const perEmailMessage = `Registrations per e-mail address must be a whole number from 1 to ${MAX_REGISTRATIONS_PER_EMAIL_LIMIT}`;
const registrationsPerEmail = z.coerce
  .number({ error: perEmailMessage })
  .int(perEmailMessage)
  .min(1, perEmailMessage)
  .max(MAX_REGISTRATIONS_PER_EMAIL_LIMIT, perEmailMessage);

/** Reminder offsets in hours before the start (issue 25 item 3): whole, 1..720, unique, at most 5; stored largest first. */
const reminderOffsets = z
  .array(
    z.coerce
      .number({ error: REMINDER_OFFSET_MESSAGES.hours })
      .int(REMINDER_OFFSET_MESSAGES.hours)
      .min(REMINDER_OFFSET_LIMITS.minHours, REMINDER_OFFSET_MESSAGES.hours)
      .max(REMINDER_OFFSET_LIMITS.maxHours, REMINDER_OFFSET_MESSAGES.hours),
    { error: REMINDER_OFFSET_MESSAGES.hours },
  )
  .max(REMINDER_OFFSET_LIMITS.maxCount, REMINDER_OFFSET_MESSAGES.tooMany)
  .refine((hours) => new Set(hours).size === hours.length, REMINDER_OFFSET_MESSAGES.duplicate)
  .transform((hours) => [...hours].sort((a, b) => b - a));

/**
 * The event form's fields without defaults (SPEC §3, §5). The create schema adds the
 * defaults; the update schema must not, or a partial update would reset every field it
 * leaves out (deactivating a paid event once wiped its prices).
 */
const eventFields = {
  title: z.string().trim().min(1, 'Title is required').max(LIMITS.title),
  description: z.string().trim().max(LIMITS.description),
  date: eventDateField,
  endDate: optionalEventDateField(EVENT_TIME_MESSAGES.endInvalid),
  registrationClosesAt: optionalEventDateField(EVENT_TIME_MESSAGES.deadlineInvalid),
  location: z.string().trim().min(1, 'Location is required').max(LIMITS.shortText),
  maxAttendees: optionalCapacity,
  ticketTypes: z
    .array(z.string().trim().min(1, 'Ticket type names cannot be empty').max(EVENT_LIMITS.ticketTypeName))
    .min(1, MESSAGES.ticketTypeRequired)
    .max(LIMITS.ticketTypes)
    .refine((types) => new Set(types.map((t) => t.toLowerCase())).size === types.length, MESSAGES.duplicateTicketType),
  ticketPrices: z.record(z.string(), money),
  ticketQuotas,
  requiresPayment: z.boolean(),
  eventImage: safeUrl,
  mailchimpAudienceId: z.string().trim().max(EVENT_LIMITS.mailchimpAudienceId),
  mailchimpTags: tagList,
  tags: tagList,
  isActive: z.boolean(),
  generateTickets: z.boolean(),
  allowAdditionalInfo: z.boolean(),
  customUrl: customUrlField,
  maxRegistrationsPerEmail: registrationsPerEmail,
  confirmByEmail: z.boolean(),
  reminderOffsetsHours: reminderOffsets,
  waitlistClaimHours: z.coerce
    .number({ error: WAITLIST_CLAIM_MESSAGE })
    .int(WAITLIST_CLAIM_MESSAGE)
    .min(WAITLIST_CLAIM_LIMITS.minHours, WAITLIST_CLAIM_MESSAGE)
    .max(WAITLIST_CLAIM_LIMITS.maxHours, WAITLIST_CLAIM_MESSAGE),
  refundUntilHoursBefore: z
    .number({ error: REFUND_RULE_MESSAGE })
    .int(REFUND_RULE_MESSAGE)
    .min(REFUND_RULE_LIMITS.minHours, REFUND_RULE_MESSAGE)
    .max(REFUND_RULE_LIMITS.maxHours, REFUND_RULE_MESSAGE)
    .nullable(),
};

/** The event form body of POST /events (SPEC §3, §5): omitted fields take their defaults. */
export const eventInputSchema = z
  .object({
    ...eventFields,
    description: eventFields.description.default(''),
    endDate: eventFields.endDate.default(null),
    registrationClosesAt: eventFields.registrationClosesAt.default(null),
    maxAttendees: eventFields.maxAttendees.default(null),
    ticketTypes: eventFields.ticketTypes.default([DEFAULT_TICKET_TYPE]),
    ticketPrices: eventFields.ticketPrices.default({}),
    ticketQuotas: eventFields.ticketQuotas.default({}),
    requiresPayment: eventFields.requiresPayment.default(false),
    eventImage: eventFields.eventImage.default(''),
    mailchimpAudienceId: eventFields.mailchimpAudienceId.default(''),
    mailchimpTags: eventFields.mailchimpTags.default([]),
    tags: eventFields.tags.default([]),
    isActive: eventFields.isActive.default(true),
    generateTickets: eventFields.generateTickets.default(true),
    allowAdditionalInfo: eventFields.allowAdditionalInfo.default(false),
    customUrl: eventFields.customUrl.default(''),
    maxRegistrationsPerEmail: eventFields.maxRegistrationsPerEmail.default(DEFAULT_MAX_REGISTRATIONS_PER_EMAIL),
    // Omitted: on for a free event with a capacity (confirmByEmailDefault), decided with the other fields.
    confirmByEmail: eventFields.confirmByEmail.optional(),
    reminderOffsetsHours: eventFields.reminderOffsetsHours.default([...DEFAULT_REMINDER_OFFSETS_HOURS]),
    refundUntilHoursBefore: eventFields.refundUntilHoursBefore.default(DEFAULT_REFUND_UNTIL_HOURS_BEFORE),
    waitlistClaimHours: eventFields.waitlistClaimHours.default(WAITLIST_CLAIM_LIMITS.defaultHours),
  })
  .strip();
export type EventInput = z.infer<typeof eventInputSchema>;

/** Same-format wall-clock times ('YYYY-MM-DDTHH:mm', no offset) order as text; others are left to the server, which reads them as instants. */
const isWallClock = (value: string | null): value is string => typeof value === 'string' && !/(?:Z|[+-]\d{2}:\d{2})$/.test(value);

/**
 * The event form's schema (issue 26 item 4): the create schema plus the end and deadline's order,
 * so the admin sees the shared message on the field before sending. The API checks the same on the
 * stored instants (events/rules.ts eventTimesFromInput), whatever the client.
 */
export const eventFormSchema = eventInputSchema.superRefine((event, ctx) => {
  // Quotas against the types and capacity (issue 26 item 4); the API checks the same in events/rules.ts.
  for (const problem of quotaProblems(event)) ctx.addIssue({ code: 'custom', path: ['ticketQuotas', problem.ticketType], message: problem.message });
  if (!isWallClock(event.date)) return;
  if (isWallClock(event.endDate) && event.endDate <= event.date) ctx.addIssue({ code: 'custom', path: ['endDate'], message: EVENT_TIME_MESSAGES.endBeforeStart });
  if (isWallClock(event.registrationClosesAt) && event.registrationClosesAt > event.date) {
    ctx.addIssue({ code: 'custom', path: ['registrationClosesAt'], message: EVENT_TIME_MESSAGES.deadlineAfterStart });
  }
});
/** PUT /events/{id} may send any subset, e.g. `{ isActive }` for activation; it carries no defaults. */
export const eventUpdateSchema = z.object(eventFields).partial().strip();
export type EventUpdate = z.infer<typeof eventUpdateSchema>;

export const toggleTicketsSchema = z.object({ generateTickets: z.boolean().optional() }).strip();

/**
 * GET /events query: active, archived ('true' | 'false' | 'all'), tags (comma-separated); `limit`
 * and `cursor` ask for one page of the public list instead (EVENTS_PAGE). The cursor is opaque
 * (base64url); the service decodes it and refuses one it did not make.
 */
export const eventListQuerySchema = z
  .object({
    active: z.enum(['true', 'false', 'all']).optional(),
    archived: z.enum(['true', 'false', 'all']).optional(),
    tags: tagList.optional(),
    limit: z
      .string(EVENTS_PAGE_MESSAGES.limit)
      .regex(/^\d{1,3}$/, EVENTS_PAGE_MESSAGES.limit)
      .transform(Number)
      .refine((limit) => limit >= 1 && limit <= EVENTS_PAGE.max, EVENTS_PAGE_MESSAGES.limit)
      .optional(),
    cursor: z.string(EVENTS_PAGE_MESSAGES.cursor).regex(/^[A-Za-z0-9_-]{1,400}$/, EVENTS_PAGE_MESSAGES.cursor).optional(),
  })
  .strip();
export type EventListQuery = z.infer<typeof eventListQuerySchema>;
