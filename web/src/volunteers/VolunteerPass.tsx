import { useEffect, useState, type CSSProperties } from 'react';
import { VOLUNTEER_PASS_TEXT, type VolunteerPassReply } from '@shared/volunteer-pass-model.js';
import type { LinkKeyRequest } from '@shared/rsvps-model.js';
import { VOLUNTEER_SLUG } from '@shared/constants.js';
import { api } from '../api/client.js';

/*
 * Styled in place: a stylesheet of its own would be one more file every public page's router lists
 * to preload with the sign-up page. Sized like the ticket page's QR code (about 7 cm on a phone).
 */
const SECTION: CSSProperties = { margin: '1.25rem 0', textAlign: 'center' };
const HEADING: CSSProperties = { fontFamily: 'var(--font-serif)', fontSize: '1.25rem', margin: '0 0 0.25rem' };
const HINT: CSSProperties = { color: 'var(--color-muted)', margin: '0 0 0.75rem' };
const FIGURE: CSSProperties = { margin: '0 auto', width: 'min(100%, 17.5rem)' };
const SVG: CSSProperties = { display: 'block', width: '100%', height: 'auto', borderRadius: 'var(--radius-sm)' };
const CAPTION: CSSProperties = { marginTop: '0.5rem', fontSize: '0.85rem', wordBreak: 'break-all' };

/**
 * The volunteer's pass on their sign-up page (issue 29 item 5): the QR code the door scans (the same
 * as the e-mail's, computed by the server, so the page ships no QR library) and its code to type
 * when a camera fails. Asked for with the page's key; nothing is shown when it cannot be had (the
 * page itself says why a link fails).
 */
export function VolunteerPass({ signupId, linkKey }: { signupId: string; linkKey: string }) {
  const [pass, setPass] = useState<VolunteerPassReply | null>(null);
  useEffect(() => {
    let live = true;
    const body: LinkKeyRequest = { key: linkKey };
    api
      .request<VolunteerPassReply>(`/${VOLUNTEER_SLUG}/signups/${encodeURIComponent(signupId)}/pass`, { method: 'POST', body })
      .then((reply) => live && setPass(reply))
      .catch(() => live && setPass(null));
    return () => {
      live = false;
    };
  }, [signupId, linkKey]);
  if (!pass) return null;
  const { qr } = pass;
  return (
    <section className="volunteer-pass" style={SECTION} aria-labelledby="volunteer-pass-title">
      <h2 id="volunteer-pass-title" style={HEADING}>{VOLUNTEER_PASS_TEXT.title}</h2>
      <p style={HINT}>{VOLUNTEER_PASS_TEXT.hint}</p>
      <figure className="volunteer-pass-qr" style={FIGURE}>
        <svg viewBox={`0 0 ${qr.size} ${qr.size}`} role="img" aria-label={VOLUNTEER_PASS_TEXT.label} data-volunteer-pass={pass.code} shapeRendering="crispEdges" style={SVG}>
          <rect width={qr.size} height={qr.size} fill="#fff" />
          <path d={qr.path} fill="#000" />
        </svg>
        <figcaption style={CAPTION}>
          {VOLUNTEER_PASS_TEXT.code}: <code>{pass.code}</code>
        </figcaption>
      </figure>
    </section>
  );
}
