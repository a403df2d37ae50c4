import type { Theme } from '../../shared/theme-model.js';
import type { MailSender } from '../port.js';
import { FOOTER_BAND, LABEL_BROWN, TERRACOTTA, TERRACOTTA_DARK } from './layout.js';

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export type MailColours = Pick<Theme, 'primaryColor' | 'headerColor' | 'footerColor'>;

/**
 * The e-mail palette's colours with the theme's in their place (issue 24 item 12). E-mail HTML needs
 * inline colours, and templates (the defaults and any an admin saved from them) carry the palette as
 * literals, so the theme's colours are put in when the message is sent, not when the template was made:
 * a re-themed site sends re-themed e-mails, stored templates included. The terracotta of the header
 * band, buttons and links takes the primary colour (its darker gradient end too: a flat band); the
 * brown labels the header colour; the footer band the footer colour. A value that is not a hex colour
 * leaves its literal as it is, so a theme can never put anything else into the HTML.
 */
export function themeMailColours(html: string, theme: MailColours): string {
  const swaps: [string, string][] = [
    [TERRACOTTA, theme.primaryColor],
    [TERRACOTTA_DARK, theme.primaryColor],
    [LABEL_BROWN, theme.headerColor],
    [FOOTER_BAND, theme.footerColor],
  ];
  let out = html;
  for (const [literal, colour] of swaps) {
    if (typeof colour === 'string' && HEX.test(colour)) out = out.replace(new RegExp(literal, 'gi'), colour);
  }
  return out;
}

/** The mailer every e-mail goes through, with the theme read at each send (a failed read sends the palette as is). */
export function themedMailer(mailer: MailSender, theme: { get: () => Promise<MailColours> }): MailSender {
  return {
    kind: mailer.kind,
    async send(message) {
      const colours = await theme.get().catch(() => null);
      return mailer.send(colours ? { ...message, html: themeMailColours(message.html, colours) } : message);
    },
  };
}
