import Handlebars from 'handlebars';
import { DETAILS, FONT, button, layout } from './layout.js';
import { oneLine, type RenderedEmail } from './render.js';

/*
 * The e-mails that carry a link to finish a held registration (issue 23): confirming a
 * 'Confirm by e-mail' registration, paying an unpaid one. Fixed wording, not admin-editable.
 * They go to an address nobody has proven yet, so they repeat nothing the visitor typed
 * (not even the name): only the event's details, the deadline and the link.
 */

const linkTemplates = Handlebars.create();

export interface LinkMailContext {
  event: { title: string; formattedDate: string; formattedTime: string; location: string };
  /** When the seat is released unless the link is used, in the organisation's zone. */
  holdUntil: string;
  /** Ours alone (the site's address, an encoded RSVP id, a URL-safe key): printed as it is, its '=' not turned into an entity. */
  link: string;
}

type CompiledContext = Omit<LinkMailContext, 'link'> & { link: Handlebars.SafeString };

function withSafeLink(context: LinkMailContext): CompiledContext {
  return { ...context, link: new linkTemplates.SafeString(context.link) };
}

function linkLayout(heading: string, intro: string, label: string, after: string) {
  return layout({
    title: `${heading}: {{event.title}}`,
    preheader: `${heading}: {{event.title}}`,
    eyebrow: heading,
    body: `        <tr>
          <td style="padding:24px 32px 8px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hello,</p>
            <p style="margin:0 0 18px;">${intro}</p>
          </td>
        </tr>
${DETAILS}
        <tr>
          <td style="padding:20px 32px 8px;">
            ${button('{{link}}', label)}
          </td>
        </tr>
        <tr>
          <td style="padding:12px 32px 28px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0 0 10px;">${after}</p>
            <p style="margin:0;">If you did not register, you can ignore this e-mail: nothing happens and the seat goes to someone else.</p>
          </td>
        </tr>`,
  });
}

const confirmHtml = linkTemplates.compile<CompiledContext>(
  linkLayout(
    'Confirm your registration',
    'Someone registered this e-mail address for the event below. Confirm it is you, and your ticket is on its way.',
    'Confirm my registration',
    'Your seat is held until <strong>{{holdUntil}}</strong>. If the link is not opened by then, the seat is released.',
  ),
  { strict: false },
);

const payHtml = linkTemplates.compile<CompiledContext>(
  linkLayout(
      'Finish paying for your ticket',
      'A seat is held for this e-mail address at the event below, waiting for its card payment.',
      'Pay for my ticket',
      'Your seat is held until <strong>{{holdUntil}}</strong>. If it is not paid by then, the seat is released.',
    ),
  { strict: false },
);

function details(context: LinkMailContext) {
  return `${context.event.title}\n${context.event.formattedDate}, ${context.event.formattedTime}\n${context.event.location}`;
}

export function renderConfirmRegistration(context: LinkMailContext): RenderedEmail {
  return {
    subject: oneLine(`Confirm your registration: ${context.event.title}`),
    html: confirmHtml(withSafeLink(context)),
    text: `Hello,\n\nSomeone registered this e-mail address for the event below. Confirm it is you, and your ticket is on its way.\n\n${details(context)}\n\nConfirm my registration: ${context.link}\n\nYour seat is held until ${context.holdUntil}. If the link is not opened by then, the seat is released.\n\nIf you did not register, you can ignore this e-mail: nothing happens and the seat goes to someone else.`,
  };
}

export function renderPaymentLink(context: LinkMailContext): RenderedEmail {
  return {
    subject: oneLine(`Finish paying for your ticket: ${context.event.title}`),
    html: payHtml(withSafeLink(context)),
    text: `Hello,\n\nA seat is held for this e-mail address at the event below, waiting for its card payment.\n\n${details(context)}\n\nPay for my ticket: ${context.link}\n\nYour seat is held until ${context.holdUntil}. If it is not paid by then, the seat is released.\n\nIf you did not register, you can ignore this e-mail: nothing happens and the seat goes to someone else.`,
  };
}

/** Issue 25: a fresh 'Can't come?' link, asked for on the ticket page; sent to the ticket's own address only. */
export function renderManageLink(context: LinkMailContext): RenderedEmail {
  const intro = 'Someone asked on the ticket page for a link to cancel your ticket for the event below. If you cannot come, open it to give your seat back.';
  const after = 'If you did not ask for it, you can ignore this e-mail: your ticket stays as it is.';
  return {
    subject: oneLine(`Your link to cancel your ticket: ${context.event.title}`),
    html: manageHtml(withSafeLink(context)),
    text: `Hello,\n\n${intro}\n\n${details(context)}\n\nCancel my ticket: ${context.link}\n\n${after}`,
  };
}

