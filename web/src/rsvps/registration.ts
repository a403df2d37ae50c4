import { defaultTicketType, ticketLeftLabel, type EventRecord } from '@shared/events-model.js';
import { isEmailAddress } from '@shared/fields-model.js';
import { dollarsToCents, formatCents, formatPrice } from '@shared/payments-model.js';
import { normalisePersonName, personNameProblem } from '@shared/person-name-model.js';
import { ORDER_MESSAGES, RSVP_MESSAGES, type OrderTicketRequest, type RsvpReply } from '@shared/rsvps-model.js';
import { ApiError, type ApiClient, type RsvpRequest } from '../api/client.js';

/** The form's values: every text field of the request (SPEC §3 "RSVP"), and the consent box. */
export type RegistrationValues = Required<Omit<RsvpRequest, 'keepInformed' | 'tickets'>> & {
  keepInformed: boolean;
  /**
   * Several tickets in one order (issue 26 item 1): every ticket, the first the buyer's by default
   * (a blank name is the buyer's), each with its type. Absent or one ticket: one registration, as before.
   */
  tickets?: OrderTicketLine[];
};

/** One ticket of the order as the form holds it. */
export interface OrderTicketLine {
  name: string;
  ticketType: string;
}
/** The text fields. */
export type RegistrationField = Exclude<keyof RegistrationValues, 'keepInformed' | 'tickets'>;
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

/** The form's own text that is not an API message. */
export const REGISTRATION_TEXT = {
  eventFull: 'This event is full.',
  register: 'Register',
  continueToPayment: 'Continue to Payment',
  submitting: 'Submitting...',
  registerAnother: 'Register Another Person',
  /** The success step's link to the ticket page (as the paid registration's, payments/PaymentSuccessPage.tsx). */
  viewTicket: 'View Your Ticket',
  /** Issue 26 item 1: how many tickets, and each attendee. */
  ticketCount: 'Number of tickets',
  attendees: 'Attendees',
  attendeeName: (index: number) => `Ticket ${index + 1}: attendee name`,
  attendeeType: (index: number) => `Ticket ${index + 1}: ticket type`,
} as const;

/** The most tickets the form offers in one order: the event's per-e-mail limit (the server counts the address's other tickets too). */
export function maxTicketsPerOrder(event: { maxRegistrationsPerEmail?: number }): number {
  const limit = event.maxRegistrationsPerEmail;
  return typeof limit === 'number' && limit > 0 ? Math.floor(limit) : 1;
}

/** The tickets the values stand for: the order's, or the one registration's. */
export function ticketLines(values: Pick<RegistrationValues, 'name' | 'ticketType' | 'tickets'>): OrderTicketLine[] {
  return values.tickets && values.tickets.length > 1 ? values.tickets : [{ name: '', ticketType: values.ticketType }];
}

/**
 * The values with `count` tickets: lines kept as typed, new ones of the default type, the first line
 * carrying the type chosen so far; back to one ticket, its type becomes the registration's.
 */
export function withTicketCount(values: RegistrationValues, count: number, event: Pick<EventRecord, 'ticketTypes'>): RegistrationValues {
  const lines = ticketLines(values);
  if (count <= 1) return { ...values, ticketType: lines[0]?.ticketType ?? values.ticketType, tickets: undefined };
  const next = Array.from({ length: count }, (_, index) => lines[index] ?? { name: '', ticketType: openTicketType(event) });
  return { ...values, tickets: next };
}

/** What the order costs in cents: each ticket at its type's price (0 for a free event). */
export function orderAmountInCents(event: EventForForm, values: Pick<RegistrationValues, 'name' | 'ticketType' | 'tickets'>): number {
  return ticketLines(values).reduce((sum, line) => sum + amountInCents(event, line.ticketType), 0);
}

/** 'Total: $160.00 (4 tickets)' */
export function orderTotalText(cents: number, count: number): string {
  return `Total: ${formatCents(cents)}${count > 1 ? ` (${count} tickets)` : ''}`;
}

/**
 * The order's own problem before sending, as the API says it: every attendee after the first needs a
 * name, and no name twice (a blank first one is the buyer's). Null when there is none.
 */
export function orderProblem(values: Pick<RegistrationValues, 'name' | 'ticketType' | 'tickets'>): { message: string; line: number } | null {
  const lines = ticketLines(values);
  if (lines.length < 2) return null;
  const seen = new Set<string>();
  for (const [index, line] of lines.entries()) {
    const name = normalisePersonName(line.name) || (index === 0 ? normalisePersonName(values.name) : '');
    if (!name) return { message: ORDER_MESSAGES.attendeeNameRequired, line: index };
    const problem = personNameProblem(name);
    if (problem) return { message: problem, line: index };
    const key = name.toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(key)) return { message: ORDER_MESSAGES.duplicateName, line: index };
    seen.add(key);
  }
  return null;
}

