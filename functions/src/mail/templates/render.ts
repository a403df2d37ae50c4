import Handlebars from 'handlebars';
import { DateTime } from 'luxon';
import { googleCalendarUrl, ticketCalendarPath } from '../../shared/calendar-model.js';
import type { EventRecord } from '../../shared/events-model.js';
import { mapSearchUrl } from '../../shared/map-model.js';
import { firstNameOf, startsInPhrase } from '../../shared/reminders-model.js';
import type { RsvpRecord } from '../../shared/rsvps-model.js';
import {
  TEMPLATE_RENDER_LIMITS,
  templateConstructNotAllowed,
  templateDoesNotCompile,
  templateRendersTooMuch,
  unescapedVisitorValue,
  type EmailTemplate,
  type TemplateName,
} from '../../shared/email-templates-model.js';
import { RuleError } from '../../rule-error.js';
import { NOTICE_MONEY } from '../../shared/email-templates-model.js';
import { formatCents } from '../../shared/payments-model.js';
import { receiptLines } from '../../shared/receipt-model.js';
import { orderQrContentId } from './order.js';
import { firstRefusedConstruct, firstUnescapedVisitorValue } from './safety.js';

/**
 * E-mail rendering (DESIGN §2: template rendering is a plain, unit-tested rule).
 *
 * Admin templates are Handlebars, made safe by the data and the runtime rather
 * than by the template's shape (issue 23 item 6):
 * - an HTML template sees every value already HTML-escaped and prints it as
 *   is, so `{{ }}`, `{{{ }}}`, `{{& }}`, sections, block params, `lookup`,
 *   `@root` and any construct still to be found can only print escaped text;
 * - the template may use only the allowlisted constructs (safety.ts), checked
 *   on every compile: no partials, inline partials or decorators;
 * - a render has a budget (`TEMPLATE_RENDER_LIMITS`): `{{#each}}`, the only
 *   construct left that repeats, counts its repetitions and their output as
 *   it runs and stops the render at the first one over budget.
 * Admin templates run in an isolated Handlebars instance without custom helpers.
 */
const adminTemplates = Handlebars.create();
// `{{log rsvp.email}}` would copy visitors' details into the server's logs.
adminTemplates.unregisterHelper('log');

/** A render stopped for going over `TEMPLATE_RENDER_LIMITS`. */
class RenderTooLarge extends Error {}

/** What the current render has spent; renders are synchronous, so one at a time. */
class RenderBudget {
  private repetitions = 0;
  private printed = 0;
  /**
   * Set at the first repetition: Handlebars compiles a template on its first render, and that
   * compile (slow on a busy machine) is not the template's looping (issue 26 item 2: the order
   * e-mail, the first default template with an {{#each}}, ran out of time before its first ticket).
   */
  private deadline: number | undefined;

  /** One more `{{#each}}` repetition: refused past the count or the time. */
  repeat() {
    this.deadline ??= performance.now() + TEMPLATE_RENDER_LIMITS.milliseconds;
    this.repetitions += 1;
    if (this.repetitions > TEMPLATE_RENDER_LIMITS.eachRepetitions || performance.now() > this.deadline) throw new RenderTooLarge();
  }

  /** Output of one repetition (counted again by each enclosing `{{#each}}`: an over-count, never an under-count). */
  print(text: string) {
    this.printed += text.length;
    if (this.printed > TEMPLATE_RENDER_LIMITS.outputBytes) throw new RenderTooLarge();
  }
}

let activeBudget: RenderBudget | undefined;

const builtInEach = adminTemplates.helpers.each!;
adminTemplates.registerHelper('each', function (this: unknown, context: unknown, options: Handlebars.HelperOptions) {
  const budget = activeBudget;
  // Outside a budgeted render (never in this module) or as `{{each}}` without a block: Handlebars' own answer.
  if (!budget || typeof options?.fn !== 'function') return builtInEach.call(this, context, options);
  const body = options.fn;
  const counted = ((value: unknown, frame?: Handlebars.RuntimeOptions) => {
    budget.repeat();
    const text = body(value, frame);
    budget.print(text);
    return text;
  }) as Handlebars.TemplateDelegate;
  return builtInEach.call(this, context, { ...options, fn: counted });
});

