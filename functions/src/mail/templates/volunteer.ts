import type { EmailTemplate } from '../../shared/email-templates-model.js';
import { FONT, TERRACOTTA, button, detailRows, layout } from './layout.js';

/** The inline image of the volunteer's pass (issue 29 item 5): `<img src="cid:volunteer-qr">`, scanned at the door. */
export const VOLUNTEER_QR_CONTENT_ID = 'volunteer-qr';

/** The pass: its QR code (the door's scanner checks the volunteer in) and its code, to type when a camera fails. */
export const VOLUNTEER_PASS_BLOCK = `        <tr>
          <td align="center" style="padding:20px 32px 8px;">
            <table role="presentation" cellpadding="0" cellspacing="0" border="0" style="background-color:#ffffff;border:2px dashed #d9c2b0;border-radius:12px;">
              <tr>
                <td align="center" style="padding:20px 24px 10px;">
                  <img src="cid:${VOLUNTEER_QR_CONTENT_ID}" alt="Volunteer pass QR code" width="220" height="220" style="display:block;width:220px;height:220px;border:0;">
                </td>
              </tr>
              <tr>
                <td align="center" style="padding:0 24px 18px;${FONT}font-size:12px;letter-spacing:1px;text-transform:uppercase;color:#7a4a2a;">
                  Volunteer pass<br>
                  <span style="font-family:'Courier New',Courier,monospace;font-size:14px;letter-spacing:0;text-transform:none;color:#2c2c2c;word-break:break-all;">{{volunteer.passCode}}</span>
                </td>
              </tr>
            </table>
          </td>
        </tr>
`;

/** The volunteer e-mails' footer. */
const VOLUNTEER_FOOTER = 'Caring for the Zion region, one volunteer at a time. You receive this e-mail because you signed up for a volunteer shift.';

/** The shift's place, linked to its map when it has one. */
const PLACE_WITH_MAP = `{{#if volunteer.mapUrl}}<a href="{{volunteer.mapUrl}}" style="color:${TERRACOTTA};">{{volunteer.place}}</a>{{else}}{{volunteer.place}}{{/if}}`;

/** The shift's date, time and place in the e-mails' boxed table. */
function shiftDetails(place: string): string {
  const rows = detailRows([
    ['Date', '<strong>{{volunteer.date}}</strong>'],
    ['Time', '{{volunteer.time}}'],
    ['Place', place],
  ]);
  return `        <tr>
          <td style="padding:8px 32px;">
            <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#faf6ef;border:1px solid #e8e1dc;border-radius:10px;">
${rows}            </table>
          </td>
        </tr>
`;
}

/*
 * Issue 29: the default 'Volunteer confirmation' e-mail (admin-editable in the Email Templates tab):
 * the role, the shift's date, times and place, and the link to the sign-up page where the person
 * can cancel ({{volunteer.url}}: its key is minted as the e-mail is composed, never stored in the outbox).
 */
const VOLUNTEER_CONFIRMATION_HTML = layout({
  title: 'You are volunteering: {{volunteer.role}}',
  preheader: '{{volunteer.role}} on {{volunteer.date}}, {{volunteer.time}}.',
  eyebrow: 'Volunteer',
  body: `        <tr>
          <td style="padding:28px 32px 12px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hi {{rsvp.firstName}},</p>
            <p style="margin:0;">Thank you for volunteering! You are signed up for <strong>{{volunteer.role}}</strong>{{#if volunteer.eventTitle}} at <strong>{{volunteer.eventTitle}}</strong>{{/if}}.</p>
          </td>
        </tr>
${shiftDetails(PLACE_WITH_MAP)}${VOLUNTEER_PASS_BLOCK}        <tr>
          <td style="padding:16px 32px 8px;">
            ${button('{{volunteer.url}}', 'See or cancel my shift')}
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px 28px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0 0 10px;">Show the QR code above at the door: the staff scan it to check you in.</p>
            <p style="margin:0;">Signed up as {{rsvp.email}}. If you cannot come, please cancel from the link above so someone else can take your place.</p>
          </td>
        </tr>
`,
  footer: VOLUNTEER_FOOTER,
});

export const VOLUNTEER_CONFIRMATION_TEMPLATE: EmailTemplate = {
  subjectTemplate: 'You are volunteering: {{volunteer.role}} on {{volunteer.date}}',
  htmlTemplate: VOLUNTEER_CONFIRMATION_HTML,
};

/*
 * Issue 29 item 3: the default 'Volunteer shift cancelled' e-mail (admin-editable): an admin cancelled
 * the person's sign-up; the shift is named and {{volunteer.url}} leads to the volunteer page to pick another.
 */
const VOLUNTEER_CANCELLED_HTML = layout({
  title: 'Your volunteer shift is cancelled',
  preheader: '{{volunteer.role}} on {{volunteer.date}} is cancelled.',
  eyebrow: 'Volunteer',
  body: `        <tr>
          <td style="padding:28px 32px 12px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hi {{rsvp.firstName}},</p>
            <p style="margin:0;">The organisers have cancelled your volunteer shift for <strong>{{volunteer.role}}</strong>{{#if volunteer.eventTitle}} at <strong>{{volunteer.eventTitle}}</strong>{{/if}}. You do not need to come.</p>
          </td>
        </tr>
${shiftDetails('{{volunteer.place}}')}        <tr>
          <td style="padding:16px 32px 28px;">
            ${button('{{volunteer.url}}', 'See other shifts')}
          </td>
        </tr>
`,
  footer: VOLUNTEER_FOOTER,
});

export const VOLUNTEER_CANCELLED_TEMPLATE: EmailTemplate = {
  subjectTemplate: 'Volunteer shift cancelled: {{volunteer.role}} on {{volunteer.date}}',
  htmlTemplate: VOLUNTEER_CANCELLED_HTML,
};

/*
 * Issue 29: the default 'Volunteer reminder' e-mail, sent before the shift at the event's reminder
 * offsets (a standalone role: the default ones): when, where, and the link to cancel.
 */
const VOLUNTEER_REMINDER_HTML = layout({
  title: 'Your volunteer shift is {{volunteer.startsIn}}',
  preheader: '{{volunteer.role}} {{volunteer.startsIn}}: {{volunteer.date}}, {{volunteer.time}}.',
  eyebrow: 'Volunteer reminder',
  body: `        <tr>
          <td style="padding:28px 32px 12px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hi {{rsvp.firstName}},</p>
            <p style="margin:0;">A reminder: your <strong>{{volunteer.role}}</strong> shift{{#if volunteer.eventTitle}} at <strong>{{volunteer.eventTitle}}</strong>{{/if}} starts {{volunteer.startsIn}}. Thank you for helping!</p>
          </td>
        </tr>
${shiftDetails(PLACE_WITH_MAP)}        <tr>
          <td style="padding:16px 32px 8px;">
            ${button('{{volunteer.url}}', 'See or cancel my shift')}
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px 28px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0;">If you can no longer come, please cancel from the link above so the organisers can find someone else.</p>
          </td>
        </tr>
`,
  footer: VOLUNTEER_FOOTER,
});

export const VOLUNTEER_REMINDER_TEMPLATE: EmailTemplate = {
  subjectTemplate: 'Reminder: {{volunteer.role}} {{volunteer.startsIn}}',
  htmlTemplate: VOLUNTEER_REMINDER_HTML,
};
