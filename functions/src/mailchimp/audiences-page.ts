import { escapeHtml, localPage, localTime } from '../http/local-page.js';
import type { OfflineAudienceView } from './offline.js';

/*
 * The local audiences page (local runs only, beside the mailbox): the demo audiences and
 * the members the offline adapter keeps, as Mailchimp would show them.
 */

export function audiencesPage(audiences: OfflineAudienceView[], base: string, timeZone: string) {
  const sections = audiences
    .map((audience) => {
      const rows = audience.members
        .map((member) => {
          const time = localTime(member.updatedAt, timeZone);
          const name = [member.firstName, member.lastName].filter(Boolean).join(' ');
          const tags = member.tags.map((tag) => `<span class="tag">${escapeHtml(tag)}</span>`).join(' ');
          return `<tr><td>${escapeHtml(member.email)}</td><td>${escapeHtml(name)}</td><td><span class="status status-${member.status}">${member.status}</span></td><td>${tags}</td><td>${escapeHtml(time)}</td></tr>`;
        })
        .join('\n');
      const pending = audience.members.filter((member) => member.status === 'pending').length;
      const count = `${audience.memberCount} subscribed, ${pending} pending confirmation, ${audience.members.length} contact${audience.members.length === 1 ? '' : 's'} in all`;
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
  return localPage({
    title: 'Local Mailchimp audiences',
    subtitle: 'Where the API would have synced attendees. Nothing here left this machine.',
    headerColour: '#2c5f4a',
    noticeHtml: `This page exists only in local runs (no Mailchimp key configured). Who ticked 'Keep me informed about future events' is added as pending: Mailchimp e-mails them its own confirmation (double opt-in), which this demo does not send, and only their click there makes them subscribed. An existing member's status is never changed. Transactional contacts are never sent marketing. <a href="${escapeHtml(`${base}/audiences`)}">Refresh</a> &middot; <a href="${escapeHtml(`${base}/mailbox`)}">Mailbox</a>`,
    bodyHtml: sections,
    css: `  h2 { font-size: 18px; margin: 24px 0 4px; }
  .notice { margin-bottom: 8px; }
  .meta { margin: 0 0 10px; font-size: 14px; color: #5a4a3f; }
  /* On a phone the table scrolls sideways inside its box rather than breaking addresses letter by letter. */
  table { min-width: 44rem; }
  .tag { display: inline-block; background: #efe7da; border-radius: 10px; padding: 1px 8px; margin: 1px 0; font-size: 12px; }
  .status { font-weight: 600; }
  .status-subscribed { color: #1d6b3a; }
  .status-pending { color: #8a4b00; }
  .status-transactional { color: #5a4a3f; }
  .empty { padding: 16px; background: #fff; border: 1px solid #e8e1dc; color: #5a4a3f; margin: 0; text-align: left; }`,
  });
}
