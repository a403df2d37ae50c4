import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { LinkKeyRequest } from '@shared/rsvps-model.js';
import { VOLUNTEER_SLUG } from '@shared/constants.js';
import { VOLUNTEER_MESSAGES, volunteerCalendarPath, type VolunteerSignupReply, type VolunteerSignupView } from '@shared/volunteers-model.js';
import { API_BASE, api } from '../api/client.js';
import { eventWhen } from '../events/format.js';
import { PublicLayout } from '../layout/PublicLayout.js';
import { useLinkKey } from '../links/linkKey.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Spinner } from '../ui/Spinner.js';
import { linkFailure, type LinkFailure } from '../rsvps/emailLink.js';
import { LinkDetail, LinkFailureCard } from '../rsvps/EmailLinkParts.js';
import { VolunteerPass } from './VolunteerPass.js';
import { VolunteerSwap } from './VolunteerSwap.js';
import '../payments/payments.css';

export const SIGNUP_PAGE_TEXT = {
  checking: 'Opening your volunteer shift...',
  failed: 'We could not open this volunteer link',
  keep: 'Keep my shift',
  cancelling: 'Cancelling...',
  cancelledTitle: 'Your shift is cancelled',
} as const;

type View =
  | { kind: 'checking' }
  | { kind: 'signup'; signup: VolunteerSignupView; confirming: boolean; busy: boolean; error: string | null; message: string | null }
  | { kind: 'failed'; failure: LinkFailure };

/**
 * /volunteer/signup/:signupId#key=... (issue 29 item 2): the link of the 'Volunteer confirmation'
 * e-mail. Shows the role, the shift and the event, and 'Cancel my shift' after a confirmation,
 * which frees the place. A wrong key gets the server's one not-found, nothing more.
 */
export default function VolunteerSignupPage() {
  const { signupId = '' } = useParams();
  return (
    <PublicLayout>
      <div className="container payment-page">
        <Signup key={signupId} signupId={signupId.trim()} />
      </div>
    </PublicLayout>
  );
}