/** `ticketsLeft`: the public event's types with few tickets left (issue 26 item 4); absent on staff records. */
type EventForForm = Pick<EventRecord, 'ticketTypes' | 'ticketPrices' | 'requiresPayment'> & { ticketsLeft?: Record<string, number> };

/** A type whose quota is used up (issue 26 item 4): shown as sold out and not to be chosen. */
export function ticketTypeSoldOut(event: { ticketsLeft?: Record<string, number> }, ticketType: string): boolean {
  return event.ticketsLeft?.[ticketType] === 0;
}

/** The type a new ticket starts with: the event's default, or the first type not sold out when that one is. */
export function openTicketType(event: Pick<EventRecord, 'ticketTypes'> & { ticketsLeft?: Record<string, number> }): string {
  const preferred = defaultTicketType(event);
  if (!ticketTypeSoldOut(event, preferred)) return preferred;
  return (event.ticketTypes ?? []).find((type) => !ticketTypeSoldOut(event, type)) ?? preferred;
}

/** A blank form for the event, with its default ticket type selected. */
export function initialValues(event: Pick<EventRecord, 'ticketTypes'> & { ticketsLeft?: Record<string, number> }): RegistrationValues {
  return { name: '', email: '', address: '', city: '', state: '', zipCode: '', ticketType: openTicketType(event), additionalInfo: '', keepInformed: false };
}

/** The ticket type select is shown only when there is a choice to make. */
export function showTicketSelect(event: Pick<EventRecord, 'ticketTypes'>): boolean {
  return (event.ticketTypes ?? []).length > 1;
}

/** The price of a ticket type in dollars, or null when it has none. */
export function ticketPrice(event: Pick<EventRecord, 'ticketPrices'>, ticketType: string): number | null {
  const price = event.ticketPrices?.[ticketType];
  return typeof price === 'number' && Number.isFinite(price) ? price : null;
}

/** 'Member — $35.00' for a paid event's priced type, else just the type. */
export function ticketOptionLabel(event: EventForForm, ticketType: string): string {
  const price = event.requiresPayment ? ticketPrice(event, ticketType) : null;
  const label = price === null ? ticketType : `${ticketType} — ${formatPrice(price)}`;
  // Few left, or none (issue 26 item 4): said in the choice itself.
  const left = ticketLeftLabel(event, ticketType);
  return left ? `${label} (${left})` : label;
}

/** What the chosen ticket costs, in cents: 0 for a free event or a type without a price. */
export function amountInCents(event: EventForForm, ticketType: string): number {
  if (!event.requiresPayment) return 0;
  const price = ticketPrice(event, ticketType);
  return price === null || price <= 0 ? 0 : dollarsToCents(price);
}

/** An event with a maximum that is reached takes no more registrations. */
export function isEventFull(event: Pick<EventRecord, 'maxAttendees' | 'attendeeCount'>): boolean {
  return typeof event.maxAttendees === 'number' && (event.attendeeCount ?? 0) >= event.maxAttendees;
}

/** The form step's submit button: 'Continue to Payment' for paid events, else 'Register'. */
export function submitLabel(event: Pick<EventRecord, 'requiresPayment'>): string {
  return event.requiresPayment ? REGISTRATION_TEXT.continueToPayment : REGISTRATION_TEXT.register;
}

export interface RegistrationCheck {
  /** The message for the form's alert region, or null when it has none. */
  message: string | null;
  /** The fields to mark invalid; none when the values may be sent. */
  invalid: RegistrationField[];
  /** Messages shown under their field (a name that is not a name, issue 23 item 3). */
  fieldErrors?: RegistrationErrors;
}

/**
 * Name and email are required; the email must look like one (SPEC §5); the name must be a
 * person's name (personNameProblem, as the API checks it), said under the Name field.
 */
