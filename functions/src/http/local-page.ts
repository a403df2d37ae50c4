import { DateTime } from 'luxon';

/*
 * The frame of the pages that exist only in local runs (the mailbox, the Mailchimp audiences):
 * a header saying what the page stands in for, a notice, and the page's own content. No
 * script: the pages are plain HTML with inline styles.
 */

/** No script, inline styles only. */
export const LOCAL_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** A stored ISO time as the organisation reads it, e.g. 'Nov 23, 2026 2:05 PM'. */
export function localTime(iso: string, timeZone: string, format = 'LLL d, yyyy h:mm a') {
  return DateTime.fromISO(iso, { zone: 'utc' }).setZone(timeZone).setLocale('en-US').toFormat(format);
}

export interface LocalPage {
  title: string;
  /** The line under the title: what the page stands in for. */
  subtitle: string;
  /** The header's background (white text on it). */
  headerColour: string;
  /** The notice above the content: trusted HTML (escape what it quotes). */
  noticeHtml: string;
  /** The content: trusted HTML. */
  bodyHtml: string;
  /** Rules of the page's own. */
  css?: string;
}

export function localPage(page: LocalPage) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; background: #faf6ef; color: #2c2c2c; }
  header { background: ${page.headerColour}; color: #fff; padding: 18px 24px; }
  header h1 { margin: 0 0 4px; font-size: 22px; }
  header p { margin: 0; font-size: 14px; opacity: .9; }
  main { padding: 20px 24px; }
  .notice { background: #fff4e5; border: 1px solid #e0a458; border-radius: 8px; padding: 10px 14px; margin: 0 0 16px; font-size: 14px; }
  table { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid #e8e1dc; }
  th, td { text-align: left; padding: 10px 12px; border-bottom: 1px solid #e8e1dc; font-size: 14px; vertical-align: top; }
  th { background: #f3ede4; font-weight: 600; }
  a { color: #a34a1f; }
  .empty { padding: 24px; text-align: center; color: #5a4a3f; }
  /* On a phone a wide table scrolls sideways inside its box; the page itself stays put. */
  .scroll { overflow-x: auto; }
${page.css ?? ''}
</style>
</head>
<body>
<header>
  <h1>${escapeHtml(page.title)}</h1>
  <p>${escapeHtml(page.subtitle)}</p>
</header>
<main>
  <p class="notice">${page.noticeHtml}</p>
  ${page.bodyHtml}
</main>
</body>
</html>
`;
}
