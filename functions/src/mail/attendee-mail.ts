import { calendarSequenceOf, ticketCalendarFile } from '../calendar/ticket-calendar.js';
import type { Clock } from '../clock.js';
import { findEvent, toEventDetails } from '../events/repository.js';
import { RuleError } from '../rule-error.js';
import { findRsvp, readRsvpWithEvent, toRsvpView, type RsvpDocument } from '../rsvps/repository.js';
import { confirmationMailKind } from '../rsvps/rules.js';
import type { EmailTemplate, TemplateName } from '../shared/email-templates-model.js';
import { MAIL_MESSAGES } from '../shared/mail-model.js';
import { MESSAGES } from '../shared/messages.js';
import { RSVP_MESSAGES } from '../shared/rsvps-model.js';
import type { DocumentStore } from '../store/port.js';
import type { Composed } from './delivery.js';
import type { MailMessage } from './port.js';
import { queueMail, type EventUpdatedKind, type MailJob, type NoticeKind, type NoticeMoney } from '../outbox/outbox.js';
import { NOTICE_MONEY } from '../shared/email-templates-model.js';
import { formatCents } from '../shared/payments-model.js';
import { firstNameOf } from '../shared/reminders-model.js';
import { ticketQrAttachment } from './qr.js';
import { ORDERS } from '../rsvps/repository.js';
import { cardLabel } from '../shared/receipt-model.js';
import { mintReceiptLink } from '../receipts/keys.js';
import { orderQrContentId } from './templates/order.js';
import { mintManageLink } from './link-mail.js';
import { escapedValues } from './templates/render.js';
import { renderOrDefault, type TemplateStore } from './template-store.js';
import { describeEventChanges } from './templates/event-updated.js';
import {
  buildReminderContext,
  buildTemplateContext,
  checkInUrl,
  eventMoves,
  buildReceipt,
  NO_RECEIPT,
  type AnyTemplateContext,
  type NoticeContext,
  type OrderContext,
  type ReceiptContext,
  type RenderedEmail,
} from './templates/render.js';

type Attachment = NonNullable<MailMessage['attachments']>[number];
import { isActiveTicket } from '../reminders/rules.js';
import type { EventDetails } from '../events/repository.js';
import type { RsvpRecord } from '../shared/rsvps-model.js';

/** Why a queued reminder is not sent after all (recorded on its job). */
export const REMINDER_SKIPS = { started: 'The event has started', inactive: 'The ticket is no longer active' } as const;

export interface AttendeeMailDeps {
  store: DocumentStore;
  clock: Clock;
  templates: Pick<TemplateStore, 'load'>;
  /** The organisation's zone: dates in e-mails are formatted in it. */
  timeZone: string;
  /** The public site's base address, e.g. https://example.org (links in e-mails). */
  siteUrl: string;
  /** The sender, e.g. 'Zion Events <events@example.org>'. */
  from: string;
  logger: Pick<Console, 'error'>;
}

/**
 * Every ticket e-mail carries the 'Can't come?' link (issue 25), also when an admin's saved template
 * predates {{urls.manage}}: such a template gets it as a last paragraph, before </body> (or at the end).
 */
export function withManageLink(rendered: RenderedEmail, template: EmailTemplate, manageUrl: string): RenderedEmail {
  if (!manageUrl || template.htmlTemplate.includes('urls.manage')) return rendered;
  const paragraph = `<p style="margin:16px 32px;font-size:14px;">Can't come? <a href="${escapedValues(manageUrl)}">Cancel your ticket</a> so someone else can have the seat.</p>`;
  const at = rendered.html.toLowerCase().lastIndexOf('</body>');
  const html = at === -1 ? rendered.html + paragraph : rendered.html.slice(0, at) + paragraph + rendered.html.slice(at);
  return { ...rendered, html, text: `${rendered.text}\n\nCan't come? Cancel your ticket: ${manageUrl}` };
}