/** Runs one render within a fresh budget; its whole output is measured too. */
function withinBudget(render: () => string): string {
  const outer = activeBudget;
  activeBudget = new RenderBudget();
  try {
    const output = render();
    if (Buffer.byteLength(output) > TEMPLATE_RENDER_LIMITS.outputBytes) throw new RenderTooLarge();
    return output;
  } finally {
    activeBudget = outer;
  }
}

/**
 * The values with every string HTML-escaped: what an HTML template sees, so no
 * construct of the template can print a visitor's (or an admin's) text as markup.
 */
export function escapedValues<T>(value: T): T {
  if (typeof value === 'string') return Handlebars.escapeExpression(value) as T;
  if (Array.isArray(value)) return value.map((item) => escapedValues(item)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, escapedValues(item)])) as T;
  return value;
}

/** The values a template sees (SPEC §3 placeholders). */
export interface TemplateContext {
  /** mapUrl: a map search for the location (issue 26 item 5), '' when there is no location. */
  event: { title: string; formattedDate: string; formattedTime: string; location: string; mapUrl: string };
  rsvp: { name: string; email: string };
  ticket: { id: string };
  /** manage: the 'Can't come?' page with its key (issue 25), minted as the e-mail is composed; '' where there is none (previews). */
  urls: { event: string; checkIn: string; manage: string };
  /** A paid ticket's receipt (issue 26 item 2); `paid` false when nothing was paid. */
  receipt: ReceiptContext;
}

/** The receipt an e-mail shows (issue 26 item 2), amounts already in the organisation's money format. */
export interface ReceiptContext {
  paid: boolean;
  lines: { ticketType: string; quantity: number; unit: string; amount: string }[];
  total: string;
  /** e.g. 'Saturday, November 21, 2026 at 5:00 AM MST'. */
  paidOn: string;
  /** e.g. 'Visa ending in 4242'; '' when the card is not known. */
  card: string;
  /** The printable receipt of an order with its key; '' for a single ticket and in previews of one. */
  url: string;
}

/** Nothing paid: no receipt. */
export const NO_RECEIPT: ReceiptContext = { paid: false, lines: [], total: '', paidOn: '', card: '', url: '' };

/** A receipt of paid tickets: a line per type and price, the total, when and with which card (cardLabel). */
export function buildReceipt(input: { tickets: { ticketType: string; price: number }[]; paidAt: string | null; card: string; url?: string; timeZone: string }): ReceiptContext {
  const lines = receiptLines(input.tickets);
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  if (total <= 0 || !input.paidAt) return NO_RECEIPT;
  return {
    paid: true,
    lines: lines.map((line) => ({ ticketType: line.ticketType, quantity: line.quantity, unit: formatCents(line.unit), amount: formatCents(line.amount) })),
    total: formatCents(total),
    paidOn: formatDateTime(new Date(input.paidAt), input.timeZone),
    card: input.card,
    url: input.url ?? '',
  };
}

/** The values of an order's one confirmation e-mail (issue 26 item 2): the buyer as `rsvp`, every ticket. */
export interface OrderContext {
  event: TemplateContext['event'];
  rsvp: TemplateContext['rsvp'] & { firstName: string };
  order: { ticketCount: number };
  tickets: { name: string; ticketType: string; number: number; count: number; qrSrc: string; url: string; manageUrl: string }[];
  urls: { event: string };
  receipt: ReceiptContext;
}

/** The values the reminder template sees (issue 25 item 3): the attendee e-mails' and more. */
export interface ReminderContext {
  event: TemplateContext['event'];
  rsvp: TemplateContext['rsvp'] & { firstName: string };
  ticket: TemplateContext['ticket'];
  reminder: { startsIn: string; hours: number; hasTicket: boolean };
  urls: TemplateContext['urls'] & { googleCalendar: string; calendarFile: string };
}

/** The values the notices of issue 26 item 3 see: the attendee e-mails' and what happens to the money. */
export interface NoticeContext {
  event: TemplateContext['event'];
  rsvp: TemplateContext['rsvp'] & { firstName: string };
  ticket: TemplateContext['ticket'];
  urls: TemplateContext['urls'];
  /** money: a sentence (NOTICE_MONEY); refundAmount: e.g. '$35.00', '' when nothing is refunded. */
  notice: { money: string; refundAmount: string };
}

