import type { EmailTemplate } from '../../shared/email-templates-model.js';
import { RECEIPT_BLOCK } from './order.js';
import { DETAILS, FONT, TERRACOTTA, button, layout } from './layout.js';

/** The inline image a ticket e-mail shows as its QR code: `<img src="cid:ticket-qr">`. */
export const TICKET_QR_CONTENT_ID = 'ticket-qr';

/**
 * The ticket's QR code (the inline image), its id and 'View your ticket': the ticket e-mail's
 * middle, which the reminder (issue 25 item 3) repeats so the holder can open either at the door.
 */
export const TICKET_QR_BLOCK = `        <tr>
          <td align="center" style="padding:20px 32px 8px;">
            <table role="presentation" cellpadding="0" cellspacing="0" border="0" style="background-color:#ffffff;border:2px dashed #d9c2b0;border-radius:12px;">
              <tr>
                <td align="center" style="padding:20px 24px 10px;">
                  <img src="cid:${TICKET_QR_CONTENT_ID}" alt="Ticket QR code" width="220" height="220" style="display:block;width:220px;height:220px;border:0;">
                </td>
              </tr>
              <tr>
                <td align="center" style="padding:0 24px 18px;${FONT}font-size:12px;letter-spacing:1px;text-transform:uppercase;color:#7a4a2a;">
                  Ticket ID<br>
                  <span style="font-family:'Courier New',Courier,monospace;font-size:14px;letter-spacing:0;text-transform:none;color:#2c2c2c;word-break:break-all;">{{ticket.id}}</span>
                </td>
              </tr>
            </table>
          </td>
        </tr>
        <tr>
          <td align="center" style="padding:20px 32px 8px;">
            ${button('{{urls.checkIn}}', 'View your ticket')}
          </td>
        </tr>
`;

const TICKET_HTML = layout({
  title: 'Your ticket for {{event.title}}',
  preheader: 'Your ticket for {{event.title}} on {{event.formattedDate}}. Show the QR code at the entrance.',
  eyebrow: 'Your ticket',
  body: `        <tr>
          <td style="padding:28px 32px 12px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hi {{rsvp.name}},</p>
            <p style="margin:0;">You're registered. Show the QR code below at the entrance and our team will check you in.</p>
          </td>
        </tr>
${DETAILS}${TICKET_QR_BLOCK}${RECEIPT_BLOCK}        <tr>
          <td style="padding:16px 32px 28px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0 0 10px;">Event details: <a href="{{urls.event}}" style="color:${TERRACOTTA};">{{urls.event}}</a></p>
            <p style="margin:0 0 10px;">Keep this e-mail: the QR code is your ticket. Registered as {{rsvp.email}}.</p>
            <p style="margin:0;">Can't come? <a href="{{urls.manage}}" style="color:#7a4a2a;">Cancel your ticket</a> so someone else can have the seat.</p>
          </td>
        </tr>
`,
  footer: 'Thank you for supporting conservation in the Zion region. You receive this e-mail because you registered for {{event.title}}.',
});

/** The default ticket e-mail (admin-editable): a QR code to show at the entrance. */
export const TICKET_TEMPLATE: EmailTemplate = { subjectTemplate: 'Your ticket for {{event.title}}', htmlTemplate: TICKET_HTML };
