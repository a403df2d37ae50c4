import type { EmailTemplate } from '../../shared/email-templates-model.js';
import { DETAILS, FONT, LABEL_BROWN, TERRACOTTA, button, layout } from './layout.js';

/*
 * The default notices of issue 26 item 3 (admin-editable in the Email Templates tab): a ticket
 * cancelled by an admin, a refund issued, an event cancelled, an event moved. Each says what
 * happened and what happens to the attendee's money ({{notice.money}}, worded in
 * shared/email-templates-model.ts NOTICE_MONEY) or what changed ('old → new').
 */

const FOOTER = 'Thank you for supporting conservation in the Zion region. You receive this e-mail because you registered for {{event.title}}.';

/** The money sentence, set apart so nobody misses it. */
const MONEY = `        <tr>
          <td style="padding:16px 32px 8px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0;padding:12px 16px;background-color:#faf6ef;border-left:4px solid ${TERRACOTTA};border-radius:4px;">{{notice.money}}</p>
          </td>
        </tr>
`;

function intro(lines: string[]): string {
  return `        <tr>
          <td style="padding:28px 32px 8px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hi {{rsvp.firstName}},</p>
${lines.map((line) => `            <p style="margin:0 0 10px;">${line}</p>`).join('\n')}
          </td>
        </tr>
`;
}

const CLOSING = `        <tr>
          <td style="padding:16px 32px 28px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0 0 10px;">Questions? Reply to this e-mail and we will get back to you.</p>
            <p style="margin:0;">Ticket {{ticket.id}}, registered as {{rsvp.email}}.</p>
          </td>
        </tr>
`;

const CALENDAR_REMOVED = `        <tr>
          <td style="padding:0 32px 8px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0;">The attached calendar file (.ics) removes the event from your calendar.</p>
          </td>
        </tr>
`;

export const TICKET_CANCELLED_BY_ADMIN_TEMPLATE: EmailTemplate = {
  subjectTemplate: 'Your ticket for {{event.title}} has been cancelled',
  htmlTemplate: layout({
    title: 'Your ticket for {{event.title}} has been cancelled',
    preheader: 'The organisers cancelled your ticket for {{event.title}}. {{notice.money}}',
    eyebrow: 'Ticket cancelled',
    body: `${intro(['The organisers have cancelled your ticket for <strong>{{event.title}}</strong>. It no longer admits you at the entrance.'])}${MONEY}${DETAILS}${CALENDAR_REMOVED}${CLOSING}`,
    footer: FOOTER,
  }),
};

export const REFUND_ISSUED_TEMPLATE: EmailTemplate = {
  subjectTemplate: 'Refund of {{notice.refundAmount}} for {{event.title}}',
  htmlTemplate: layout({
    title: 'Refund of {{notice.refundAmount}} for {{event.title}}',
    preheader: '{{notice.money}}',
    eyebrow: 'Refund issued',
    body: `${intro(['Your payment for <strong>{{event.title}}</strong> has been refunded.'])}${MONEY}${DETAILS}${CLOSING}`,
    footer: FOOTER,
  }),
};

export const EVENT_CANCELLED_TEMPLATE: EmailTemplate = {
  subjectTemplate: 'Cancelled: {{event.title}}',
  htmlTemplate: layout({
    title: 'Cancelled: {{event.title}}',
    preheader: '{{event.title}} on {{event.formattedDate}} has been cancelled. {{notice.money}}',
    eyebrow: 'Event cancelled',
    body: `${intro([
      'We are sorry: <strong>{{event.title}}</strong> on {{event.formattedDate}} has been cancelled, and your ticket with it.',
      'Please do not travel to the venue for it.',
    ])}${MONEY}${DETAILS}${CALENDAR_REMOVED}        <tr>
          <td style="padding:8px 32px 8px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0;">The event page: <a href="{{urls.event}}" style="color:${TERRACOTTA};">{{urls.event}}</a></p>
          </td>
        </tr>
${CLOSING}`,
    footer: FOOTER,
  }),
};

/** One 'old → new' line of the moved event, shown only when that part changed. */
function changeRow(label: string, path: string): string {
  return `{{#if ${path}}}              <tr>
                <td style="padding:10px 20px 0;${FONT}font-size:12px;letter-spacing:1px;text-transform:uppercase;color:${LABEL_BROWN};">${label}</td>
              </tr>
              <tr>
                <td style="padding:2px 20px 10px;${FONT}font-size:16px;color:#2c2c2c;">{{${path}}}</td>
              </tr>
{{/if}}`;
}

export const EVENT_UPDATED_TEMPLATE: EmailTemplate = {
  subjectTemplate: 'Event updated: {{event.title}}',
  htmlTemplate: layout({
    title: 'Event updated: {{event.title}}',
    preheader: '{{changes.summary}}',
    eyebrow: 'Event updated',
    body: `${intro(['{{changes.summary}} Your ticket stays valid.'])}        <tr>
          <td style="padding:8px 32px;">
            <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#fff4ec;border:1px solid #e8c9b5;border-radius:10px;">
              <tr><td style="padding:12px 20px 0;${FONT}font-size:14px;font-weight:bold;color:${TERRACOTTA};">What changed</td></tr>
${changeRow('Date', 'changes.date')}${changeRow('Time', 'changes.time')}${changeRow('Place', 'changes.place')}              <tr><td style="padding:0 0 6px;"></td></tr>
            </table>
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px 0;${FONT}font-size:14px;font-weight:bold;color:${LABEL_BROWN};">The event as it now stands</td>
        </tr>
${DETAILS}        <tr>
          <td style="padding:20px 32px 8px;">
            ${button('{{urls.checkIn}}', 'View my ticket')}
          </td>
        </tr>
        <tr>
          <td style="padding:12px 32px 28px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0;">The attached calendar file (.ics) updates the entry already in your calendar.</p>
          </td>
        </tr>
`,
    footer: FOOTER,
  }),
};