/** The values 'Event moved' sees (issue 26 item 3): each changed part as 'old → new', '' when unchanged. */
export interface EventMovedContext {
  event: TemplateContext['event'];
  rsvp: TemplateContext['rsvp'] & { firstName: string };
  ticket: TemplateContext['ticket'];
  urls: TemplateContext['urls'];
  changes: { summary: string; date: string; time: string; place: string };
}

/** The values 'Waitlist joined' sees (issue 28 item 1). */
export interface WaitlistJoinedContext {
  event: TemplateContext['event'];
  rsvp: TemplateContext['rsvp'] & { firstName: string };
  waitlist: { position: number; seats: number; seatsText: string; url: string };
  urls: { event: string };
}

/** The values 'Waitlist offer' sees (issue 28 item 2). */
export interface WaitlistOfferContext {
  event: TemplateContext['event'];
  rsvp: TemplateContext['rsvp'] & { firstName: string };
  waitlist: { seats: number; url: string };
  offer: { seats: number; seatsText: string; expires: string; claimUrl: string; declineUrl: string };
  urls: { event: string };
}

/** The values 'Volunteer confirmation' sees (issue 29); 'Volunteer shift cancelled' the same without the pass code (item 5: the confirmation's pass). */
export interface VolunteerConfirmationContext {
  rsvp: { name: string; firstName: string; email: string };
  volunteer: { role: string; eventTitle: string; date: string; time: string; place: string; mapUrl: string; url: string; passCode?: string };
}

/** The values 'Volunteer reminder' sees (issue 29): the confirmation's and how long until the shift. */
export interface VolunteerReminderContext {
  rsvp: VolunteerConfirmationContext['rsvp'];
  volunteer: VolunteerConfirmationContext['volunteer'] & { startsIn: string };
}

/** The values the admin invitation template sees. */
export interface InvitationContext {
  invite: { url: string; role: string; invitedBy: string; expiresDate: string };
  site: { name: string };
}

/** What each template is rendered with. */
export interface TemplateContexts {
  ticket: TemplateContext;
  rsvpConfirmation: TemplateContext;
  reminder: ReminderContext;
  adminInvitation: InvitationContext;
  ticketCancelledByAdmin: NoticeContext;
  refundIssued: NoticeContext;
  eventCancelled: NoticeContext;
  eventUpdated: EventMovedContext;
  orderConfirmation: OrderContext;
  waitlistJoined: WaitlistJoinedContext;
  waitlistOffer: WaitlistOfferContext;
  volunteerConfirmation: VolunteerConfirmationContext;
  volunteerCancelled: VolunteerConfirmationContext;
  volunteerReminder: VolunteerReminderContext;
}

/** Any template's values. */
export type AnyTemplateContext = TemplateContexts[TemplateName];

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** An instant as a reader in the organisation's zone says it, e.g. 'Monday, November 30, 2026 at 7:00 AM MST'. */
export function formatDateTime(date: Date, timeZone: string): string {
  const local = DateTime.fromJSDate(date).setZone(timeZone).setLocale('en-US');
  return local.isValid ? `${local.toFormat('cccc, LLLL d, yyyy')} at ${local.toFormat('h:mm a ZZZZ')}` : '';
}

/** The event's date and time in the organisation's zone, e.g. 'Saturday, December 5, 2026' and '7:30 PM MST'. */
export function formatEventDate(isoDate: string, timeZone: string): { formattedDate: string; formattedTime: string } {
  const date = DateTime.fromISO(isoDate, { zone: 'utc' }).setZone(timeZone).setLocale('en-US');
  if (!date.isValid) return { formattedDate: 'Date to be announced', formattedTime: '' };
  return { formattedDate: date.toFormat('cccc, LLLL d, yyyy'), formattedTime: date.toFormat('h:mm a ZZZZ') };
}

export function eventUrl(siteUrl: string, event: Pick<EventRecord, 'id' | 'customUrl'>): string {
  return `${trimSlash(siteUrl)}/${encodeURIComponent(event.customUrl || event.id)}`;
}

export function checkInUrl(siteUrl: string, rsvpId: string): string {
  return `${trimSlash(siteUrl)}/checkin/${encodeURIComponent(rsvpId)}`;
}

function trimSlash(url: string) {
  return url.replace(/\/+$/, '');
}

