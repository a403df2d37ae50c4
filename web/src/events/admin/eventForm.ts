// The event form's values <-> the shared event schema (SPEC §3, §5). The form holds what people
// type (text for numbers and tag lists, a list of ticket rows); the request is the shape
// eventInputSchema validates (ticket type names and a price map). Pure, unit-tested.
import { DEFAULT_TICKET_TYPE, ORGANISATION_TIME_ZONE } from '@shared/constants.js';
import { confirmByEmailDefault, DEFAULT_MAX_REGISTRATIONS_PER_EMAIL, DEFAULT_REFUND_UNTIL_HOURS_BEFORE, REFUND_RULE_LIMITS, WAITLIST_CLAIM_LIMITS, type EventRecord } from '@shared/events-model.js';
import { DEFAULT_REMINDER_OFFSETS_HOURS } from '@shared/reminders-model.js';
import { eventInputSchema, type EventInput, type EventUpdate } from '@shared/events.js';
import type { FormMapping } from '../../ui/form.js';

export interface TicketRow {
  name: string;
  /** Dollars as typed; empty means no price. */
  price: string;
  /** Seats of this type inside the event's maximum (issue 26 item 4), as typed; empty (or absent) means no quota. */
  quota?: string;
}

export interface EventFormValues {
  title: string;
  description: string;
  /** 'YYYY-MM-DDTHH:mm' wall-clock time in the organisation's time zone. */
  date: string;
  /** Optional end and 'Registration closes' (issue 26 item 4), in the same form as `date`; empty for none. */
  endDate: string;
  registrationClosesAt: string;
  location: string;
  /** Empty means unlimited. */
  maxAttendees: string;
  /** A whole number from 1 to 50, as typed. */
  maxRegistrationsPerEmail: string;
  tickets: TicketRow[];
  requiresPayment: boolean;
  eventImage: string;
  /** Comma-separated. */
  tags: string;
  mailchimpTags: string;
  /** The Mailchimp audience new registrations are synced to; empty for none. */
  mailchimpAudienceId: string;
  isActive: boolean;
  generateTickets: boolean;
  allowAdditionalInfo: boolean;
  customUrl: string;
  /**
   * 'Confirm by e-mail' (issue 23); null while a new event's admin has not touched it: then it
   * is left out of the request and the server's default applies (confirmByEmailDefault).
   */
  confirmByEmail: boolean | null;
  /** Reminder e-mails, hours before the start, comma-separated as typed ('24, 2'); empty: none (issue 25 item 3). */
  reminderOffsetsHours: string;
  /**
   * A paid ticket its attendee cancels is refunded in full until this many hours before the start
   * (issue 25 item 4), whole hours as typed; empty: no refunds.
   */
  refundUntilHoursBefore: string;
  /** Hours a waitlist offer holds its seats (issue 28 item 2), as typed. */
  waitlistClaimHours: string;
}

/** Where the form's list-level ticket errors show (react-hook-form's place for an array's own error). */
export const TICKETS_ERROR = 'tickets.root';

const wallClockFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ORGANISATION_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as 'YYYY-MM-DDTHH:mm' on the organisation's clock (what a datetime-local input shows); '' when unreadable. */
export function toWallClock(iso: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(wallClockFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/** Comma-separated text as a list: trimmed, empties and repeats dropped (SPEC §5; the schema does the same). */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map((tag) => tag.trim()).filter(Boolean))];
}

/** What a custom URL becomes as it is typed: lower-cased, spaces as hyphens (other characters are left for the schema to refuse). */
export function normaliseCustomUrl(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '-');
}

/** Whether a new ticket type may be added: not empty, not already there (names compare case-insensitively). */
export function canAddTicketType(tickets: readonly TicketRow[], name: string): 'ok' | 'empty' | 'duplicate' {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return 'empty';
  return tickets.some((row) => row.name.trim().toLowerCase() === wanted) ? 'duplicate' : 'ok';
}

