/*
 * The building blocks of every e-mail: table layout, inline CSS, the site's
 * terracotta and cream. The default templates and the contact e-mails share them.
 */

export const FONT = "font-family:'Helvetica Neue',Helvetica,Arial,sans-serif;";
export const SERIF = "font-family:Georgia,'Times New Roman',serif;";
// Deep terracotta: white text and links on it pass WCAG AA contrast (5.9:1).
export const TERRACOTTA = '#a34a1f';
// The palette's other colours that follow the theme when an e-mail is sent (colours.ts): keep them
// written once, here, so the swap finds them.
export const TERRACOTTA_DARK = '#863a15';
export const LABEL_BROWN = '#7a4a2a';
export const FOOTER_BAND = '#2c3e50';

/**
 * The one e-mail frame: header band (eyebrow and heading), body rows and an
 * optional footer band. Admin-editable defaults and the contact e-mails share it.
 */
export function layout(parts: { title: string; preheader: string; eyebrow: string; heading?: string; body: string; footer?: string }): string {
  const footer = parts.footer
    ? `
        <tr>
          <td style="background-color:${FOOTER_BAND};padding:20px 32px;${FONT}font-size:12px;line-height:1.6;color:#d6dde4;">
            ${parts.footer}
          </td>
        </tr>`
    : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${parts.title}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3ede4;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${parts.preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3ede4;">
  <tr>
    <td align="center" style="padding:24px 12px;">
      <table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid #e8e1dc;border-radius:12px;overflow:hidden;">
        <tr>
          <td style="background-color:${TERRACOTTA};background-image:linear-gradient(135deg,${TERRACOTTA} 0%,${TERRACOTTA_DARK} 100%);padding:30px 32px 26px;">
            <p style="margin:0 0 8px;${FONT}font-size:12px;letter-spacing:2px;text-transform:uppercase;color:#fbe3d3;">${parts.eyebrow}</p>
            <h1 style="margin:0;${SERIF}font-size:28px;line-height:1.25;font-weight:normal;color:#ffffff;">${parts.heading ?? '{{event.title}}'}</h1>
          </td>
        </tr>
${parts.body}${footer}
      </table>
    </td>
  </tr>
</table>
</body>
</html>
`;
}

/** The date, time and location box of both e-mails: a small label above each value. */
export const DETAILS = `        <tr>
          <td style="padding:8px 32px;">
            <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#faf6ef;border:1px solid #e8e1dc;border-radius:10px;">
${detailRows([
  ['Date', '<strong>{{event.formattedDate}}</strong>'],
  ['Time', '{{event.formattedTime}}'],
  // Issue 26 item 5: the place links to a map search; a template without the value (or no location) shows it plain.
  ['Location', `{{#if event.mapUrl}}<a href="{{event.mapUrl}}" style="color:${TERRACOTTA};">{{event.location}}</a>{{else}}{{event.location}}{{/if}}`],
])}            </table>
          </td>
        </tr>
`;

export function detailRows(rows: [label: string, value: string][]) {
  return rows
    .map(([label, value], index) => {
      const labelTop = index === 0 ? 16 : 6;
      const valueBottom = index === rows.length - 1 ? 16 : 10;
      return `              <tr>
                <td style="padding:${labelTop}px 20px 6px;${FONT}font-size:12px;letter-spacing:1px;text-transform:uppercase;color:${LABEL_BROWN};">${label}</td>
              </tr>
              <tr>
                <td style="padding:0 20px ${valueBottom}px;${FONT}font-size:16px;color:#2c2c2c;">${value}</td>
              </tr>
`;
    })
    .join('');
}

export function button(href: string, label: string) {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0">
              <tr>
                <td align="center" bgcolor="${TERRACOTTA}" style="border-radius:6px;background-color:${TERRACOTTA};">
                  <a href="${href}" style="display:inline-block;padding:14px 30px;${FONT}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${label}</a>
                </td>
              </tr>
            </table>`;
}
