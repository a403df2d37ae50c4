import { useEffect, useState } from 'react';
import { VOLUNTEER_DOOR_MESSAGES, type VolunteerPassReply } from '@shared/volunteer-door-model.js';
import type { LinkKeyRequest } from '@shared/rsvps-model.js';
import { VOLUNTEER_SLUG } from '@shared/constants.js';
import { api } from '../api/client.js';
import './volunteer-pass.css';

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
    <section className="volunteer-pass" aria-labelledby="volunteer-pass-title">
      <h2 id="volunteer-pass-title">{VOLUNTEER_DOOR_MESSAGES.passTitle}</h2>
      <p>{VOLUNTEER_DOOR_MESSAGES.passHint}</p>
      <figure className="volunteer-pass-qr">
        <svg viewBox={`0 0 ${qr.size} ${qr.size}`} role="img" aria-label={VOLUNTEER_DOOR_MESSAGES.passLabel} data-volunteer-pass={pass.code} shapeRendering="crispEdges">
          <rect width={qr.size} height={qr.size} fill="#fff" />
          <path d={qr.path} fill="#000" />
        </svg>
        <figcaption>
          {VOLUNTEER_DOOR_MESSAGES.passCode}: <code>{pass.code}</code>
        </figcaption>
      </figure>
    </section>
  );
}