export function buildTemplateContext(input: {
  event: Pick<EventRecord, 'id' | 'title' | 'date' | 'location' | 'customUrl'>;
  rsvp: Pick<RsvpRecord, 'id' | 'name' | 'email'>;
  siteUrl: string;
  timeZone: string;
  manageUrl?: string;
  receipt?: ReceiptContext;
}): TemplateContext {
  const { event, rsvp, siteUrl, timeZone } = input;
  return {
    receipt: input.receipt ?? NO_RECEIPT,
    event: { title: event.title, ...formatEventDate(event.date, timeZone), location: event.location, mapUrl: mapSearchUrl(event.location) },
    rsvp: { name: rsvp.name, email: rsvp.email },
    ticket: { id: rsvp.id },
    urls: { event: eventUrl(siteUrl, event), checkIn: checkInUrl(siteUrl, rsvp.id), manage: input.manageUrl ?? '' },
  };
}

/** A reminder's values: the ticket e-mail's, the time left until the start (said as it is now), the calendar links. */
export function buildReminderContext(input: {
  event: Pick<EventRecord, 'id' | 'title' | 'date' | 'location' | 'customUrl' | 'generateTickets'> & { endDate?: string | null };
  rsvp: Pick<RsvpRecord, 'id' | 'name' | 'email'>;
  offsetHours: number;
  now: Date;
  siteUrl: string;
  timeZone: string;
  /** The 'Can't come?' link (issue 25 item 4), minted for this e-mail. */
  manageUrl?: string;
}): ReminderContext {
  const base = buildTemplateContext(input);
  const { event, rsvp, siteUrl } = input;
  return {
    ...base,
    rsvp: { ...base.rsvp, firstName: firstNameOf(rsvp.name) },
    reminder: { startsIn: startsInPhrase(Date.parse(event.date) - input.now.getTime()), hours: input.offsetHours, hasTicket: event.generateTickets },
    urls: {
      ...base.urls,
      googleCalendar: googleCalendarUrl({ title: event.title, start: event.date, end: event.endDate, location: event.location, ticketUrl: base.urls.checkIn }),
      calendarFile: `${trimSlash(siteUrl)}/api${ticketCalendarPath(rsvp.id)}`,
    },
  };
}

/** Realistic values a template is rendered against before it is saved. */
export const SAMPLE_CONTEXT: TemplateContext = {
  event: {
    title: 'Night Sky Walk at Canyon Junction',
    formattedDate: 'Saturday, December 5, 2026',
    formattedTime: '7:30 PM MST',
    location: 'Zion Canyon Visitor Center, Springdale, UT',
    mapUrl: mapSearchUrl('Zion Canyon Visitor Center, Springdale, UT'),
  },
  rsvp: { name: 'Alex Rivera', email: 'alex@example.org' },
  ticket: { id: 'Q2x7mZkT4b9VhR1sNw3YpA' },
  urls: { event: 'https://example.org/night-sky-walk', checkIn: 'https://example.org/checkin/Q2x7mZkT4b9VhR1sNw3YpA', manage: 'https://example.org/ticket/Q2x7mZkT4b9VhR1sNw3YpA/manage#key=sample' },
  // A paid ticket: the preview shows the receipt (issue 26 item 2).
  receipt: {
    paid: true,
    lines: [{ ticketType: 'General', quantity: 1, unit: formatCents(3500), amount: formatCents(3500) }],
    total: formatCents(3500),
    paidOn: 'Saturday, November 21, 2026 at 5:00 AM MST',
    card: 'Visa ending in 4242',
    url: '',
  },
};

/** Sample values of the order confirmation (issue 26 item 2): three tickets of two types, paid. */
export const SAMPLE_ORDER_CONTEXT: OrderContext = {
  event: SAMPLE_CONTEXT.event,
  rsvp: { ...SAMPLE_CONTEXT.rsvp, firstName: 'Alex' },
  order: { ticketCount: 3 },
  tickets: [
    ['Alex Rivera', 'General', 'Q2x7mZkT4b9VhR1sNw3YpA'],
    ['Sam Rivera', 'General', 'R8k2pLw5c0XjT3uMq7ZbNe'],
    ['Ana Rivera', 'Child', 'T4n9sHd1f6YkV2wPr8CaLm'],
  ].map(([name, ticketType, id], index) => ({
    name,
    ticketType,
    number: index + 1,
    count: 3,
    // The preview and the test e-mail attach a sample QR code per ticket (template-admin.ts).
    qrSrc: `cid:${orderQrContentId(index + 1)}`,
    url: `https://example.org/checkin/${id}`,
    manageUrl: `https://example.org/ticket/${id}/manage#key=sample`,
  })),
  urls: { event: SAMPLE_CONTEXT.urls.event },
  receipt: {
    paid: true,
    lines: [
      { ticketType: 'General', quantity: 2, unit: formatCents(3500), amount: formatCents(7000) },
      { ticketType: 'Child', quantity: 1, unit: formatCents(1500), amount: formatCents(1500) },
    ],
    total: formatCents(8500),
    paidOn: 'Saturday, November 21, 2026 at 5:00 AM MST',
    card: 'Visa ending in 4242',
    url: 'https://example.org/receipt/sample-order?key=sample',
  },
};

