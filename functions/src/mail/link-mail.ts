import type { Clock } from '../clock.js';
import { toEventDetails } from '../events/repository.js';
import { keptLinkKeys, linkKeyHash, newLinkKey, type LinkPurpose } from '../rsvps/link-keys.js';
import { MANAGE_LINK_KEYS, readRsvpWithEvent, rememberLinkKey } from '../rsvps/repository.js';
import { isRunningHold } from '../rsvps/rules.js';
import { CONFIRM_REGISTRATION_SLUG, PAY_HOLD_SLUG } from '../shared/constants.js';
import { MESSAGES } from '../shared/messages.js';
import { RSVP_MESSAGES, type RsvpStatus } from '../shared/rsvps-model.js';
import type { DocumentStore } from '../store/port.js';
import type { Composed } from './delivery.js';
import type { MailJob } from '../outbox/outbox.js';
import { checkInUrl, formatDateTime, formatEventDate } from './templates/render.js';
import { calendarSequenceOf, ticketCalendarFile } from '../calendar/ticket-calendar.js';
import { renderConfirmRegistration, renderManageLink, renderPaymentLink, renderTicketCancelled, renderTicketTransferred, type CancelMoney, type LinkMailContext } from './templates/links.js';
import { formatCents } from '../shared/payments-model.js';
import { MANAGE_TICKET_SLUG } from '../shared/constants.js';

export type LinkMailKind = 'confirmRegistration' | 'paymentLink';

const PURPOSES: Record<LinkMailKind, { purpose: LinkPurpose; status: RsvpStatus; slug: string; render: (context: LinkMailContext) => ReturnType<typeof renderPaymentLink> }> = {
  confirmRegistration: { purpose: 'confirm', status: 'pending_confirmation', slug: CONFIRM_REGISTRATION_SLUG, render: renderConfirmRegistration },
  paymentLink: { purpose: 'pay', status: 'pending_payment', slug: PAY_HOLD_SLUG, render: renderPaymentLink },
};

/** The address a link opens: the page, the RSVP, and the key in the fragment (never sent to a server in a request line, nor in a Referer). */
export function holdLinkUrl(siteUrl: string, kind: LinkMailKind, rsvpId: string, key: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/${PURPOSES[kind].slug}/${encodeURIComponent(rsvpId)}#key=${key}`;
}

/** Issue 25: the 'Can't come?' page of a ticket, its key in the fragment like the links above. */
export function manageLinkUrl(siteUrl: string, rsvpId: string, key: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/${MANAGE_TICKET_SLUG}/${encodeURIComponent(rsvpId)}/manage#key=${key}`;
}

/**
 * Mints a manage key for a confirmed RSVP's e-mail, its hash stored beside the RSVP (MANAGE_LINK_KEYS) in this one transaction
 * (link-keys.ts): answers the link, or null when the RSVP is not confirmed (a cancelled ticket gets none).
 */
export async function mintManageLink(store: DocumentStore, siteUrl: string, rsvpId: string): Promise<string | null> {
  const key = newLinkKey();
  const minted = await store.runTransaction(async (tx) => {
    const { rsvp } = await readRsvpWithEvent(tx, rsvpId);
    if (!rsvp || rsvp.data.status !== 'confirmed') return false;
    const kept = await tx.get(MANAGE_LINK_KEYS, rsvpId);
    tx.set(MANAGE_LINK_KEYS, rsvpId, { rsvpId, hashes: keptLinkKeys(kept?.data.hashes, linkKeyHash(key)) });
    return true;
  });
  return minted ? manageLinkUrl(siteUrl, rsvpId, key) : null;
}

export interface LinkMailDeps {
  store: DocumentStore;
  clock: Clock;
  timeZone: string;
  siteUrl: string;
  from: string;
}

/**
 * The e-mails with a link to finish a held registration. Each composition mints a fresh key and
 * stores only its hash on the RSVP (rsvps/link-keys.ts), in a transaction that first checks the
 * hold still runs: a hold confirmed, paid or released meanwhile gets no link.
 */
