import type { EmailTemplate } from '../../shared/email-templates-model.js';
import { DETAILS, FONT, LABEL_BROWN, TERRACOTTA, button, layout } from './layout.js';

/*
 * Issue 26 item 2: one confirmation e-mail per order (admin-editable in the Email Templates tab):
 * every ticket with its attendee, type, QR code and page, and for a paid order the receipt. Each
 * ticket's QR code is an inline image of its own ({{qrSrc}}: 'cid:ticket-qr-1', 'cid:ticket-qr-2', …).
 */

/** The inline image of the order's n-th ticket's QR code (from 1): `<img src="cid:ticket-qr-n">`. */
export function orderQrContentId(number: number): string {
  return `ticket-qr-${number}`;
}

/**
 * The receipt of a paid order or ticket: a line per ticket type (quantity, unit price, amount), the
 * total, the payment's date and the card. Shown only when something was paid ({{#if receipt.paid}}).
 */
export const RECEIPT_BLOCK = `{{#if receipt.paid}}        <tr>
          <td style="padding:16px 32px 8px;">
            <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border:1px solid #e8e1dc;border-radius:10px;${FONT}font-size:14px;color:#2c2c2c;">
              <tr><td colspan="4" style="padding:14px 16px 6px;font-size:12px;letter-spacing:1px;text-transform:uppercase;color:${LABEL_BROWN};">Receipt</td></tr>
              <tr>
                <th align="left" style="padding:6px 16px;font-weight:normal;color:#5a4a3f;">Ticket</th>
                <th align="right" style="padding:6px 8px;font-weight:normal;color:#5a4a3f;">Qty</th>
                <th align="right" style="padding:6px 8px;font-weight:normal;color:#5a4a3f;">Price</th>
                <th align="right" style="padding:6px 16px;font-weight:normal;color:#5a4a3f;">Amount</th>
              </tr>
{{#each receipt.lines}}              <tr>
                <td style="padding:6px 16px;border-top:1px solid #f0e9e2;">{{ticketType}}</td>
                <td align="right" style="padding:6px 8px;border-top:1px solid #f0e9e2;">{{quantity}}</td>
                <td align="right" style="padding:6px 8px;border-top:1px solid #f0e9e2;">{{unit}}</td>
                <td align="right" style="padding:6px 16px;border-top:1px solid #f0e9e2;">{{amount}}</td>
              </tr>
{{/each}}              <tr>
                <td colspan="3" style="padding:10px 16px;border-top:2px solid #e8e1dc;font-weight:bold;">Total</td>
                <td align="right" style="padding:10px 16px;border-top:2px solid #e8e1dc;font-weight:bold;">{{receipt.total}}</td>
              </tr>
              <tr>
                <td colspan="4" style="padding:0 16px 14px;color:#5a4a3f;">Paid on {{receipt.paidOn}}{{#if receipt.card}} with {{receipt.card}}{{/if}}.{{#if receipt.url}} <a href="{{receipt.url}}" style="color:${TERRACOTTA};">Printable receipt</a>{{/if}}</td>
              </tr>
            </table>
          </td>
        </tr>
{{/if}}`;

/** One ticket of the order: its attendee and type, its QR code (when the event issues tickets) and its page. */
const TICKET_ROW = `{{#each tickets}}        <tr>
          <td align="center" style="padding:16px 32px 4px;">
            <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#ffffff;border:2px dashed #d9c2b0;border-radius:12px;">
              <tr>
                <td align="center" style="padding:16px 20px 4px;${FONT}font-size:18px;font-weight:bold;color:#2c2c2c;">{{name}}</td>
              </tr>
              <tr>
                <td align="center" style="padding:0 20px 8px;${FONT}font-size:14px;color:${LABEL_BROWN};">Ticket {{number}} of {{count}} · {{ticketType}}</td>
              </tr>
{{#if qrSrc}}              <tr>
                <td align="center" style="padding:4px 20px 4px;">
                  <img src="{{qrSrc}}" alt="QR code of the ticket of {{name}}" width="200" height="200" style="display:block;width:200px;height:200px;border:0;">
                </td>
              </tr>
{{/if}}              <tr>
                <td align="center" style="padding:4px 20px 16px;${FONT}font-size:14px;">
                  <a href="{{url}}" style="color:${TERRACOTTA};font-weight:bold;">View this ticket</a>{{#if manageUrl}} · <a href="{{manageUrl}}" style="color:#7a4a2a;">Can't come?</a>{{/if}}
                </td>
              </tr>
            </table>
          </td>
        </tr>
{{/each}}`;

const ORDER_HTML = layout({
  title: 'Your tickets for {{event.title}}',
  preheader: '{{order.ticketCount}} tickets for {{event.title}} on {{event.formattedDate}}. Show each QR code at the entrance.',
  eyebrow: 'Your tickets',
  body: `        <tr>
          <td style="padding:28px 32px 12px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hi {{rsvp.firstName}},</p>
            <p style="margin:0;">You're registered: {{order.ticketCount}} tickets. Each attendee shows their own QR code at the entrance, on a phone or printed.</p>
          </td>
        </tr>
${DETAILS}${TICKET_ROW}${RECEIPT_BLOCK}        <tr>
          <td align="center" style="padding:20px 32px 8px;">
            ${button('{{urls.event}}', 'View event details')}
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px 28px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0;">Keep this e-mail: the QR codes are your tickets. Ordered by {{rsvp.name}} ({{rsvp.email}}).</p>
          </td>
        </tr>
`,
  footer: 'Thank you for supporting conservation in the Zion region. You receive this e-mail because you registered for {{event.title}}.',
});

/** The default order confirmation (admin-editable): every ticket of one order in one e-mail. */
export const ORDER_CONFIRMATION_TEMPLATE: EmailTemplate = { subjectTemplate: 'Your {{order.ticketCount}} tickets for {{event.title}}', htmlTemplate: ORDER_HTML };
