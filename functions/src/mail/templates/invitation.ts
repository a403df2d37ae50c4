import type { EmailTemplate } from '../../shared/email-templates-model.js';
import { FONT, TERRACOTTA, button, layout } from './layout.js';

/** The invitation's facts: who invited, the role offered, until when the link works. */
const INVITE_DETAILS = `        <tr>
          <td style="padding:8px 32px;">
            <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#faf6ef;border:1px solid #e8e1dc;border-radius:10px;">
              <tr>
                <td style="padding:16px 20px 6px;${FONT}font-size:12px;letter-spacing:1px;text-transform:uppercase;color:#7a4a2a;">Role</td>
              </tr>
              <tr>
                <td style="padding:0 20px 10px;${FONT}font-size:16px;color:#2c2c2c;"><strong>{{invite.role}}</strong></td>
              </tr>
              <tr>
                <td style="padding:6px 20px 6px;${FONT}font-size:12px;letter-spacing:1px;text-transform:uppercase;color:#7a4a2a;">Invited by</td>
              </tr>
              <tr>
                <td style="padding:0 20px 10px;${FONT}font-size:16px;color:#2c2c2c;word-break:break-all;">{{invite.invitedBy}}</td>
              </tr>
              <tr>
                <td style="padding:6px 20px 6px;${FONT}font-size:12px;letter-spacing:1px;text-transform:uppercase;color:#7a4a2a;">Link valid until</td>
              </tr>
              <tr>
                <td style="padding:0 20px 16px;${FONT}font-size:16px;color:#2c2c2c;">{{invite.expiresDate}}</td>
              </tr>
            </table>
          </td>
        </tr>
`;

const INVITATION_HTML = layout({
  title: 'Join the {{site.name}} team',
  preheader: '{{invite.invitedBy}} invited you to help run {{site.name}} as {{invite.role}}. The link works until {{invite.expiresDate}}.',
  // 'Admin invitation' or 'Staff invitation': the role it offers (issue 24 item 10).
  eyebrow: '{{invite.role}} invitation',
  heading: 'Join the {{site.name}} team',
  body: `        <tr>
          <td style="padding:28px 32px 12px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hello,</p>
            <p style="margin:0;">{{invite.invitedBy}} has invited you to help run {{site.name}}: the events, walks and volunteer days that care for the canyons and wildlife of the Zion region.</p>
          </td>
        </tr>
${INVITE_DETAILS}        <tr>
          <td align="center" style="padding:24px 32px 8px;">
            ${button('{{invite.url}}', 'Accept the invitation')}
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px 28px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0 0 10px;">Sign in or create an account with this e-mail address to accept. If the button does not work, open this link: <a href="{{invite.url}}" style="color:${TERRACOTTA};word-break:break-all;">{{invite.url}}</a></p>
            <p style="margin:0;">The link works once, only for this e-mail address, until {{invite.expiresDate}}. If you did not expect this invitation, you can ignore this e-mail.</p>
          </td>
        </tr>
`,
  footer: 'Thank you for giving your time to conservation in the Zion region.',
});

/** The default admin invitation e-mail (admin-editable): the link to accept, the role, who invited, the expiry. */
export const INVITATION_TEMPLATE: EmailTemplate = {
  subjectTemplate: "You're invited to join the {{site.name}} team",
  htmlTemplate: INVITATION_HTML,
};