/** The e-mails an attendee receives: the ticket, or the confirmation when the event issues no tickets. */
export function createAttendeeMail({ store, clock, templates, timeZone, siteUrl, from, logger }: AttendeeMailDeps) {
  /** A stored template that no longer renders must not stop tickets: the default stands in. */
  const renderWithFallback = (name: TemplateName, template: EmailTemplate, context: AnyTemplateContext): RenderedEmail => renderOrDefault(name, template, context, logger);

  /** A reminder (issue 25 item 3): none once the event has started or the ticket is no longer active (a retry may come late). */
  async function composeReminder(job: MailJob, rsvp: RsvpRecord, event: EventDetails): Promise<Composed> {
    const now = clock.now();
    if (Date.parse(event.date) <= now.getTime()) return { skip: REMINDER_SKIPS.started };
    if (!isActiveTicket(rsvp)) return { skip: REMINDER_SKIPS.inactive };
    // The reminder carries the 'Can't come?' link too (issue 25 item 3): a fresh key, its hash on the RSVP.
    const manageUrl = (await mintManageLink(store, siteUrl, rsvp.id)) ?? '';
    const context = buildReminderContext({ event, rsvp, offsetHours: job.reminderOffsetHours ?? 0, now, siteUrl, timeZone, manageUrl });
    const template = await templates.load('reminder');
    const rendered = withManageLink(renderWithFallback('reminder', template, context), template, manageUrl);
    const attachments = event.generateTickets ? [await ticketQrAttachment(context.urls.checkIn)] : undefined;
    return { message: { to: job.to, from, ...rendered, ...(attachments ? { attachments } : {}) } };
  }

  /**
   * The ticket's .ics as an attachment (issue 25 item 2), as the event is now: its current SEQUENCE,
   * STATUS:CANCELLED for a cancelled RSVP (whose e-mail, when one goes out, must cancel the entry).
   */
  function calendarAttachment(rsvp: { id: string; data: { status: string } }, event: NonNullable<Awaited<ReturnType<typeof findEvent>>>): Attachment {
    const file = ticketCalendarFile({
      ticketId: rsvp.id,
      event: event.data,
      sequence: calendarSequenceOf(event.data),
      cancelled: rsvp.data.status === 'cancelled',
      ticketUrl: checkInUrl(siteUrl, rsvp.id),
      now: clock.now(),
    });
    return { filename: file.filename, contentType: file.contentType, content: Buffer.from(file.text, 'utf8') };
  }

  /**
   * The RSVP and event a ticket holder's e-mail is about, as they are now; a skip reason when the
   * RSVP or event is gone, or the RSVP is no longer confirmed (cancelled, released or unpaid: no mail).
   */
  async function confirmedTicket(job: MailJob): Promise<{ skip: string } | { rsvp: RsvpDocument; event: NonNullable<Awaited<ReturnType<typeof findEvent>>> }> {
    if (!job.rsvpId) return { skip: RSVP_MESSAGES.rsvpNotFound };
    const rsvp = await findRsvp(store, job.rsvpId);
    if (!rsvp) return { skip: RSVP_MESSAGES.rsvpNotFound };
    if (rsvp.data.status !== 'confirmed') return { skip: `The RSVP is ${rsvp.data.status}` };
    const event = await findEvent(store, rsvp.data.eventId);
    if (!event) return { skip: MESSAGES.eventNotFound };
    return { rsvp, event };
  }

  /**
   * A paid ticket bought alone shows its receipt (issue 26 item 2). Its e-mail is queued in the
   * transaction that applied the payment, so the job's creation is the payment's date.
   */
  function singleTicketReceipt(rsvp: RsvpDocument['data'], queuedAt: string): ReceiptContext {
    if (rsvp.orderId || rsvp.paymentStatus !== 'paid' || !rsvp.amountPaid) return NO_RECEIPT;
    return buildReceipt({ tickets: [{ ticketType: rsvp.ticketType ?? '', price: rsvp.amountPaid }], paidAt: queuedAt, card: cardLabel(rsvp.card), timeZone });
  }

  /**
   * An order's one confirmation e-mail (issue 26 item 2): every ticket of it still confirmed, each
   * with its QR code (an inline image of its own) and page; a paid order's receipt with a link to
   * the printable receipt. Nothing when no ticket of it is confirmed any more.
   */
  async function composeOrder(job: MailJob): Promise<Composed> {
    const orderId = job.orderId ?? '';
    const order = orderId ? await store.get(ORDERS, orderId) : null;
    if (!order) return { skip: 'The order was not found' };
    const all = (await Promise.all(order.data.rsvpIds.map((id) => findRsvp(store, id)))).filter((doc): doc is RsvpDocument => doc !== null);
    const tickets = all.filter((ticket) => ticket.data.status === 'confirmed');
    if (!tickets.length) return { skip: 'No ticket of the order is confirmed' };
    const event = await findEvent(store, order.data.eventId);
    if (!event) return { skip: MESSAGES.eventNotFound };
    const details = toEventDetails(event);
    const withQr = details.generateTickets;
    const shown: OrderContext['tickets'] = [];
    // One after the other: each mint is a transaction reading the same event, and on Firestore
    // concurrent ones contend for it.
    for (const [index, ticket] of tickets.entries()) {
      shown.push({
        name: ticket.data.name,
        ticketType: ticket.data.ticketType ?? '',
        number: index + 1,
        count: tickets.length,
        qrSrc: withQr ? `cid:${orderQrContentId(index + 1)}` : '',
        url: checkInUrl(siteUrl, ticket.id),
        // Each ticket keeps its own 'Can't come?' link (issue 25), minted for this e-mail.
        manageUrl: (await mintManageLink(store, siteUrl, ticket.id)) ?? '',
      });
    }
    const paid = Boolean(order.data.paidAt) && order.data.amountDue > 0;
    const receipt = paid
      ? buildReceipt({
          tickets: all.map((ticket) => ({ ticketType: ticket.data.ticketType ?? '', price: ticket.data.amountPaid || ticket.data.amountDue })),
          paidAt: order.data.paidAt,
          card: cardLabel(order.data.card),
          url: await mintReceiptLink(store, siteUrl, orderId, 'mail'),
          timeZone,
        })
      : NO_RECEIPT;
    const base = buildTemplateContext({ event: details, rsvp: { id: tickets[0].id, name: order.data.name, email: order.data.email }, siteUrl, timeZone });
    const context: OrderContext = {
      event: base.event,
      rsvp: { ...base.rsvp, firstName: firstNameOf(order.data.name) },
      order: { ticketCount: tickets.length },
      tickets: shown,
      urls: { event: base.urls.event },
      receipt,
    };
    const rendered = renderWithFallback('orderConfirmation', await templates.load('orderConfirmation'), context);
    const qrCodes = withQr ? await Promise.all(shown.map((ticket) => ticketQrAttachment(ticket.url, orderQrContentId(ticket.number)))) : [];
    return { message: { to: job.to, from, ...rendered, attachments: [...qrCodes, calendarAttachment(tickets[0], event)] } };
  }

  return {
    composeOrder,

    /** The message of a ticket or rsvpConfirmation job, from the RSVP as it is now. */
    async compose(job: MailJob & { kind: 'ticket' | 'rsvpConfirmation' | 'reminder' }): Promise<Composed> {
      const found = await confirmedTicket(job);
      if ('skip' in found) return found;
      const { rsvp, event } = found;
      if (job.kind === 'reminder') return composeReminder(job, toRsvpView(rsvp), toEventDetails(event));
      // Issue 25: a fresh 'Can't come?' key, its hash kept beside the RSVP; the raw key only in this e-mail.
      const manageUrl = (await mintManageLink(store, siteUrl, rsvp.id)) ?? '';
      const context = buildTemplateContext({
        event: toEventDetails(event),
        rsvp: toRsvpView(rsvp),
        siteUrl,
        timeZone,
        manageUrl,
        receipt: singleTicketReceipt(rsvp.data, job.createdAt),
      });
      const template = await templates.load(job.kind);
      const rendered = withManageLink(renderWithFallback(job.kind, template, context), template, manageUrl);
      const calendar = calendarAttachment(rsvp, event);
      const attachments = job.kind === 'ticket' ? [await ticketQrAttachment(context.urls.checkIn), calendar] : [calendar];
      return { message: { to: job.to, from, ...rendered, attachments } };
    },

    /**
     * 'Event updated' to a ticket holder (queued by the calendar fan-out), from the editable
     * 'eventUpdated' template (issue 26 item 3): what moved as 'old → new', the event as it is now,
     * and the .ics with the same UID and the current (higher) SEQUENCE. A ticket cancelled since
     * the fan-out gets nothing.
     */
    async composeEventUpdated(job: MailJob & { kind: EventUpdatedKind }): Promise<Composed> {
      const found = await confirmedTicket(job);
      if ('skip' in found) return found;
      const { rsvp, event } = found;
      const base = buildTemplateContext({ event: toEventDetails(event), rsvp: toRsvpView(rsvp), siteUrl, timeZone });
      // A job queued before the previous values were kept says what changed without 'old → new'.
      const changes = job.eventPrevious
        ? eventMoves(job.eventPrevious, { date: event.data.date, location: event.data.location, endDate: event.data.endDate ?? null }, timeZone)
        : { summary: describeEventChanges(job.eventChanges ?? []), date: '', time: '', place: '' };
      const context = { ...base, rsvp: { ...base.rsvp, firstName: firstNameOf(base.rsvp.name) }, changes };
      const rendered = renderWithFallback('eventUpdated', await templates.load('eventUpdated'), context);
      return { message: { to: job.to, from, ...rendered, attachments: [calendarAttachment(rsvp, event)] } };
    },

    /**
     * A notice of issue 26 item 3 (ticket cancelled by an admin, refund issued, event cancelled),
     * from its editable template. It was decided with the change that caused it, so it goes out
     * whatever the RSVP's status now; what happens to the money was decided then too (job.notice).
     * A cancelled ticket's notice carries its calendar entry cancelled (STATUS:CANCELLED).
     */
    async composeNotice(job: MailJob & { kind: NoticeKind }): Promise<Composed> {
      if (!job.rsvpId) return { skip: RSVP_MESSAGES.rsvpNotFound };
      const rsvp = await findRsvp(store, job.rsvpId);
      if (!rsvp) return { skip: RSVP_MESSAGES.rsvpNotFound };
      const event = await findEvent(store, rsvp.data.eventId);
      if (!event) return { skip: MESSAGES.eventNotFound };
      const base = buildTemplateContext({ event: toEventDetails(event), rsvp: toRsvpView(rsvp), siteUrl, timeZone });
      const context: NoticeContext = { ...base, rsvp: { ...base.rsvp, firstName: firstNameOf(base.rsvp.name) }, notice: noticeMoney(job.notice) };
      const rendered = renderWithFallback(job.kind, await templates.load(job.kind), context);
      const attachments = job.kind === 'refundIssued' ? [] : [calendarAttachment(rsvp, event)];
      return { message: { to: job.to, from, ...rendered, ...(attachments.length ? { attachments } : {}) } };
    },

    /** Queues the RSVP's e-mail again: its ticket, or the confirmation when the event issues no tickets. */
    async queueResend(rsvpId: string): Promise<{ kind: TemplateName; jobId: string; message: string }> {
      const now = clock.now();
      return store.runTransaction(async (tx) => {
        const { rsvp, event } = await readRsvpWithEvent(tx, rsvpId);
        if (!rsvp || rsvp.data.status !== 'confirmed') throw new RuleError('RSVP_NOT_FOUND', RSVP_MESSAGES.rsvpNotFound, 'not-found');
        if (!event) throw new RuleError('EVENT_NOT_FOUND', MESSAGES.eventNotFound, 'not-found');
        const kind = confirmationMailKind(event.data);
        const jobId = queueMail(tx, { kind, rsvpId, to: rsvp.data.email, trigger: 'staff' }, now);
        return { kind, jobId, message: kind === 'ticket' ? MAIL_MESSAGES.ticketQueued : MAIL_MESSAGES.confirmationQueued };
      });
    },
  };
}
export type AttendeeMail = ReturnType<typeof createAttendeeMail>;

/** What a notice says of the money (issue 26 item 3), amounts in the shared money format. */
export function noticeMoney(money: NoticeMoney | undefined): NoticeContext['notice'] {
  const amount = formatCents(money?.amountCents ?? 0);
  switch (money?.outcome) {
    case 'noRefund':
      return { money: NOTICE_MONEY.noRefund(amount), refundAmount: '' };
    case 'refundPending':
      return { money: NOTICE_MONEY.refundPending(amount), refundAmount: amount };
    case 'refunded':
      return { money: NOTICE_MONEY.refunded(amount), refundAmount: amount };
    default:
      return { money: NOTICE_MONEY.none, refundAmount: '' };
  }
}
