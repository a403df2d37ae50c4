import type { EmailTemplate } from '../../shared/email-templates-model.js';
import { DETAILS, FONT, TERRACOTTA, button, layout } from './layout.js';
import { TICKET_QR_CONTENT_ID } from './ticket.js';

const REMINDER_HTML = layout({
  title: '{{event.title}} starts {{reminder.startsIn}}',
  preheader: 'A reminder: {{event.title}} starts {{reminder.startsIn}}, {{event.formattedDate}} at {{event.formattedTime}}.',
  eyebrow: 'Event reminder',
  body: `        <tr>
          <td style="padding:28px 32px 12px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hi {{rsvp.firstName}},</p>
            <p style="margin:0;">A reminder that <strong>{{event.title}}</strong> starts {{reminder.startsIn}}. We look forward to seeing you.</p>
          </td>
        </tr>
${DETAILS}{{#if reminder.hasTicket}}        <tr>
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
{{/if}}        <tr>
          <td style="padding:16px 32px 28px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0 0 10px;">Add it to your calendar: <a href="{{urls.googleCalendar}}" style="color:${TERRACOTTA};">Google Calendar</a> · <a href="{{urls.calendarFile}}" style="color:${TERRACOTTA};">Apple, Outlook and others (.ics)</a></p>
            <p style="margin:0 0 10px;">Event details: <a href="{{urls.event}}" style="color:${TERRACOTTA};">{{urls.event}}</a></p>
            <p style="margin:0;">{{#if reminder.hasTicket}}Show the QR code at the entrance.{{else}}Give your name at the entrance.{{/if}} Registered as {{rsvp.email}}.</p>
          </td>
        </tr>
`,
  footer: 'Thank you for supporting conservation in the Zion region. You receive this reminder because you registered for {{event.title}}.',
});

/** The default reminder e-mail (admin-editable, issue 25 item 3): when, where, the ticket's QR code and the calendar links. */
export const REMINDER_TEMPLATE: EmailTemplate = { subjectTemplate: 'Reminder: {{event.title}} starts {{reminder.startsIn}}', htmlTemplate: REMINDER_HTML };