/** Sample values of the admin invitation: its preview and its test e-mail. */
export const SAMPLE_INVITATION_CONTEXT: InvitationContext = {
  invite: {
    url: 'https://example.org/admin?invite=sample-invitation-token',
    role: 'Admin',
    invitedBy: 'ranger.jo@example.org',
    expiresDate: 'Monday, November 30, 2026 at 7:00 AM MST',
  },
  site: { name: 'Zion Conservation Events' },
};

/** Sample values of the reminder: its preview and its test e-mail. */
export const SAMPLE_REMINDER_CONTEXT: ReminderContext = {
  ...SAMPLE_CONTEXT,
  rsvp: { ...SAMPLE_CONTEXT.rsvp, firstName: 'Alex' },
  reminder: { startsIn: 'in 24 hours', hours: 24, hasTicket: true },
  urls: {
    ...SAMPLE_CONTEXT.urls,
    googleCalendar: googleCalendarUrl({
      title: SAMPLE_CONTEXT.event.title,
      start: '2026-12-06T02:30:00.000Z',
      location: SAMPLE_CONTEXT.event.location,
      ticketUrl: SAMPLE_CONTEXT.urls.checkIn,
    }),
    calendarFile: `https://example.org/api${ticketCalendarPath(SAMPLE_CONTEXT.ticket.id)}`,
  },
};

/** Sample values of the notices (issue 26 item 3): a paid ticket, its $35.00 refund on its way. */
export const SAMPLE_NOTICE_CONTEXT: NoticeContext = {
  ...SAMPLE_CONTEXT,
  rsvp: { ...SAMPLE_CONTEXT.rsvp, firstName: 'Alex' },
  notice: { money: NOTICE_MONEY.refundPending(formatCents(3500)), refundAmount: formatCents(3500) },
};

/** Sample values of 'Event moved': the date and time moved, the place did not. */
export const SAMPLE_EVENT_MOVED_CONTEXT: EventMovedContext = {
  ...SAMPLE_CONTEXT,
  rsvp: { ...SAMPLE_CONTEXT.rsvp, firstName: 'Alex' },
  changes: {
    summary: describeMove({ date: true, time: true, place: false }),
    date: 'Friday, December 4, 2026 → Saturday, December 5, 2026',
    time: '6:00 PM MST → 7:30 PM MST',
    place: '',
  },
};