const manageHtml = linkTemplates.compile<CompiledContext>(
  layout({
    title: 'Your link to cancel your ticket: {{event.title}}',
    preheader: 'Your link to cancel your ticket: {{event.title}}',
    eyebrow: "Can't come?",
    body: `        <tr>
          <td style="padding:24px 32px 8px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hello,</p>
            <p style="margin:0 0 18px;">Someone asked on the ticket page for a link to cancel your ticket for the event below. If you cannot come, open it to give your seat back.</p>
          </td>
        </tr>
${DETAILS}
        <tr>
          <td style="padding:20px 32px 8px;">
            ${button('{{link}}', 'Cancel my ticket')}
          </td>
        </tr>
        <tr>
          <td style="padding:12px 32px 28px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0;">If you did not ask for it, you can ignore this e-mail: your ticket stays as it is.</p>
          </td>
        </tr>`,
  }),
  { strict: false },
);

/** What an attendee's own cancel did with their money (issue 25 item 4): our words, never theirs. */
export type CancelMoney = { refund: string } | { noRefund: true } | null;

/** Issue 25: the short confirmation of an attendee's own cancel; it repeats nothing they typed. */
export function renderTicketCancelled(context: Omit<LinkMailContext, 'link' | 'holdUntil'> & { money?: CancelMoney }): RenderedEmail {
  const line = 'Your ticket for the event below is cancelled, as you asked, and your seat has been given back. Thank you for letting us know.';
  const money = moneyLine(context.money ?? null);
  return {
    subject: oneLine(`Your ticket is cancelled: ${context.event.title}`),
    html: cancelledHtml({ ...context, moneyLine: money }),
    text: `Hello,\n\n${line}${money ? `\n\n${money}` : ''}\n\n${context.event.title}\n${context.event.formattedDate}, ${context.event.formattedTime}\n${context.event.location}`,
  };
}

function moneyLine(money: CancelMoney): string | null {
  if (!money) return null;
  if ('refund' in money) return `Your payment of ${money.refund} is being refunded in full to the card you paid with; banks usually show it within 5 to 10 days.`;
  return "Under the event's refund rule, which applied when you cancelled, no refund is due.";
}

const cancelledHtml = linkTemplates.compile<Omit<LinkMailContext, 'link' | 'holdUntil'> & { moneyLine: string | null }>(
  noticeLayout('Your ticket is cancelled', 'Ticket cancelled', [
    'Your ticket for the event below is cancelled, as you asked, and your seat has been given back. Thank you for letting us know.',
    { when: 'moneyLine', text: '{{moneyLine}}' },
  ]),
  { strict: false },
);

/** A paragraph of a notice, or one shown only when its context field `when` is set. */
type NoticeParagraph = string | { when: string; text: string };

/**
 * The layout of a short notice about the attendee's own ticket (cancelled, given on): a greeting, our
 * paragraphs, and the event's details. No button: there is nothing to do.
 */
function noticeLayout(heading: string, eyebrow: string, paragraphs: NoticeParagraph[]) {
  const body = paragraphs.map((paragraph) =>
    typeof paragraph === 'string' ? `<p style="margin:0 0 18px;">${paragraph}</p>` : `{{#if ${paragraph.when}}}<p style="margin:0 0 18px;">${paragraph.text}</p>{{/if}}`,
  );
  return layout({
    title: `${heading}: {{event.title}}`,
    preheader: `${heading}: {{event.title}}`,
    eyebrow,
    body: `        <tr>
          <td style="padding:24px 32px 8px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hello,</p>
            ${body.join('\n            ')}
          </td>
        </tr>
${DETAILS}`,
  });
}

/**
 * Issue 25 item 5: the notice to a holder that their ticket was given on. The new holder's name is
 * the one this same holder typed; nothing else of anyone's is repeated.
 */
export function renderTicketTransferred(context: Omit<LinkMailContext, 'link' | 'holdUntil'> & { newHolder: string }): RenderedEmail {
  const line = `Your ticket for the event below now belongs to ${context.newHolder}, as you asked: their own ticket, with a new code, has been e-mailed to them. Your old ticket and its QR code no longer work.`;
  return {
    subject: oneLine(`Your ticket was given on: ${context.event.title}`),
    html: transferredHtml(context),
    text: `Hello,\n\n${line}\n\nIf you did not do this, write to the organisers at once.\n\n${context.event.title}\n${context.event.formattedDate}, ${context.event.formattedTime}\n${context.event.location}`,
  };
}

const transferredHtml = linkTemplates.compile<Omit<LinkMailContext, 'link' | 'holdUntil'> & { newHolder: string }>(
  noticeLayout('Your ticket was given on', 'Ticket given on', [
    'Your ticket for the event below now belongs to {{newHolder}}, as you asked: their own ticket, with a new code, has been e-mailed to them. Your old ticket and its QR code no longer work.',
    'If you did not do this, write to the organisers at once.',
  ]),
  { strict: false },
);
