import Handlebars from 'handlebars';
import { FONT, TERRACOTTA, layout } from './layout.js';
import { oneLine, type RenderedEmail } from './render.js';

/* Contact-form e-mails: fixed wording, not admin-editable. */

const contactTemplates = Handlebars.create();
contactTemplates.registerHelper('lines', (value: unknown) => {
  const escaped = contactTemplates.escapeExpression(String(value ?? ''));
  return new contactTemplates.SafeString(escaped.replace(/\r\n|\r|\n/g, '<br>'));
});

interface ContactContext {
  siteName: string;
  name: string;
  email: string;
  message: string;
}

function contactLayout(heading: string, body: string) {
  return layout({
    title: heading,
    preheader: heading,
    eyebrow: '{{siteName}}',
    heading,
    body: `        <tr>
          <td style="padding:24px 32px 28px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
${body}
          </td>
        </tr>`,
  });
}

const MESSAGE_BOX = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#faf6ef;border-left:4px solid ${TERRACOTTA};">
              <tr><td style="padding:14px 18px;${FONT}font-size:15px;line-height:1.6;color:#2c2c2c;">{{lines message}}</td></tr>
            </table>`;

const contactToOrganisation = contactTemplates.compile<ContactContext>(
  contactLayout(
    'New message from the website',
    `            <p style="margin:0 0 6px;"><strong>From:</strong> {{name}}</p>
            <p style="margin:0 0 18px;"><strong>E-mail:</strong> <a href="mailto:{{email}}" style="color:${TERRACOTTA};">{{email}}</a></p>
            ${MESSAGE_BOX}
            <p style="margin:18px 0 0;font-size:13px;color:#5a4a3f;">Sent with the contact form of the website. Reply to this e-mail to answer {{name}}.</p>`,
  ),
  { strict: false },
);

/**
 * The visitor's receipt goes to an address nobody has verified, so it repeats
 * nothing the visitor typed: the contact form cannot be used to send someone
 * else a message in the organisation's name.
 */
const contactReceipt = contactTemplates.compile<Pick<ContactContext, 'siteName'>>(
  contactLayout(
    'We received your message',
    `            <p style="margin:0 0 14px;">Hello,</p>
            <p style="margin:0 0 14px;">Thank you for getting in touch with {{siteName}}. We read every message and will reply to this address as soon as we can.</p>
            <p style="margin:18px 0 0;font-size:13px;color:#5a4a3f;">If you did not write to us, you can ignore this e-mail.</p>`,
  ),
  { strict: false },
);

export function renderContactMessage(input: ContactContext): RenderedEmail {
  const html = contactToOrganisation(input);
  return {
    subject: oneLine(`Website message from ${input.name}`),
    html,
    text: `New message from the website\n\nFrom: ${input.name}\nE-mail: ${input.email}\n\n${input.message}\n\nReply to this e-mail to answer ${input.name}.`,
  };
}

export function renderContactReceipt(input: Pick<ContactContext, 'siteName'>): RenderedEmail {
  return {
    subject: oneLine(`We received your message - ${input.siteName}`),
    html: contactReceipt({ siteName: input.siteName }),
    text: `Hello,\n\nThank you for getting in touch with ${input.siteName}. We read every message and will reply to this address as soon as we can.\n\nIf you did not write to us, you can ignore this e-mail.`,
  };
}