/** Each template's sample values. */
export const SAMPLE_CONTEXTS: TemplateContexts = {
  ticket: SAMPLE_CONTEXT,
  rsvpConfirmation: SAMPLE_CONTEXT,
  reminder: SAMPLE_REMINDER_CONTEXT,
  adminInvitation: SAMPLE_INVITATION_CONTEXT,
  ticketCancelledByAdmin: { ...SAMPLE_NOTICE_CONTEXT, notice: { money: NOTICE_MONEY.noRefund(formatCents(3500)), refundAmount: '' } },
  refundIssued: { ...SAMPLE_NOTICE_CONTEXT, notice: { money: NOTICE_MONEY.refunded(formatCents(3500)), refundAmount: formatCents(3500) } },
  eventCancelled: SAMPLE_NOTICE_CONTEXT,
  eventUpdated: SAMPLE_EVENT_MOVED_CONTEXT,
  orderConfirmation: SAMPLE_ORDER_CONTEXT,
  waitlistJoined: {
    event: SAMPLE_CONTEXT.event,
    rsvp: { ...SAMPLE_CONTEXT.rsvp, firstName: 'Alex' },
    waitlist: { position: 3, seats: 2, seatsText: '2 seats, all together', url: 'https://example.org/waitlist/Q2x7mZkT4b9VhR1sNw3YpA#key=sample' },
    urls: { event: SAMPLE_CONTEXT.urls.event },
  },
  waitlistOffer: {
    event: SAMPLE_CONTEXT.event,
    rsvp: { ...SAMPLE_CONTEXT.rsvp, firstName: 'Alex' },
    waitlist: { seats: 2, url: 'https://example.org/waitlist/Q2x7mZkT4b9VhR1sNw3YpA#key=sample' },
    offer: {
      seats: 2,
      seatsText: '2 seats',
      expires: 'Saturday, June 14, 2025 at 8:30 PM',
      claimUrl: 'https://example.org/waitlist/Q2x7mZkT4b9VhR1sNw3YpA#key=sample',
      declineUrl: 'https://example.org/waitlist/Q2x7mZkT4b9VhR1sNw3YpA#key=sample',
    },
    urls: { event: SAMPLE_CONTEXT.urls.event },
  },
  volunteerConfirmation: {
    rsvp: { ...SAMPLE_CONTEXT.rsvp, firstName: 'Alex' },
    volunteer: {
      role: 'Planting crew',
      eventTitle: 'Riverside Restoration Day',
      date: 'Saturday, June 14, 2025',
      time: '8:00 AM – 11:00 AM MDT',
      place: 'Grafton trailhead',
      mapUrl: 'https://www.google.com/maps/search/?api=1&query=Grafton%20trailhead',
      url: 'https://example.org/volunteer/signup/Q2x7mZkT4b9VhR1sNw3YpA#key=sample',
      passCode: 'Q2x7mZkT4b9VhR1sNw3YpA',
    },
  },
  volunteerCancelled: {
    rsvp: { ...SAMPLE_CONTEXT.rsvp, firstName: 'Alex' },
    volunteer: {
      role: 'Planting crew',
      eventTitle: 'Riverside Restoration Day',
      date: 'Saturday, June 14, 2025',
      time: '8:00 AM – 11:00 AM MDT',
      place: 'Grafton trailhead',
      mapUrl: 'https://www.google.com/maps/search/?api=1&query=Grafton%20trailhead',
      url: 'https://example.org/volunteer',
    },
  },
  volunteerReminder: {
    rsvp: { ...SAMPLE_CONTEXT.rsvp, firstName: 'Alex' },
    volunteer: {
      role: 'Planting crew',
      eventTitle: 'Riverside Restoration Day',
      date: 'Saturday, June 14, 2025',
      time: '8:00 AM – 11:00 AM MDT',
      place: 'Grafton trailhead',
      mapUrl: 'https://www.google.com/maps/search/?api=1&query=Grafton%20trailhead',
      url: 'https://example.org/volunteer/signup/Q2x7mZkT4b9VhR1sNw3YpA#key=sample',
      startsIn: 'in 24 hours',
    },
  },
};

/** The sentence of what moved (issue 26 item 3). */
export function describeMove(moved: { date: boolean; time: boolean; place: boolean }): string {
  const parts = [moved.date && 'date', moved.time && 'time', moved.place && 'place'].filter((part): part is string => Boolean(part));
  if (!parts.length) return 'The details of this event have changed.';
  const said = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `The ${said} of this event ${parts.length === 1 ? 'has' : 'have'} changed.`;
}

/** An event's day(s) and hours as the e-mails say them: '6:00 PM MST – 9:30 PM MST', both days when it ends on another. */
function eventSpan(start: string, end: string | null | undefined, timeZone: string): { date: string; time: string } {
  const from = formatEventDate(start, timeZone);
  if (!end || Date.parse(end) <= Date.parse(start)) return { date: from.formattedDate, time: from.formattedTime };
  const to = formatEventDate(end, timeZone);
  const time = `${from.formattedTime} – ${to.formattedTime}`;
  return { date: from.formattedDate === to.formattedDate ? from.formattedDate : `${from.formattedDate} – ${to.formattedDate}`, time };
}

/**
 * What of an event moved, each part as 'old → new' in the organisation's zone ('' when unchanged):
 * a date moved by a week at the same hour changes the date alone; an end moved alone changes the
 * hours (issue 26 item 4). A job queued before events had an end (`endDate` absent) compares starts only.
 */