export function createLinkMail({ store, clock, timeZone, siteUrl, from }: LinkMailDeps) {
  return {
    /** Issue 25: a fresh manage link asked for on the ticket page, the confirmation of an attendee's own cancel, or the notice of a ticket given on. */
    async composeManage(job: MailJob & { kind: 'manageLink' | 'ticketCancelled' | 'ticketTransferred' }): Promise<Composed> {
      const rsvpId = job.rsvpId;
      if (!rsvpId) return { skip: RSVP_MESSAGES.rsvpNotFound };
      const found = await store.runTransaction(async (tx) => readRsvpWithEvent(tx, rsvpId));
      if (!found.rsvp) return { skip: RSVP_MESSAGES.rsvpNotFound };
      if (!found.event) return { skip: MESSAGES.eventNotFound };
      const event = toEventDetails(found.event);
      const { formattedDate, formattedTime } = formatEventDate(event.date, timeZone);
      const shown = { title: event.title, formattedDate, formattedTime, location: event.location };
      const rsvp = found.rsvp.data;
      // The ticket's calendar entry, cancelled (same UID, STATUS:CANCELLED): opening it removes the entry (issue 25 item 2).
      const calendar = ticketCalendarFile({
        ticketId: rsvpId,
        ticketUrl: checkInUrl(siteUrl, rsvpId),
        event,
        sequence: calendarSequenceOf(found.event.data),
        cancelled: true,
        now: clock.now(),
      });
      const attachments = [{ filename: calendar.filename, contentType: calendar.contentType, content: Buffer.from(calendar.text, 'utf8') }];
      if (job.kind === 'ticketCancelled') {
        const paid = rsvp.paymentStatus === 'paid' || rsvp.paymentStatus === 'refunded';
        const money: CancelMoney = !paid ? null : rsvp.refundRequestedAt ? { refund: formatCents(rsvp.amountPaid) } : { noRefund: true };
        return { message: { to: job.to, from, ...renderTicketCancelled({ event: shown, money }), attachments } };
      }
      if (job.kind === 'ticketTransferred') {
        if (!rsvp.transferredTo) return { skip: 'The ticket was not given on' };
        return { message: { to: job.to, from, ...renderTicketTransferred({ event: shown, newHolder: rsvp.transferredTo.name }), attachments } };
      }
      const link = await mintManageLink(store, siteUrl, rsvpId);
      if (!link) return { skip: `The RSVP is ${found.rsvp.data.status}, it has no ticket to cancel` };
      return { message: { to: job.to, from, ...renderManageLink({ event: shown, holdUntil: '', link }) } };
    },

    async compose(job: MailJob & { kind: LinkMailKind }): Promise<Composed> {
      const { purpose, status, render } = PURPOSES[job.kind];
      const rsvpId = job.rsvpId;
      if (!rsvpId) return { skip: RSVP_MESSAGES.rsvpNotFound };
      const key = newLinkKey();
      const now = clock.now().toISOString();
      const held = await store.runTransaction(async (tx) => {
        const { rsvp, event } = await readRsvpWithEvent(tx, rsvpId);
        if (!rsvp) return { skip: RSVP_MESSAGES.rsvpNotFound };
        if (!event) return { skip: MESSAGES.eventNotFound };
        if (rsvp.data.status !== status || !isRunningHold(rsvp.data, now)) return { skip: `The RSVP is ${rsvp.data.status}, no longer waiting for this link` };
        rememberLinkKey(tx, rsvp, purpose, linkKeyHash(key));
        return { event: toEventDetails(event), holdExpiresAt: rsvp.data.holdExpiresAt! };
      });
      if (held.skip !== undefined) return { skip: held.skip };
      const { event, holdExpiresAt } = held;
      const { formattedDate, formattedTime } = formatEventDate(event.date, timeZone);
      const rendered = render({
        event: { title: event.title, formattedDate, formattedTime, location: event.location },
        holdUntil: formatDateTime(new Date(holdExpiresAt), timeZone),
        link: holdLinkUrl(siteUrl, job.kind, rsvpId, key),
      });
      return { message: { to: job.to, from, ...rendered } };
    },
  };
}
