import type { EmailTemplate } from '../../shared/email-templates-model.js';
import { RECEIPT_BLOCK } from './order.js';
import { DETAILS, FONT, button, layout } from './layout.js';

const CONFIRMATION_HTML = layout({
  title: "You're registered: {{event.title}}",
  preheader: "You're registered for {{event.title}} on {{event.formattedDate}}.",
  eyebrow: 'Registration confirmed',
  body: `        <tr>
          <td style="padding:28px 32px 12px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hi {{rsvp.name}},</p>
            <p style="margin:0;">Thank you for registering. Your place is confirmed; we look forward to seeing you.</p>
          </td>
        </tr>
${DETAILS}${RECEIPT_BLOCK}        <tr>
          <td align="center" style="padding:24px 32px 8px;">
            ${button('{{urls.event}}', 'View event details')}
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px 28px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0 0 10px;">No ticket is needed: give your name at the entrance. Registered as {{rsvp.email}}.</p>
            <p style="margin:0;">Can't come? <a href="{{urls.manage}}" style="color:#7a4a2a;">Cancel your ticket</a> so someone else can have the seat.</p>
          </td>
        </tr>
`,
  footer: 'Thank you for supporting conservation in the Zion region. You receive this e-mail because you registered for {{event.title}}.',
});

/** The default confirmation e-mail (admin-editable) of an event that issues no tickets. */
export const CONFIRMATION_TEMPLATE: EmailTemplate = { subjectTemplate: "You're registered: {{event.title}}", htmlTemplate: CONFIRMATION_HTML };
