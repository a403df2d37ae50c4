import { z } from 'zod';
import { EMAIL_PATTERN } from './fields-model.js';
import { personNameText } from './fields.js';
import { personNameProblem } from './person-name-model.js';
import { ORDER_MAX_TICKETS, ORDER_MESSAGES, RSVP_FIELD_LIMITS, RSVP_MESSAGES, type LinkKeyRequest, type RsvpRequest } from './rsvps-model.js';
import type { TransferTicketRequest } from './self-service-model.js';
import type { Same } from './type-checks.js';

const emailShape = z.email({ pattern: EMAIL_PATTERN });

const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('');

/** A person's name and e-mail, as a registration and a ticket's new holder give them: both required, a name that is a name, an address. */
function checkPerson(value: { name: string; email: string }, ctx: z.RefinementCtx) {
  if (!value.name || !value.email) {
    ctx.addIssue({ code: 'custom', path: [value.name ? 'email' : 'name'], message: RSVP_MESSAGES.nameAndEmailRequired });
    return;
  }
  const nameProblem = personNameProblem(value.name);
  if (nameProblem) ctx.addIssue({ code: 'custom', path: ['name'], message: nameProblem });
  if (!emailShape.safeParse(value.email).success) ctx.addIssue({ code: 'custom', path: ['email'], message: RSVP_MESSAGES.invalidEmail });
}

/** One ticket of an order (issue 26 item 1): a blank type is the event's default, a blank name the buyer's (the service fills both). */
export const orderTicketSchema = z
  .object({
    ticketType: optionalText(RSVP_FIELD_LIMITS.ticketType),
    name: personNameText(RSVP_FIELD_LIMITS.name).default(''),
  })
  .strip();

/** Each attendee name given must be a person's name, like the buyer's (a blank one is the buyer's). */
function checkTicketNames(value: { tickets?: { name: string }[] }, ctx: z.RefinementCtx) {
  value.tickets?.forEach((ticket, index) => {
    const problem = ticket.name ? personNameProblem(ticket.name) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['tickets', index, 'name'], message: problem });
  });
}

/** POST /events/{id}/rsvp (SPEC §7); with `tickets`, an order of several (issue 26 item 1). */
export const rsvpInputSchema = z
  .object({
    name: personNameText(RSVP_FIELD_LIMITS.name).default(''),
    email: optionalText(RSVP_FIELD_LIMITS.email),
    address: optionalText(RSVP_FIELD_LIMITS.address),
    city: optionalText(RSVP_FIELD_LIMITS.city),
    state: optionalText(RSVP_FIELD_LIMITS.state),
    zipCode: optionalText(RSVP_FIELD_LIMITS.zipCode),
    ticketType: optionalText(RSVP_FIELD_LIMITS.ticketType),
    additionalInfo: optionalText(RSVP_FIELD_LIMITS.additionalInfo),
    keepInformed: z.boolean({ error: 'keepInformed must be true or false' }).default(false),
    tickets: z
      .array(orderTicketSchema, { error: ORDER_MESSAGES.noTickets })
      .min(1, ORDER_MESSAGES.noTickets)
      .max(ORDER_MAX_TICKETS, ORDER_MESSAGES.tooManyInRequest)
      .optional(),
  })
  .strip()
  .superRefine(checkPerson)
  .superRefine(checkTicketNames);
export type RsvpInput = z.infer<typeof rsvpInputSchema>;

const _request: Same<z.input<typeof rsvpInputSchema>, RsvpRequest> = true;
void _request;

/** GET /events/{id}/rsvps query: `include=cancelled` adds the cancelled and refunded RSVPs to those holding a seat. */
export const rsvpListQuerySchema = z.object({ include: z.enum(['cancelled']).optional() }).strip();

/** The body of POST /rsvps/{id}/confirm and /rsvps/{id}/hold: the key of the link in the e-mail (issue 23). */
export const linkKeySchema = z.object({ key: z.string({ error: RSVP_MESSAGES.linkInvalid }).min(1, RSVP_MESSAGES.linkInvalid).max(200, RSVP_MESSAGES.linkInvalid) }).strip();
const _linkKey: Same<z.input<typeof linkKeySchema>, LinkKeyRequest> = true;
void _linkKey;

/** POST /rsvps/{id}/transfer (issue 25 item 5): the manage link's key and the new holder, checked like a registration's name and e-mail. */
export const transferTicketSchema = z
  .object({
    key: linkKeySchema.shape.key,
    name: personNameText(RSVP_FIELD_LIMITS.name).default(''),
    email: optionalText(RSVP_FIELD_LIMITS.email),
  })
  .strip()
  .superRefine(checkPerson);
const _transfer: Same<z.output<typeof transferTicketSchema>, TransferTicketRequest> = true;
void _transfer;