export function eventMoves(
  previous: { date: string; location: string; endDate?: string | null },
  now: { date: string; location: string; endDate?: string | null },
  timeZone: string,
): EventMovedContext['changes'] {
  const ends = previous.endDate !== undefined;
  const before = eventSpan(previous.date, ends ? previous.endDate : null, timeZone);
  const after = eventSpan(now.date, ends ? now.endDate : null, timeZone);
  const date = before.date !== after.date ? `${before.date} → ${after.date}` : '';
  const time = before.time !== after.time ? `${before.time} → ${after.time}` : '';
  const place = previous.location !== now.location ? `${previous.location || 'To be announced'} → ${now.location || 'To be announced'}` : '';
  return { summary: describeMove({ date: Boolean(date), time: Boolean(time), place: Boolean(place) }), date, time, place };
}

type Render = (context: AnyTemplateContext) => string;

type TemplateField = 'subjectTemplate' | 'htmlTemplate';

/** Where in the template: 'line 3' of the HTML, 'subject, line 1' of the subject. */
function where(field: TemplateField, line: number | undefined): string {
  const at = line ? `line ${line}` : '';
  if (field === 'htmlTemplate') return at || 'HTML';
  return at ? `subject, ${at}` : 'subject';
}

function oneLineReason(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300) || 'unknown error';
}

/** The line a render-time error (an unknown helper) comes from, found in the syntax tree. Partials are refused before rendering. */
function lineOfRuntimeError(source: string, message: string): number | undefined {
  const helper = /^Missing helper: "([^"]+)"/.exec(message)?.[1];
  if (!helper) return undefined;
  let line: number | undefined;
  const visit = (node: unknown) => {
    if (line !== undefined || !node || typeof node !== 'object') return;
    const candidate = node as { type?: string; loc?: hbs.AST.SourceLocation; path?: { original?: unknown } };
    if ((candidate.type === 'MustacheStatement' || candidate.type === 'BlockStatement' || candidate.type === 'SubExpression') && candidate.path?.original === helper) {
      line = candidate.loc?.start.line;
      return;
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object' && 'type' in value) visit(value);
    }
  };
  visit(adminTemplates.parse(source));
  return line;
}

/** A readable reason with its line, e.g. "line 3: a block is not closed (expecting '{{/...}}')". */
function describeError(error: unknown, field: TemplateField, source: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const parse = /^Parse error on line (\d+):[\s\S]*\n(Expecting [\s\S]*)$/.exec(message);
  if (parse) {
    const reason = /got 'EOF'$/.test(parse[2]) ? 'the template ends inside a tag or an unclosed {{#block}}' : parse[2];
    return `${where(field, Number(parse[1]))}: ${oneLineReason(reason)}`;
  }
  const lexical = /^Parse error on line (\d+):/.exec(message);
  if (lexical) return `${where(field, Number(lexical[1]))}: ${oneLineReason(message.split('\n').slice(1).join(' '))}`;
  const lineNumber = (error as { lineNumber?: unknown }).lineNumber;
  if (typeof lineNumber === 'number') return `${where(field, lineNumber)}: ${oneLineReason(message.replace(/ - \d+:\d+$/, ''))}`;
  return `${where(field, lineOfRuntimeError(source, message))}: ${oneLineReason(message)}`;
}

function refuseTemplate(error: unknown, field: TemplateField, source: string): never {
  // Refusals of our own (a construct, the budget) keep their code and message.
  if (error instanceof RuleError) throw error;
  throw new RuleError('TEMPLATE_DOES_NOT_COMPILE', templateDoesNotCompile(describeError(error, field, source)), 'invalid', field);
}

/**
 * Compiles one admin template: refused when it does not parse or uses a
 * construct outside the allowlist. The render it answers runs within the
 * budget; an HTML template gets the values HTML-escaped (and prints them as
 * they are, so nothing is escaped twice), a subject (plain text) gets them as
 * they are. Checked on every compile: at save, preview and send.
 */
