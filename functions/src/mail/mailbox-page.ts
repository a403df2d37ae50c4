import { DateTime } from 'luxon';
import type { MailboxEntry } from '../shared/mail-model.js';

/*
 * The local mailbox (local runs only): the list of messages the local outbox
 * kept, and one message shown with a banner above it.
 */

/** Shown messages may hold admin-authored HTML: no script runs, images and inline styles do. */
export const MAILBOX_MESSAGE_CSP = "default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'";
/** The list page: no script, inline styles only. */
export const MAILBOX_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** The list of messages, newest first. */
export function mailboxPage(messages: MailboxEntry[], base: string, timeZone: string, filter: string) {
  const rows = messages
    .map((message) => {
      const time = DateTime.fromISO(message.sentAt, { zone: 'utc' }).setZone(timeZone).setLocale('en-US').toFormat('LLL d, yyyy h:mm:ss a ZZZZ');
      const href = `${base}/mailbox/${encodeURIComponent(message.id)}`;
      return `<tr><td>${escapeHtml(time)}</td><td>${escapeHtml(message.to)}</td><td><a href="${escapeHtml(href)}">${escapeHtml(message.subject || '(no subject)')}</a></td></tr>`;
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local development mailbox</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; background: #faf6ef; color: #2c2c2c; }
  header { background: #c4622d; color: #fff; padding: 18px 24px; }
  header h1 { margin: 0 0 4px; font-size: 22px; }
  header p { margin: 0; font-size: 14px; opacity: .9; }
  main { padding: 20px 24px; }
  .notice { background: #fff4e5; border: 1px solid #e0a458; border-radius: 8px; padding: 10px 14px; margin-bottom: 16px; font-size: 14px; }
  table { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid #e8e1dc; }
  th, td { text-align: left; padding: 10px 12px; border-bottom: 1px solid #e8e1dc; font-size: 14px; vertical-align: top; }
  th { background: #f3ede4; font-weight: 600; }
  a { color: #a34a1f; }
  .empty { padding: 24px; text-align: center; color: #5a4a3f; }
</style>
</head>
<body>
<header>
  <h1>Local development mailbox</h1>
  <p>E-mails the API would have sent. Nothing here left this machine.</p>
</header>
<main>
  <p class="notice">This page exists only in local runs (no SendGrid key configured). ${messages.length} message(s)${filter ? ` to ${escapeHtml(filter)}` : ''}, newest first. <a href="${escapeHtml(`${base}/mailbox`)}">Refresh</a></p>
  ${
    messages.length
      ? `<table><thead><tr><th scope="col">Time</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>\n${rows}\n</tbody></table>`
      : '<p class="empty">No e-mails yet.</p>'
  }
</main>
</body>
</html>
`;
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