/** A new event's form. */
export function emptyEventValues(): EventFormValues {
  return {
    title: '',
    description: '',
    date: '',
    endDate: '',
    registrationClosesAt: '',
    location: '',
    maxAttendees: '',
    maxRegistrationsPerEmail: String(DEFAULT_MAX_REGISTRATIONS_PER_EMAIL),
    tickets: [{ name: DEFAULT_TICKET_TYPE, price: '', quota: '' }],
    requiresPayment: false,
    eventImage: '',
    tags: '',
    mailchimpTags: '',
    mailchimpAudienceId: '',
    isActive: true,
    generateTickets: true,
    allowAdditionalInfo: false,
    customUrl: '',
    confirmByEmail: null,
    reminderOffsetsHours: DEFAULT_REMINDER_OFFSETS_HOURS.join(', '),
    refundUntilHoursBefore: String(DEFAULT_REFUND_UNTIL_HOURS_BEFORE),
    waitlistClaimHours: String(WAITLIST_CLAIM_LIMITS.defaultHours),
  };
}

/** A stored event's form. */
export function eventToValues(event: EventRecord): EventFormValues {
  const types = event.ticketTypes.length ? event.ticketTypes : [DEFAULT_TICKET_TYPE];
  return {
    title: event.title,
    description: event.description,
    date: toWallClock(event.date),
    endDate: event.endDate ? toWallClock(event.endDate) : '',
    registrationClosesAt: event.registrationClosesAt ? toWallClock(event.registrationClosesAt) : '',
    location: event.location,
    maxAttendees: event.maxAttendees === null ? '' : String(event.maxAttendees),
    maxRegistrationsPerEmail: String(event.maxRegistrationsPerEmail),
    tickets: types.map((name) => ({
      name,
      price: typeof event.ticketPrices[name] === 'number' ? String(event.ticketPrices[name]) : '',
      quota: typeof event.ticketQuotas?.[name] === 'number' ? String(event.ticketQuotas[name]) : '',
    })),
    requiresPayment: event.requiresPayment,
    eventImage: event.eventImage,
    tags: event.tags.join(', '),
    mailchimpTags: event.mailchimpTags.join(', '),
    mailchimpAudienceId: event.mailchimpAudienceId,
    isActive: event.isActive,
    generateTickets: event.generateTickets,
    allowAdditionalInfo: event.allowAdditionalInfo,
    customUrl: event.customUrl,
    confirmByEmail: event.confirmByEmail === true,
    reminderOffsetsHours: event.reminderOffsetsHours.join(', '),
    refundUntilHoursBefore: event.refundUntilHoursBefore === null ? '' : String(event.refundUntilHoursBefore),
    waitlistClaimHours: String(event.waitlistClaimHours ?? WAITLIST_CLAIM_LIMITS.defaultHours),
  };
}

/**
 * What 'Confirm by e-mail' is for these values, as the checkbox shows it and the event is saved
 * with: the admin's choice once made, else the server's default for a new event (on for a free
 * event with a maximum of attendees: confirmByEmailDefault, the rule the API saves with).
 * A paid event never has it: the payment confirms the seat.
 */
export function confirmByEmailShown(values: Pick<EventFormValues, 'confirmByEmail' | 'requiresPayment' | 'maxAttendees'>): boolean {
  if (values.requiresPayment) return false;
  return values.confirmByEmail ?? confirmByEmailDefault({ requiresPayment: false, hasCapacity: String(values.maxAttendees ?? '').trim() !== '' });
}

/** Reminder hours as typed ('24, 2', '24 2'): the pieces, left as text for the schema to read and refuse ('' is none). */
export function parseReminderOffsets(text: string): string[] {
  return String(text ?? '')
    .split(/[\s,;]+/)
    .map((piece) => piece.trim())
    .filter(Boolean);
}

/**
 * The refund rule as typed, as the schema reads it: empty is null (no refunds), digits a number;
 * anything else ('1.5', 'abc') is left for the schema to refuse with REFUND_RULE_MESSAGE.
 */
export function parseRefundHours(text: string): number | null | string {
  const typed = String(text ?? '').trim();
  if (typed === '') return null;
  const hours = Number(typed);
  return Number.isFinite(hours) ? hours : typed;
}