export function compileTemplate(source: string, mode: 'html' | 'text' = 'html'): Render {
  const field: TemplateField = mode === 'text' ? 'subjectTemplate' : 'htmlTemplate';
  // Escaping is done on the values, so the template never escapes again. `log` is no known helper: "Missing helper".
  const options = { strict: false, noEscape: true, knownHelpers: { log: false } };
  let refused: ReturnType<typeof firstRefusedConstruct>;
  try {
    // compile() is lazy: precompile() parses now and throws on a syntax error.
    adminTemplates.precompile(source, options);
    refused = firstRefusedConstruct(source);
  } catch (error) {
    refuseTemplate(error, field, source);
  }
  if (refused) throw new RuleError('TEMPLATE_NOT_ALLOWED', templateConstructNotAllowed(where(field, refused.line), refused.construct), 'invalid', field);
  const template = adminTemplates.compile<AnyTemplateContext>(source, options);
  return (context) => {
    const values = mode === 'html' ? escapedValues(context) : context;
    try {
      return withinBudget(() => template(values));
    } catch (error) {
      if (error instanceof RenderTooLarge) throw new RuleError('TEMPLATE_TOO_LARGE', templateRendersTooMuch(where(field, undefined)), 'invalid', field);
      throw error;
    }
  };
}

/**
 * Refuses a template that does not compile, fails on realistic data (an
 * unknown helper or partial only shows when rendering), or prints what a
 * visitor typed unescaped. Answers the sample rendering.
 */
export function validateTemplate(template: EmailTemplate, sample: AnyTemplateContext = SAMPLE_CONTEXT): RenderedEmail {
  const rendered: Partial<Record<TemplateField, string>> = {};
  for (const [field, source, mode] of [
    ['subjectTemplate', template.subjectTemplate, 'text'],
    ['htmlTemplate', template.htmlTemplate, 'html'],
  ] as const) {
    const render = compileTemplate(source, mode);
    const line = firstUnescapedVisitorValue(source);
    if (line !== null) throw new RuleError('TEMPLATE_UNESCAPED_FIELD', unescapedVisitorValue(where(field, line)), 'invalid', field);
    try {
      rendered[field] = render(sample);
    } catch (error) {
      refuseTemplate(error, field, source);
    }
  }
  const html = rendered.htmlTemplate ?? '';
  return { subject: oneLine(rendered.subjectTemplate ?? ''), html, text: htmlToText(html) };
}

/** Renders subject, HTML and a plain-text alternative. */
export function renderEmail(template: EmailTemplate, context: AnyTemplateContext): RenderedEmail {
  const subject = oneLine(compileTemplate(template.subjectTemplate, 'text')(context));
  const html = compileTemplate(template.htmlTemplate, 'html')(context);
  return { subject, html, text: htmlToText(html) };
}

/** Collapses whitespace: subjects are one line. */
export function oneLine(text: string) {
  return text.replace(/\s+/g, ' ').trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', mdash: '—', ndash: '–', rsquo: '’', lsquo: '‘', hellip: '…', middot: '·' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Text as HTML again (`&`, `<`, `>`), for a step that decodes it later. */
function reencode(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A readable plain-text version of an HTML e-mail: block elements become lines, links keep their address.
 * Every pattern stops at the next `<` (or the next `<a`) and an unclosed comment or element runs to the
 * end, so the time grows with the length of the HTML, not its square (issue 23 item 6: 100 KB of
 * unclosed `<div ` took 20 s before).
 */
export function htmlToText(html: string): string {
  let text = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<(head|style|script|title)\b[^<>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, '')
    .replace(/<div\b[^<>]*display\s*:\s*none[^<>]*>[\s\S]*?(?:<\/div\s*>|$)/gi, '')
    // Source line breaks are just spaces in HTML; lines come from the block elements below.
    .replace(/\s+/g, ' ')
    .replace(/<a\b[^<>]*?\bhref\s*=\s*("([^"<]*)"|'([^'<]*)')[^<>]*>((?:(?!<a\b)[\s\S])*?)<\/a\s*>/gi, (_whole, _quoted, dq, sq, inner: string) => {
      const href = decodeEntities(dq ?? sq ?? '').trim();
      const label = oneLine(decodeEntities(inner.replace(/<[^<>]+>/g, '')));
      if (!href || href.startsWith('#')) return label;
      const shown = href.replace(/^mailto:/i, '');
      // Encoded again: the steps below strip tags and decode once, and a name like '<b>' is text here.
      return reencode(!label || label === shown ? shown : `${label} (${shown})`);
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|tr|li|table|blockquote)\s*>/gi, '\n')
    .replace(/<(p|h[1-6]|li|blockquote)\b[^<>]*>/gi, '\n')
    .replace(/<\/t[dh]\s*>/gi, ' ')
    .replace(/<[^<>]+>/g, '');
  text = decodeEntities(text);
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
