import { escapeHtml, localPage, localTime } from '../http/local-page.js';
import type { MailboxEntry } from '../shared/mail-model.js';

/*
 * The local mailbox (local runs only): the list of messages the local outbox
 * kept, and one message shown with a banner above it.
 */

/** Shown messages may hold admin-authored HTML: no script runs, images and inline styles do. */
export const MAILBOX_MESSAGE_CSP = "default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'";

/** The list of messages, newest first. */
export function mailboxPage(messages: MailboxEntry[], base: string, timeZone: string, filter: string) {
  const rows = messages
    .map((message) => {
      const time = localTime(message.sentAt, timeZone, 'LLL d, yyyy h:mm:ss a ZZZZ');
      const href = `${base}/mailbox/${encodeURIComponent(message.id)}`;
      return `<tr><td>${escapeHtml(time)}</td><td>${escapeHtml(message.to)}</td><td><a href="${escapeHtml(href)}">${escapeHtml(message.subject || '(no subject)')}</a></td></tr>`;
    })
    .join('\n');
  return localPage({
    title: 'Local development mailbox',
    subtitle: 'E-mails the API would have sent. Nothing here left this machine.',
    headerColour: '#a14717',
    css: '  table { min-width: 36rem; }',
    noticeHtml: `This page exists only in local runs (no SendGrid key configured). ${messages.length} message(s)${filter ? ` to ${escapeHtml(filter)}` : ''}, newest first. <a href="${escapeHtml(`${base}/mailbox`)}">Refresh</a>`,
    bodyHtml: messages.length
      ? `<div class="scroll"><table><thead><tr><th scope="col">Time</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>\n${rows}\n</tbody></table></div>`
      : '<p class="empty">No e-mails yet.</p>',
  });
}

/** A thin bar above a shown message: it is a local copy, and who it was for. */
export function withMailboxBanner(html: string, message: { to: string; from: string; replyTo: string | null; subject: string }, listHref: string) {
  const fields = [
    ['To', message.to],
    ['From', message.from],
    ...(message.replyTo ? [['Reply-To', message.replyTo]] : []),
    ['Subject', message.subject],
  ];
  const banner = `<div style="font-family:system-ui,sans-serif;font-size:13px;line-height:1.5;background:#2c3e50;color:#fff;padding:10px 16px;">
<strong>Local development mailbox</strong> &middot; <a href="${escapeHtml(listHref)}" style="color:#fbe3d3;">All messages</a><br>
${fields.map(([label, value]) => `${label}: ${escapeHtml(value)}`).join(' &middot; ')}
</div>`;
  const body = /<body\b[^>]*>/i.exec(html);
  if (!body) return banner + html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + banner + html.slice(at);
}
