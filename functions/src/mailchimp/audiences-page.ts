import { DateTime } from 'luxon';
import type { OfflineAudienceView } from './offline.js';

/*
 * The local audiences page (local runs only, beside the mailbox): the demo audiences and
 * the members the offline adapter keeps, as Mailchimp would show them.
 */

/** No script, inline styles only. */
export const AUDIENCES_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

export function audiencesPage(audiences: OfflineAudienceView[], base: string, timeZone: string) {
  const sections = audiences
    .map((audience) => {
      const rows = audience.members
        .map((member) => {
          const time = DateTime.fromISO(member.updatedAt, { zone: 'utc' }).setZone(timeZone).setLocale('en-US').toFormat('LLL d, yyyy h:mm a');
          const name = [member.firstName, member.lastName].filter(Boolean).join(' ');
          const tags = member.tags.map((tag) => `<span class="tag">${escapeHtml(tag)}</span>`).join(' ');
          return `<tr><td>${escapeHtml(member.email)}</td><td>${escapeHtml(name)}</td><td><span class="status status-${member.status}">${member.status}</span></td><td>${tags}</td><td>${escapeHtml(time)}</td></tr>`;
        })
        .join('\n');
      const count = `${audience.memberCount} subscribed, ${audience.members.length} contact${audience.members.length === 1 ? '' : 's'} in all`;
      return `<section aria-labelledby="audience-${escapeHtml(audience.id)}">
  <h2 id="audience-${escapeHtml(audience.id)}">${escapeHtml(audience.name)}</h2>
  <p class="meta">Audience id <code>${escapeHtml(audience.id)}</code> &middot; ${count}</p>
  ${
    audience.members.length
      ? `<div class="scroll"><table><thead><tr><th scope="col">E-mail</th><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Tags</th><th scope="col">Last change</th></tr></thead><tbody>\n${rows}\n</tbody></table></div>`
      : '<p class="empty">No members yet.</p>'
  }
</section>`;
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local Mailchimp audiences</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; background: #faf6ef; color: #2c2c2c; }
  header { background: #2c5f4a; color: #fff; padding: 18px 24px; }
  header h1 { margin: 0 0 4px; font-size: 22px; }
  header p { margin: 0; font-size: 14px; opacity: .9; }
  main { padding: 20px 24px; }
  h2 { font-size: 18px; margin: 24px 0 4px; }
  .notice { background: #fff4e5; border: 1px solid #e0a458; border-radius: 8px; padding: 10px 14px; margin: 0 0 8px; font-size: 14px; }
  .meta { margin: 0 0 10px; font-size: 14px; color: #5a4a3f; }
  .scroll { overflow-x: auto; }
  table { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid #e8e1dc; }
  th, td { text-align: left; padding: 10px 12px; border-bottom: 1px solid #e8e1dc; font-size: 14px; vertical-align: top; }
  th { background: #f3ede4; font-weight: 600; }
  /* On a phone the table scrolls sideways inside its box rather than breaking addresses letter by letter. */
  table { min-width: 44rem; }
  a { color: #a34a1f; }
  .tag { display: inline-block; background: #efe7da; border-radius: 10px; padding: 1px 8px; margin: 1px 0; font-size: 12px; }
  .status { font-weight: 600; }
  .status-subscribed { color: #1d6b3a; }
  .status-transactional { color: #5a4a3f; }
  .empty { padding: 16px; background: #fff; border: 1px solid #e8e1dc; color: #5a4a3f; margin: 0; }
</style>
</head>
<body>
<header>
  <h1>Local Mailchimp audiences</h1>
  <p>Where the API would have synced attendees. Nothing here left this machine.</p>
</header>
<main>
  <p class="notice">This page exists only in local runs (no Mailchimp key configured). Subscribed members ticked 'Keep me informed about future events'; transactional contacts are never sent marketing. <a href="${escapeHtml(`${base}/audiences`)}">Refresh</a> &middot; <a href="${escapeHtml(`${base}/mailbox`)}">Mailbox</a></p>
  ${sections}
</main>
</body>
</html>
`;
}
