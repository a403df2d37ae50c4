import { z } from 'zod';
import { DEFAULT_TICKET_TYPE, LIMITS } from './constants.js';
import { safeUrl } from './fields.js';
import { MESSAGES } from './messages.js';

/** Comma-separated text or a list: trimmed, empties dropped, duplicates removed (SPEC §5). */
export const tagList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => {
    const items = (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean);
    return [...new Set(items)];
  })
  .pipe(z.array(z.string().max(60)).max(LIMITS.tags));

/** Lower-cased; only a-z, 0-9 and hyphen (SPEC §5). Empty means "use the id". */
export const customUrlField = z
  .string()
  .trim()
  .toLowerCase()
  .max(80)
  .refine((value) => value === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value), MESSAGES.customUrlFormat);

/**
 * Date and time of an event: an ISO instant with offset, or a wall-clock
 * 'YYYY-MM-DDTHH:mm' that the server reads in the organisation's time zone.
 */
export const eventDateField = z
  .string()
  .trim()
  .min(1, 'Date and time are required')
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?$/, 'Date and time are required');

const money = z.coerce
  .number({ error: 'Ticket price must be a number' })
  .min(0, 'Ticket price must be at least 0')
  .max(100_000, 'Ticket price is too high')
  .transform((value) => Math.round(value * 100) / 100);

const optionalCapacity = z
  .union([z.literal(''), z.null(), z.coerce.number().int('Maximum attendees must be a whole number').min(1, 'Maximum attendees must be at least 1')])
  .transform((value) => (value === '' || value === null ? null : value));

/** The event form body of POST /events and PUT /events/{id} (SPEC §3, §5). */
export const eventInputSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(LIMITS.title),
    description: z.string().trim().max(LIMITS.description).default(''),
    date: eventDateField,
    location: z.string().trim().min(1, 'Location is required').max(LIMITS.shortText),
    maxAttendees: optionalCapacity.default(null),
    ticketTypes: z
      .array(z.string().trim().min(1, 'Ticket type names cannot be empty').max(60))
      .min(1, MESSAGES.ticketTypeRequired)
      .max(LIMITS.ticketTypes)
      .refine((types) => new Set(types.map((t) => t.toLowerCase())).size === types.length, MESSAGES.duplicateTicketType)
      .default([DEFAULT_TICKET_TYPE]),
    ticketPrices: z.record(z.string(), money).default({}),
    requiresPayment: z.boolean().default(false),
    eventImage: safeUrl.default(''),
    mailchimpAudienceId: z.string().trim().max(100).default(''),
    mailchimpTags: tagList.default([]),
    tags: tagList.default([]),
    isActive: z.boolean().default(true),
    generateTickets: z.boolean().default(true),
    allowAdditionalInfo: z.boolean().default(false),
    customUrl: customUrlField.default(''),
  })
  .strip();
export type EventInput = z.infer<typeof eventInputSchema>;
/** PUT /events/{id} may send any subset, e.g. `{ isActive }` for activation. */
export const eventUpdateSchema = eventInputSchema.partial();
export type EventUpdate = z.infer<typeof eventUpdateSchema>;

export const toggleTicketsSchema = z.object({ generateTickets: z.boolean().optional() }).strip();

/** An event as the API returns it. */
export interface EventRecord {
  id: string;
  title: string;
  description: string;
  /** ISO instant (UTC). */
  date: string;
  location: string;
  maxAttendees: number | null;
  ticketTypes: string[];
  /** Dollars per ticket type. */
  ticketPrices: Record<string, number>;
  requiresPayment: boolean;
  eventType: 'free' | 'paid';
  eventImage: string;
  mailchimpAudienceId: string;
  mailchimpTags: string[];
  tags: string[];
  isActive: boolean;
  isArchived: boolean;
  eventStatus: 'active' | 'inactive' | 'archived';
  generateTickets: boolean;
  rsvpOnlyMode: boolean;
  allowAdditionalInfo: boolean;
  customUrl: string;
  attendeeCount: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /events query: active, archived ('true' | 'false' | 'all'), tags (comma-separated). */
export const eventListQuerySchema = z
  .object({
    active: z.enum(['true', 'false', 'all']).optional(),
    archived: z.enum(['true', 'false', 'all']).optional(),
    tags: tagList.optional(),
  })
  .strip();
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

export { eventDisplayStatus, eventPath, lowestPrice, type EventDisplayStatus } from './event-helpers.js';
