import type { EmailTemplate } from '../../shared/email-templates-model.js';
import { DETAILS, FONT, TERRACOTTA, layout } from './layout.js';
import { TICKET_QR_BLOCK } from './ticket.js';

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
${DETAILS}{{#if reminder.hasTicket}}${TICKET_QR_BLOCK}{{/if}}        <tr>
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
