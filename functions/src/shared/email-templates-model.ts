/**
 * The admin-editable e-mail templates without zod: names, labels, each
 * template's placeholders, limits, wording and the shapes of the template
 * calls. Kept apart from mail-model.ts so the landing page (which loads that
 * file for its contact form) never carries the dashboard's template wording.
 */
import type { Role } from './session-model.js';

/** The admin-editable e-mail templates (SPEC §3 "Email template", plus the admin invitation of issue 14). */
export const TEMPLATE_NAMES = [
  'ticket',
  'rsvpConfirmation',
  'reminder',
  'adminInvitation',
  // Issue 26 item 3: the attendee is told of what an admin (or the provider) did to their ticket or event.
  'ticketCancelledByAdmin',
  'refundIssued',
  'eventCancelled',
  'eventUpdated',
  // Issue 26 item 2: one e-mail per order of several tickets, every QR code and the receipt.
  'orderConfirmation',
  // Issue 28 item 1: the place in line and the link to the waitlist page.
  'waitlistJoined',
  // Issue 28 item 2: seats are held for the entry until a time: 'Claim' or 'No longer needed'.
  'waitlistOffer',
  // Issue 29: a volunteer's shift and the link to their sign-up page.
  'volunteerConfirmation',
  // Issue 29 item 3: an admin cancelled a volunteer's sign-up; the person is told.
  'volunteerCancelled',
  // Issue 29: before a volunteer's shift, at the event's reminder offsets (or the default ones).
  'volunteerReminder',
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

export function isTemplateName(value: string): value is TemplateName {
  return (TEMPLATE_NAMES as readonly string[]).includes(value);
}

/** How the Emails tab names each template. */
export const TEMPLATE_LABELS: Record<TemplateName, string> = {
  ticket: 'Ticket',
  rsvpConfirmation: 'RSVP confirmation',
  reminder: 'Reminder',
  adminInvitation: 'Admin invitation',
  ticketCancelledByAdmin: 'Ticket cancelled by an admin',
  refundIssued: 'Refund issued',
  eventCancelled: 'Event cancelled',
  eventUpdated: 'Event moved (date, time or place)',
  orderConfirmation: 'Order confirmation (several tickets)',
  waitlistJoined: 'Waitlist joined',
  waitlistOffer: 'Waitlist offer',
  volunteerConfirmation: 'Volunteer confirmation',
  volunteerCancelled: 'Volunteer shift cancelled',
  volunteerReminder: 'Volunteer reminder',
};

/** The placeholders of the attendee e-mails (SPEC §3), in the order the Emails tab lists them. */
export const ATTENDEE_PLACEHOLDERS = [
  'event.title',
  'event.formattedDate',
  'event.formattedTime',
  'event.location',
  // Issue 26 item 5: a map search for the location ('' when there is none: wrap it in {{#if}}).
  'event.mapUrl',
  'rsvp.name',
  'rsvp.email',
  'ticket.id',
  'urls.event',
  'urls.checkIn',
] as const;

/**
 * The placeholders of the reminder e-mail (issue 25 item 3): the attendee e-mails' and the
 * first name, how long until the start ('in 24 hours'), the offset in hours, whether the event
 * issues tickets (the QR code), and the calendar links.
 */
export const REMINDER_PLACEHOLDERS = [
  ...ATTENDEE_PLACEHOLDERS,
  'rsvp.firstName',
  'reminder.startsIn',
  'reminder.hours',
  'reminder.hasTicket',
  'urls.googleCalendar',
  'urls.calendarFile',
] as const;

/**
 * The placeholders of the notices of issue 26 item 3 (ticket cancelled by an admin, refund issued,
 * event cancelled): the attendee e-mails' and what happens to the money, said in a sentence
 * (`notice.money`, e.g. 'A refund of $35.00 is on its way to the card you paid with.') and the
 * amount refunded alone (`notice.refundAmount`, '' when nothing is refunded: wrap it in {{#if}}).
 */
export const NOTICE_PLACEHOLDERS = [...ATTENDEE_PLACEHOLDERS, 'rsvp.firstName', 'notice.money', 'notice.refundAmount'] as const;

/**
 * The placeholders of 'Event moved' (issue 26 item 3): each changed part as 'old → new', '' when that
 * part did not change (wrap it in {{#if}}), and a sentence of what changed.
 */
export const EVENT_MOVED_PLACEHOLDERS = [...ATTENDEE_PLACEHOLDERS, 'rsvp.firstName', 'changes.summary', 'changes.date', 'changes.time', 'changes.place'] as const;

/**
 * The receipt of a paid ticket or order (issue 26 item 2): `receipt.paid` is false when nothing was
 * paid (wrap the receipt in {{#if receipt.paid}}); `receipt.lines` repeats with {{#each}} (ticketType,
 * quantity, unit, amount, amounts formatted); `receipt.card` is e.g. 'Visa ending in 4242', '' when
 * not known; `receipt.url` the printable receipt of an order, '' for a single ticket.
 */
export const RECEIPT_PLACEHOLDERS = ['receipt.paid', 'receipt.lines', 'receipt.total', 'receipt.paidOn', 'receipt.card', 'receipt.url'] as const;

/** The ticket and confirmation e-mails: the attendee e-mails' and a paid ticket's receipt. */
export const TICKET_PLACEHOLDERS = [...ATTENDEE_PLACEHOLDERS, ...RECEIPT_PLACEHOLDERS] as const;

/**
 * The placeholders of the order confirmation (issue 26 item 2): the event's, the buyer as `rsvp`,
 * `order.ticketCount`, and `tickets` to repeat with {{#each tickets}}: each has name, ticketType,
 * number, count, qrSrc (its QR code image, '' when the event issues no tickets), url (its page) and
 * manageUrl; then the receipt.
 */
export const ORDER_PLACEHOLDERS = [
  'event.title',
  'event.formattedDate',
  'event.formattedTime',
  'event.location',
  'event.mapUrl',
  'rsvp.name',
  'rsvp.firstName',
  'rsvp.email',
  'order.ticketCount',
  'tickets',
  'urls.event',
  ...RECEIPT_PLACEHOLDERS,
] as const;

/**
 * The placeholders of 'Waitlist joined' (issue 28 item 1): the event's, the person's name and address
 * (under rsvp., so the escaping rules of visitors' words hold), the place in line, the seats asked
 * ('2 seats, all together' / '3 seats, or fewer') and the link to the waitlist page.
 */
export const WAITLIST_PLACEHOLDERS = [
  'event.title',
  'event.formattedDate',
  'event.formattedTime',
  'event.location',
  'event.mapUrl',
  'rsvp.name',
  'rsvp.firstName',
  'rsvp.email',
  'waitlist.position',
  'waitlist.seats',
  'waitlist.seatsText',
  'waitlist.url',
  'urls.event',
] as const;

/**
 * The placeholders of 'Waitlist offer' (issue 28 item 2): those of 'Waitlist joined' but the place in
 * line, with the seats held, until when (date and time in the organisation's zone) and the claim and
 * decline links (both open the waitlist page, where the buttons are).
 */
export const WAITLIST_OFFER_PLACEHOLDERS = [
  ...WAITLIST_PLACEHOLDERS.filter((name) => name !== 'waitlist.position' && name !== 'waitlist.seatsText'),
  'offer.seats',
  'offer.seatsText',
  'offer.expires',
  'offer.claimUrl',
  'offer.declineUrl',
] as const;

/**
 * The placeholders of 'Volunteer confirmation' (issue 29): the person (under rsvp., so the escaping
 * rules of visitors' words hold), the role, the shift's date, times (the organisation's time zone)
 * and place, the event it serves ('' for a standalone role) and the link to the sign-up page.
 */
export const VOLUNTEER_PLACEHOLDERS = [
  'rsvp.name',
  'rsvp.firstName',
  'rsvp.email',
  'volunteer.role',
  'volunteer.eventTitle',
  'volunteer.date',
  'volunteer.time',
  'volunteer.place',
  'volunteer.mapUrl',
  'volunteer.url',
] as const;

/** The confirmation's, with its pass's code (issue 29 item 5: printed under the QR code the door scans). */
export const VOLUNTEER_CONFIRMATION_PLACEHOLDERS = [...VOLUNTEER_PLACEHOLDERS, 'volunteer.passCode'] as const;
/** The placeholders of 'Volunteer reminder' (issue 29): the confirmation's, and how long until the shift ('in 24 hours'). */
export const VOLUNTEER_REMINDER_PLACEHOLDERS = [...VOLUNTEER_PLACEHOLDERS, 'volunteer.startsIn'] as const;

/** The placeholders of the admin invitation e-mail. */
export const INVITATION_PLACEHOLDERS = ['invite.url', 'invite.role', 'invite.invitedBy', 'invite.expiresDate', 'site.name'] as const;

/** Each template's placeholders: the values its e-mail is rendered with. */
export const TEMPLATE_PLACEHOLDERS: Record<TemplateName, readonly string[]> = {
  ticket: TICKET_PLACEHOLDERS,
  rsvpConfirmation: TICKET_PLACEHOLDERS,
  reminder: REMINDER_PLACEHOLDERS,
  adminInvitation: INVITATION_PLACEHOLDERS,
  ticketCancelledByAdmin: NOTICE_PLACEHOLDERS,
  refundIssued: NOTICE_PLACEHOLDERS,
  eventCancelled: NOTICE_PLACEHOLDERS,
  eventUpdated: EVENT_MOVED_PLACEHOLDERS,
  orderConfirmation: ORDER_PLACEHOLDERS,
  waitlistJoined: WAITLIST_PLACEHOLDERS,
  waitlistOffer: WAITLIST_OFFER_PLACEHOLDERS,
  volunteerConfirmation: VOLUNTEER_CONFIRMATION_PLACEHOLDERS,
  // The same values; volunteer.url is the volunteer page (to pick another shift).
  volunteerCancelled: VOLUNTEER_PLACEHOLDERS,
  volunteerReminder: VOLUNTEER_REMINDER_PLACEHOLDERS,
};

/**
 * What happens to an attendee's money, as the notices of issue 26 item 3 say it. `amount` is
 * already formatted by the shared money helpers (formatCents).
 */
export const NOTICE_MONEY = {
  none: 'This ticket was free, so there is nothing to refund.',
  noRefund: (amount: string) => `Your payment of ${amount} is not refunded automatically. If you think a refund is due, reply to this e-mail.`,
  refundPending: (amount: string) => `A refund of ${amount} is on its way to the card you paid with; it can take 5–10 business days to show.`,
  refunded: (amount: string) => `A refund of ${amount} has been issued to the card you paid with; it can take 5–10 business days to show.`,
} as const;

/** How an invitation e-mail names the role offered. */
export const INVITE_ROLE_LABELS: Record<Role, string> = { admin: 'Admin', staff: 'Staff' };

export const TEMPLATE_LIMITS = { subject: 300, html: 100_000 } as const;

/** Wording of the Email Templates tab and its calls (SPEC §8 and issue wording). */
export const TEMPLATE_MESSAGES = {
  loadTemplatesFailed: 'Failed to load templates',
  saveFailed: 'Save failed',
  templateSaved: 'Template saved',
  templateReset: 'Template reset to default',
  unknownTemplate: 'Unknown e-mail template',
  subjectRequired: 'Subject is required',
  htmlRequired: 'HTML is required',
  subjectTooLong: `Subject allows at most ${TEMPLATE_LIMITS.subject} characters`,
  htmlTooLong: `HTML allows at most ${TEMPLATE_LIMITS.html} characters`,
  /** Prefix of the message for a template that does not compile; see `templateDoesNotCompile`. */
  templateDoesNotCompilePrefix: 'Template does not compile: ',
  invitationNeedsLink: 'The invitation must contain {{invite.url}}: without the link nobody can accept it.',
  /** The test e-mail of the Emails tab; see `testEmailSent`. */
  testEmailFailed: 'The test e-mail could not be sent. Please try again.',
} as const;

export function templateDoesNotCompile(reason: string): string {
  return `${TEMPLATE_MESSAGES.templateDoesNotCompilePrefix}${reason}`;
}

/** A template printing what a visitor typed without HTML escaping (issue 12: never sent to strangers). */
export function unescapedVisitorValue(where: string): string {
  return `Use double braces for attendee details (${where}), e.g. {{rsvp.name}}: triple braces or {{& }} would let what a visitor typed add HTML to the e-mail.`;
}

// Issue 23 item 6: templates cannot be turned against readers or the server.
/**
 * What one render of a template may cost. Only `{{#each}}` repeats (partials are refused), so
 * its repetitions are counted as they run and the render stops at the first one over budget:
 * nested `{{#each}}` blocks multiply and an 800-byte template once rendered 100 MB in 16 s.
 */
export const TEMPLATE_RENDER_LIMITS = { outputBytes: 256 * 1024, eachRepetitions: 10_000, milliseconds: 200 } as const;

/** The constructs an e-mail template may use; anything else (partials, decorators, other blocks) is refused. */
export const TEMPLATE_ALLOWED_BLOCKS = ['if', 'unless', 'each', 'with'] as const;

/** A template using a construct the e-mails do not offer, e.g. `{{> footer}}`: where and what. */
export function templateConstructNotAllowed(where: string, construct: string): string {
  return `${construct} cannot be used in e-mail templates (${where}). Use {{value}}, {{#if}}, {{#unless}}, {{#each}}, {{#with}} and {{lookup}}.`;
}

/** A template whose render is over `TEMPLATE_RENDER_LIMITS` (refused at save and preview; at send the default is used). */
export function templateRendersTooMuch(where: string): string {
  const { outputBytes, eachRepetitions, milliseconds } = TEMPLATE_RENDER_LIMITS;
  return `The template renders too much (${where}): an e-mail may have at most ${outputBytes / 1024} KB, repeat {{#each}} at most ${eachRepetitions.toLocaleString('en-US')} times and render within ${milliseconds} ms. Nested {{#each}} blocks multiply.`;
}

export function testEmailSent(email: string): string {
  return `Test e-mail sent to ${email}`;
}

/** An editable template: what PUT /email-templates/{name} takes (SPEC §7). */
export interface EmailTemplate {
  subjectTemplate: string;
  htmlTemplate: string;
}
export type EmailTemplates = Record<TemplateName, EmailTemplate>;

/** GET /email-templates reply: the templates in use, and the defaults (for "Reset to default"). */
export interface EmailTemplatesReply {
  success: true;
  templates: EmailTemplates;
  defaults: EmailTemplates;
}
