import type { EmailTemplate } from '../../shared/email-templates-model.js';
import { DETAILS, FONT, button, layout } from './layout.js';

/*
 * Issue 28 item 1: the default 'Waitlist joined' e-mail (admin-editable in the Email Templates tab):
 * the place in line when joining, the seats asked, and the link to the person's waitlist page
 * ({{waitlist.url}}: its key is minted as the e-mail is composed, never stored in the outbox).
 */
const WAITLIST_JOINED_HTML = layout({
  title: 'You are on the waitlist for {{event.title}}',
  preheader: 'You are number {{waitlist.position}} on the waitlist for {{event.title}}.',
  eyebrow: 'Waitlist',
  body: `        <tr>
          <td style="padding:28px 32px 12px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hi {{rsvp.firstName}},</p>
            <p style="margin:0 0 10px;"><strong>{{event.title}}</strong> is full, and you are on its waitlist: number <strong>{{waitlist.position}}</strong> in line, for {{waitlist.seatsText}}.</p>
            <p style="margin:0;">If seats free up we will e-mail you. Your waitlist page shows your current place, and you can leave the list there at any time.</p>
          </td>
        </tr>
${DETAILS}        <tr>
          <td style="padding:16px 32px 8px;">
            ${button('{{waitlist.url}}', 'See your place in line')}
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px 28px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0;">Joined as {{rsvp.email}}. Keep this e-mail: the link is yours alone.</p>
          </td>
        </tr>
`,
  footer: 'Thank you for supporting conservation in the Zion region. You receive this e-mail because you joined the waitlist for {{event.title}}.',
});

export const WAITLIST_JOINED_TEMPLATE: EmailTemplate = {
  subjectTemplate: "You're number {{waitlist.position}} on the waitlist: {{event.title}}",
  htmlTemplate: WAITLIST_JOINED_HTML,
};

/*
 * Issue 28 item 2: the default 'Waitlist offer' e-mail (admin-editable): seats freed up and are held for
 * the person until {{offer.expires}}; 'Claim' and 'No longer needed' open the waitlist page (its key is
 * minted as the e-mail is composed), where the buttons act.
 */
const WAITLIST_OFFER_HTML = layout({
  title: 'Seats freed up for you: {{event.title}}',
  preheader: '{{offer.seatsText}} held for you until {{offer.expires}}.',
  eyebrow: 'Waitlist offer',
  body: `        <tr>
          <td style="padding:28px 32px 12px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hi {{rsvp.firstName}},</p>
            <p style="margin:0 0 10px;">Good news: seats freed up for <strong>{{event.title}}</strong>. We are holding <strong>{{offer.seatsText}}</strong> for you until <strong>{{offer.expires}}</strong>.</p>
            <p style="margin:0;">Claim them before then and your tickets are yours. If you no longer need them, say so and they go to the next person in line.</p>
          </td>
        </tr>
${DETAILS}        <tr>
          <td style="padding:16px 32px 8px;">
            ${button('{{offer.claimUrl}}', 'Claim')}
          </td>
        </tr>
        <tr>
          <td style="padding:8px 32px 8px;${FONT}font-size:15px;line-height:1.6;">
            <a href="{{offer.declineUrl}}" style="color:#5a4a3f;">No longer needed</a>
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px 28px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0;">Offered to {{rsvp.email}}. Keep this e-mail: the links are yours alone.</p>
          </td>
        </tr>
`,
  footer: 'Thank you for supporting conservation in the Zion region. You receive this e-mail because you joined the waitlist for {{event.title}}.',
});

export const WAITLIST_OFFER_TEMPLATE: EmailTemplate = {
  subjectTemplate: 'Seats freed up: claim them by {{offer.expires}} ({{event.title}})',
  htmlTemplate: WAITLIST_OFFER_HTML,
};
