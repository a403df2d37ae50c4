import type { AuthEmulatorMail } from '../auth/emulator-mail.js';
import { escapeHtml, localPage, localTime } from '../http/local-page.js';
import type { MailboxEntry } from '../shared/mail-model.js';

/*
 * The local mailbox (local runs only): the list of messages the local outbox
 * kept, and one message shown with a banner above it.
 */

/** Shown messages may hold admin-authored HTML: no script runs, images and inline styles do. */
export const MAILBOX_MESSAGE_CSP = "default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'";

/**
 * The e-mails Firebase Auth sends itself, as the Auth emulator keeps them (issue 23 item 5: the
 * address verification an invited admin follows), or why they could not be read. Absent when
 * the run has no Auth emulator.
 */
export type AuthMailsSection = { mails: AuthEmulatorMail[] } | { error: string };

function authMailsSection(section: AuthMailsSection): string {
  const intro =
    '<p class="meta">Firebase Auth sends these itself (in production from its own servers, with the templates of the Firebase console). Locally the Auth emulator keeps each link here instead. A link that has been opened is no longer listed.</p>';
  let content: string;
  if ('error' in section) content = `<p class="empty">The Auth emulator did not answer: ${escapeHtml(section.error)}</p>`;
  else if (!section.mails.length) content = '<p class="empty">No sign-in e-mails waiting.</p>';
  else {
    const rows = section.mails
      .map((mail) => `<tr><td>${escapeHtml(mail.to)}</td><td><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.subject)}</a></td></tr>`)
      .join('\n');
    content = `<div class="scroll"><table><thead><tr><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>\n${rows}\n</tbody></table></div>`;
  }
  return `<section aria-labelledby="auth-mails">
  <h2 id="auth-mails">Sent by Firebase Auth</h2>
  ${intro}
  ${content}
</section>`;
}

/** The list of messages, newest first; then, where the Auth emulator runs, Firebase Auth's own e-mails. */
export function mailboxPage(messages: MailboxEntry[], base: string, timeZone: string, filter: string, authMails?: AuthMailsSection) {
  const rows = messages
    .map((message) => {
      const time = localTime(message.sentAt, timeZone, 'LLL d, yyyy h:mm:ss a ZZZZ');
      const href = `${base}/mailbox/${encodeURIComponent(message.id)}`;
      return `<tr><td data-label="Time">${escapeHtml(time)}</td><td data-label="To">${escapeHtml(message.to)}</td><td data-label="Subject"><a href="${escapeHtml(href)}">${escapeHtml(message.subject || '(no subject)')}</a></td></tr>`;
    })
    .join('\n');
  return localPage({
    title: 'Local development mailbox',
    subtitle: 'E-mails the API would have sent. Nothing here left this machine.',
    headerColour: '#a14717',
    // Long addresses wrap instead of pushing Subject out of view; on a phone each message is a
    // block of labelled lines (issue 24 item 19: the Subject column was cut off).
    css: `  td { overflow-wrap: anywhere; }
  @media (max-width: 40rem) {
    .mailbox thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    .mailbox tr, .mailbox td { display: block; }
    .mailbox tr { border-bottom: 1px solid #e8e1dc; padding: 6px 0; }
    .mailbox td { border: 0; padding: 2px 12px; }
    .mailbox td::before { content: attr(data-label) ': '; font-weight: 600; }
  }
  h2 { font-size: 18px; margin: 24px 0 4px; }
  .meta { margin: 0 0 10px; font-size: 14px; color: #5a4a3f; }`,
    noticeHtml: `This page exists only in local runs (no SendGrid key configured). ${messages.length} message(s)${filter ? ` to ${escapeHtml(filter)}` : ''}, newest first. <a href="${escapeHtml(`${base}/mailbox`)}">Refresh</a>`,
    bodyHtml:
      (messages.length
        ? `<div class="scroll"><table class="mailbox"><thead><tr><th scope="col">Time</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>\n${rows}\n</tbody></table></div>`
        : '<p class="empty">No e-mails yet.</p>') + (authMails ? `\n${authMailsSection(authMails)}` : ''),
  });
}

/** A message's attachment as the banner lists it: a link that downloads it. */
export type BannerAttachment = { filename: string; contentType: string; size: number; href: string };

/** The download name of a stored attachment: letters, digits, dot, dash and underscore only (it goes into a header). */
export function safeAttachmentName(filename: string): string {
  return filename.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '') || 'attachment';
}

/** A thin bar above a shown message: it is a local copy, who it was for, and its attachments to download (a ticket's .ics). */
export function withMailboxBanner(
  html: string,
  message: { to: string; from: string; replyTo: string | null; subject: string },
  listHref: string,
  attachments: BannerAttachment[] = [],
) {
  const fields = [
    ['To', message.to],
    ['From', message.from],
    ...(message.replyTo ? [['Reply-To', message.replyTo]] : []),
    ['Subject', message.subject],
  ];
  const banner = `<div style="font-family:system-ui,sans-serif;font-size:13px;line-height:1.5;background:#2c3e50;color:#fff;padding:10px 16px;">
<strong>Local development mailbox</strong> &middot; <a href="${escapeHtml(listHref)}" style="color:#fbe3d3;">All messages</a><br>
${fields.map(([label, value]) => `${label}: ${escapeHtml(value)}`).join(' &middot; ')}${
    attachments.length
      ? `<br>Attachments: ${attachments
          .map((a) => `<a href="${escapeHtml(a.href)}" download="${escapeHtml(safeAttachmentName(a.filename))}" style="color:#fbe3d3;">${escapeHtml(a.filename)}</a> (${escapeHtml(a.contentType.split(';')[0])}, ${a.size} bytes)`)
          .join(' &middot; ')}`
      : ''
  }
</div>`;
  const body = /<body\b[^>]*>/i.exec(html);
  if (!body) return banner + html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + banner + html.slice(at);
}