export function validateRegistration(values: Pick<RegistrationValues, 'name' | 'email'>): RegistrationCheck {
  const invalid: RegistrationField[] = [];
  // The name as the API keeps it: one of invisible characters only is no name.
  const name = normalisePersonName(values.name);
  if (!name) invalid.push('name');
  if (!values.email.trim()) invalid.push('email');
  if (invalid.length) return { message: RSVP_MESSAGES.nameAndEmailRequired, invalid };
  const nameProblem = personNameProblem(name);
  const emailInvalid = !isEmailAddress(values.email);
  if (!nameProblem) return emailInvalid ? { message: RSVP_MESSAGES.invalidEmail, invalid: ['email'] } : { message: null, invalid: [] };
  return {
    message: emailInvalid ? RSVP_MESSAGES.invalidEmail : null,
    invalid: emailInvalid ? ['name', 'email'] : ['name'],
    fieldErrors: { name: nameProblem },
  };
}

/**
 * The body sent to the API: trimmed text, additional information only when the event asks for
 * it, and the consent box only when the event offers it (it has a mailing list).
 */
export function rsvpBody(values: RegistrationValues, event: Pick<EventRecord, 'allowAdditionalInfo' | 'ticketTypes'> & { mailingList?: boolean }): RsvpRequest {
  const ticketType = values.ticketType.trim() || defaultTicketType(event);
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    zipCode: values.zipCode.trim(),
    ticketType,
    additionalInfo: event.allowAdditionalInfo ? values.additionalInfo.trim() : '',
    ...(event.mailingList ? { keepInformed: values.keepInformed } : {}),
    ...orderTickets(values),
  };
}

/** An order's tickets for the request (issue 26 item 1); nothing for one ticket, which is sent as before. */
function orderTickets(values: RegistrationValues): { tickets?: OrderTicketRequest[] } {
  const lines = ticketLines(values);
  if (lines.length < 2) return {};
  return { tickets: lines.map((line) => ({ ticketType: line.ticketType, name: normalisePersonName(line.name) })) };
}

const FIELDS: readonly RegistrationField[] = ['name', 'email', 'address', 'city', 'state', 'zipCode', 'ticketType', 'additionalInfo'];

export interface SubmitFailure {
  /** The alert region's text. */
  message: string;
  /**
   * 'notice': nothing is wrong with what was typed. 'You are already registered' (issue 23) tells
   * a person who registered before that the details went to their inbox again.
   */
  tone: 'error' | 'notice';
  /** Field messages from the server, keyed by form field. */
  fieldErrors: RegistrationErrors;
  /** Messages of an order's lines (issue 26 item 1), keyed 'tickets.{n}.name' or 'tickets.{n}.ticketType'. */
  lineErrors?: Record<string, string>;
}

/**
 * A failed RSVP submission as the form shows it: a network failure says
 * 'Network error. Please try again.'; otherwise the server's message (e.g.
 * 'Sorry, this event is full.') or 'Failed to submit RSVP' (SPEC §8).
 */
export function submitFailure(error: unknown): SubmitFailure {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return { message: RSVP_MESSAGES.networkError, tone: 'error', fieldErrors: {} };
    if (error.code === 'ALREADY_REGISTERED') return { message: error.serverMessage ?? RSVP_MESSAGES.alreadyRegistered, tone: 'notice', fieldErrors: {} };
    const fieldErrors: RegistrationErrors = {};
    const lineErrors: Record<string, string> = {};
    for (const [key, text] of Object.entries(error.fieldErrors ?? {})) {
      if ((FIELDS as readonly string[]).includes(key) && typeof text === 'string' && text) fieldErrors[key as RegistrationField] = text;
      if (key.startsWith('tickets.') && typeof text === 'string' && text) lineErrors[key] = text;
    }
    return { message: error.serverMessage ?? RSVP_MESSAGES.submitFailed, tone: 'error', fieldErrors, ...(Object.keys(lineErrors).length ? { lineErrors } : {}) };
  }
  if (error instanceof TypeError) return { message: RSVP_MESSAGES.networkError, tone: 'error', fieldErrors: {} };
  return { message: RSVP_MESSAGES.submitFailed, tone: 'error', fieldErrors: {} };
}

/**
 * The text shown next to a field: its own message, unless the alert region
 * already says exactly that (the same words once, not twice).
 */
export function fieldMessage(errors: RegistrationErrors, field: RegistrationField, alertText: string | null): string | null {
  const text = errors[field];
  if (!text || text === alertText) return null;
  return text;
}

/** POST /events/{id}/rsvp, publicly ('Failed to submit RSVP' when the API gives no reason). */
export function createRsvp(client: Pick<ApiClient, 'request'>, eventId: string, body: RsvpRequest, signal?: AbortSignal): Promise<RsvpReply> {
  return client.request<RsvpReply>(`/events/${encodeURIComponent(eventId)}/rsvp`, { method: 'POST', body, signal }, RSVP_MESSAGES.submitFailed);
}