function Signup({ signupId }: { signupId: string }) {
  const key = useLinkKey();
  const [view, setView] = useState<View>(() => (key ? { kind: 'checking' } : { kind: 'failed', failure: { message: VOLUNTEER_MESSAGES.linkInvalid, code: 'LINK_INVALID', canRetry: false } }));
  useDocumentTitle(VOLUNTEER_MESSAGES.signupHeading);
  const path = `/${VOLUNTEER_SLUG}/signups/${encodeURIComponent(signupId)}`;

  useEffect(() => {
    if (!key) return;
    let live = true;
    const body: LinkKeyRequest = { key };
    api
      .request<VolunteerSignupReply>(`${path}/view`, { method: 'POST', body })
      .then((reply) => live && setView({ kind: 'signup', signup: reply.signup, confirming: false, busy: false, error: null, message: null }))
      .catch((error: unknown) => live && setView({ kind: 'failed', failure: linkFailure(error, VOLUNTEER_MESSAGES.linkInvalid) }));
    return () => {
      live = false;
    };
  }, [key, path]);

  if (view.kind === 'checking') {
    return (
      <div className="payment-card" aria-live="polite">
        <h1 className="visually-hidden">{VOLUNTEER_MESSAGES.signupHeading}</h1>
        <Spinner label={SIGNUP_PAGE_TEXT.checking} />
      </div>
    );
  }
  if (view.kind === 'failed') return <LinkFailureCard title={SIGNUP_PAGE_TEXT.failed} failure={view.failure} onRetry={() => window.location.reload()} />;

  const { signup, confirming, busy, error, message } = view;
  const active = signup.status === 'active';
  const when = eventWhen(signup.shift.start, signup.shift.end);
  const cancel = () => {
    setView({ ...view, busy: true, error: null });
    api
      .request<VolunteerSignupReply>(`${path}/cancel`, { method: 'POST', body: { key } })
      .then((reply) => setView({ kind: 'signup', signup: reply.signup, confirming: false, busy: false, error: null, message: reply.message ?? VOLUNTEER_MESSAGES.cancelled }))
      .catch((failure: unknown) => setView({ ...view, busy: false, confirming: false, error: linkFailure(failure, VOLUNTEER_MESSAGES.linkInvalid).message }));
  };
  // After a swap the page reads the sign-up again: the new shift, with the swap's message.
  const swapped = (swapMessage: string) => {
    api
      .request<VolunteerSignupReply>(`${path}/view`, { method: 'POST', body: { key } })
      .then((reply) => setView({ kind: 'signup', signup: reply.signup, confirming: false, busy: false, error: null, message: swapMessage }))
      .catch((failure: unknown) => setView({ ...view, error: linkFailure(failure, VOLUNTEER_MESSAGES.linkInvalid).message }));
  };
  return (
    <div className="payment-card">
      <h1>{active ? VOLUNTEER_MESSAGES.signupHeading : SIGNUP_PAGE_TEXT.cancelledTitle}</h1>
      <p className="payment-ticket-note" role="status">
        {message ?? (active ? null : VOLUNTEER_MESSAGES.alreadyCancelled)}
      </p>
      <dl className="link-details">
        <LinkDetail label="Role">{signup.role.title}</LinkDetail>
        {signup.event ? <LinkDetail label="Event">{signup.event.title}</LinkDetail> : null}
        <LinkDetail label="Date">{when.date}</LinkDetail>
        <LinkDetail label="Time">{when.time}</LinkDetail>
        {signup.shift.place ? <LinkDetail label="Place">{signup.shift.place}</LinkDetail> : null}
        <LinkDetail label="Name">{signup.name}</LinkDetail>
      </dl>
      {/* Issue 29 item 5: the pass the door scans, while the shift is held. */}
      {active && key ? <VolunteerPass signupId={signup.id} linkKey={key} /> : null}
      {error ? (
        <p className="payment-error" role="alert">
          {error}
        </p>
      ) : null}
      {active ? <AddToCalendar signup={signup} keyValue={key} /> : null}
      {active ? (
        confirming ? (
          <div role="alertdialog" aria-label={VOLUNTEER_MESSAGES.cancelConfirm}>
            <p>{VOLUNTEER_MESSAGES.cancelConfirm}</p>
            <div className="payment-actions">
              <button type="button" className="btn btn-primary" disabled={busy} onClick={cancel}>
                {busy ? SIGNUP_PAGE_TEXT.cancelling : VOLUNTEER_MESSAGES.cancelButton}
              </button>
              <button type="button" className="btn btn-outline" disabled={busy} onClick={() => setView({ ...view, confirming: false })}>
                {SIGNUP_PAGE_TEXT.keep}
              </button>
            </div>
          </div>
        ) : (
          <>
            <div className="payment-actions">
              <button type="button" className="btn btn-outline" onClick={() => setView({ ...view, confirming: true })}>
                {VOLUNTEER_MESSAGES.cancelButton}
              </button>
            </div>
            {/* Issue 29: the same role's other shifts, moved to under the admins' move rule. */}
            <VolunteerSwap key={`${signup.shift.start}-${signup.shift.place}`} signupId={signup.id} linkKey={key} onSwapped={swapped} />
          </>
        )
      ) : null}
      <div className="payment-actions">
        <Link className="btn btn-outline" to={`/${VOLUNTEER_SLUG}`}>
          {VOLUNTEER_MESSAGES.backToVolunteer}
        </Link>
      </div>
    </div>
  );
}

/**
 * 'Add to calendar' as the ticket page offers it (issue 29): Google Calendar (the link made by the API), and the .ics the
 * confirmation e-mail carries, asked for with the page's key (a POST: the key never goes in an address).
 */
function AddToCalendar({ signup, keyValue }: { signup: VolunteerSignupView; keyValue: string }) {
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setFailed(false);
    try {
      const response = await fetch(`${API_BASE}${volunteerCalendarPath(signup.id)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: keyValue }) });
      if (!response.ok) throw new Error(String(response.status));
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'volunteer.ics';
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await response.blob());
      link.download = name;
      link.click();
      // After the click's task: Safari and Firefox drop a download whose address is revoked at once.
      setTimeout(() => URL.revokeObjectURL(link.href), 0);
    } catch {
      setFailed(true);
    }
  };
  return (
    <section className="volunteer-calendar" aria-labelledby="volunteer-calendar">
      <h2 id="volunteer-calendar">{VOLUNTEER_MESSAGES.addToCalendar}</h2>
      <div className="payment-actions">
        {signup.googleCalendarUrl ? (
          <a className="btn btn-outline" href={signup.googleCalendarUrl} target="_blank" rel="noopener noreferrer">
            {VOLUNTEER_MESSAGES.googleCalendar}
          </a>
        ) : null}
        <button type="button" className="btn btn-outline" onClick={() => void download()}>
          {VOLUNTEER_MESSAGES.downloadIcs}
        </button>
      </div>
      {failed ? (
        <p className="payment-error" role="alert">
          {VOLUNTEER_MESSAGES.calendarFailed}
        </p>
      ) : null}
    </section>
  );
}