/** The request body the values stand for, before the schema reads it (prices left as typed; empty prices left out). */
export function valuesToInput(values: EventFormValues) {
  return {
    title: values.title,
    description: values.description,
    date: values.date,
    endDate: values.endDate ?? '',
    registrationClosesAt: values.registrationClosesAt ?? '',
    location: values.location,
    maxAttendees: values.maxAttendees.trim(),
    maxRegistrationsPerEmail: String(values.maxRegistrationsPerEmail).trim(),
    ticketTypes: values.tickets.map((row) => row.name.trim()),
    ticketPrices: Object.fromEntries(values.tickets.filter((row) => String(row.price).trim() !== '').map((row) => [row.name.trim(), String(row.price).trim()])),
    // Issue 26 item 4: only the rows with a quota typed; the schema refuses one that is not a whole number >= 1.
    ticketQuotas: Object.fromEntries(values.tickets.filter((row) => String(row.quota ?? '').trim() !== '').map((row) => [row.name.trim(), String(row.quota).trim()])),
    requiresPayment: values.requiresPayment,
    eventImage: values.eventImage,
    tags: values.tags,
    mailchimpTags: values.mailchimpTags,
    mailchimpAudienceId: values.mailchimpAudienceId,
    isActive: values.isActive,
    generateTickets: values.generateTickets,
    allowAdditionalInfo: values.allowAdditionalInfo,
    customUrl: values.customUrl,
    // Untouched on a new event: left out, so the server decides with the saved fields (what confirmByEmailShown shows).
    ...(values.confirmByEmail === null ? {} : { confirmByEmail: values.confirmByEmail }),
    reminderOffsetsHours: parseReminderOffsets(values.reminderOffsetsHours),
    // Hidden on a free event: a value typed there before it was switched to free must not block the save.
    ...refundRuleToSend(values),
    waitlistClaimHours: String(values.waitlistClaimHours ?? '').trim(),
  };
}

/** The refund rule to send: always for a paid event; for a free one (field hidden) only a valid rule. */
function refundRuleToSend(values: Pick<EventFormValues, 'requiresPayment' | 'refundUntilHoursBefore'>) {
  const rule = parseRefundHours(values.refundUntilHoursBefore);
  const valid = rule === null || (typeof rule === 'number' && Number.isInteger(rule) && rule >= REFUND_RULE_LIMITS.minHours && rule <= REFUND_RULE_LIMITS.maxHours);
  return values.requiresPayment || valid ? { refundUntilHoursBefore: rule } : {};
}

/**
 * Where an error of the request (the schema's or the API's, by dotted path) shows in the form:
 * a price or quota on its ticket row, a ticket type name on its row, list-level ticket errors under the list.
 */
export function eventFieldPath(path: string, values: Pick<EventFormValues, 'tickets'>): string {
  if (path.startsWith('ticketPrices.')) {
    const name = path.slice('ticketPrices.'.length);
    const index = values.tickets.findIndex((row) => row.name.trim() === name);
    return index === -1 ? TICKETS_ERROR : `tickets.${index}.price`;
  }
  if (path.startsWith('ticketQuotas.')) {
    const name = path.slice('ticketQuotas.'.length);
    const index = values.tickets.findIndex((row) => row.name.trim() === name);
    return index === -1 ? TICKETS_ERROR : `tickets.${index}.quota`;
  }
  const type = /^ticketTypes\.(\d+)$/.exec(path);
  if (type) return `tickets.${type[1]}.name`;
  if (path === 'ticketTypes' || path === 'ticketPrices' || path === 'ticketQuotas') return TICKETS_ERROR;
  // One field holds every reminder: an error of one of them ('reminderOffsetsHours.1') shows under it.
  if (path.startsWith('reminderOffsetsHours.')) return 'reminderOffsetsHours';
  return path;
}

export const eventFormMapping: FormMapping<EventFormValues> = { toInput: valuesToInput, fieldPath: eventFieldPath };

/** The values read by the shared schema, as the API will read them. */
export function parseEventValues(values: EventFormValues) {
  return eventInputSchema.safeParse(valuesToInput(values));
}

type Comparable = Record<string, unknown>;

/**
 * PUT /events/{id} is partial: only the fields that differ from the stored event's form
 * (compared as the schema reads them, so 'a,b' and 'a, b' are the same tags). Empty when nothing changed.
 */
export function changedFields(initial: EventFormValues, current: EventInput): EventUpdate {
  const before = parseEventValues(initial);
  const reference: Comparable = before.success ? before.data : valuesToInput(initial);
  const patch: Comparable = {};
  for (const [key, value] of Object.entries(current)) {
    if (JSON.stringify(value) !== JSON.stringify(reference[key])) patch[key] = value;
  }
  return patch as EventUpdate;
}

/** The public address an event will have: its custom URL, else its id (or a placeholder before it has one). */
export function publicAddress(origin: string, customUrl: string, id?: string): string {
  return `${origin}/${customUrl.trim() || id || '<event id>'}`;
}
