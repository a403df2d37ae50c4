import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { RSVP_MESSAGES, type ConfirmRegistrationReply } from '@shared/rsvps-model.js';
import { api } from '../api/client.js';
import { formatEventDateTime } from '../events/format.js';
import { PublicLayout } from '../layout/PublicLayout.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { CheckmarkIcon } from '../ui/icons.js';
import { Spinner } from '../ui/Spinner.js';
import { confirmRegistration, linkFailure, useLinkKey, type LinkFailure } from './emailLink.js';
import { LinkEvent, LinkFailureCard } from './EmailLinkParts.js';
import '../payments/payments.css';

export const CONFIRM_TEXT = {
  title: 'Confirm your registration',
  checking: 'Confirming your registration...',
  confirmed: 'Registration confirmed',
  failed: 'We could not confirm your registration',
  viewTicket: 'View your ticket',
} as const;

type View = { kind: 'checking' } | { kind: 'confirmed'; reply: ConfirmRegistrationReply } | { kind: 'failed'; failure: LinkFailure };

/**
 * /confirm/:rsvpId#key=... (issue 23): the link e-mailed for a 'Confirm by e-mail' registration.
 * Opening it confirms the registration (the seat is the visitor's for good); opening it again
 * says so again.
 */
export default function ConfirmRegistrationPage() {
  const { rsvpId = '' } = useParams();
  return (
    <PublicLayout>
      <div className="container payment-page">
        <Confirmation key={rsvpId} rsvpId={rsvpId.trim()} />
      </div>
    </PublicLayout>
  );
}

function Confirmation({ rsvpId }: { rsvpId: string }) {
  const key = useLinkKey();
  // A link without its secret (cut short when copied) is refused here, without asking.
  const [view, setView] = useState<View>(() =>
    key && rsvpId ? { kind: 'checking' } : { kind: 'failed', failure: { message: RSVP_MESSAGES.linkInvalid, code: 'LINK_INVALID', canRetry: false } },
  );
  // 'Try Again' (after a network failure) asks once more.
  const [round, setRound] = useState(0);
  useDocumentTitle(view.kind === 'confirmed' ? `${CONFIRM_TEXT.confirmed}: ${view.reply.event.title}` : CONFIRM_TEXT.title);

  useEffect(() => {
    if (!key || !rsvpId) return;
    const controller = new AbortController();
    confirmRegistration(api, rsvpId, key, controller.signal)
      .then((reply) => {
        if (!controller.signal.aborted) setView({ kind: 'confirmed', reply });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setView({ kind: 'failed', failure: linkFailure(error, RSVP_MESSAGES.confirmationLinkExpired) });
      });
    return () => controller.abort();
  }, [key, rsvpId, round]);

  if (view.kind === 'checking') {
    return (
      <div className="payment-card" aria-live="polite">
        <h1 className="visually-hidden">{CONFIRM_TEXT.title}</h1>
        <Spinner label={CONFIRM_TEXT.checking} />
      </div>
    );
  }

  if (view.kind === 'failed') {
    return (
      <LinkFailureCard
        title={CONFIRM_TEXT.failed}
        failure={view.failure}
        onRetry={() => {
          setView({ kind: 'checking' });
          setRound((n) => n + 1);
        }}
      />
    );
  }

  const { reply } = view;
  return (
    <div className="payment-card" role="status">
      <div className="payment-icon payment-icon--ok" aria-hidden="true">
        <CheckmarkIcon size={40} />
      </div>
      <h1>{CONFIRM_TEXT.confirmed}</h1>
      <p className="payment-ticket-note">{reply.message}</p>
      <LinkEvent event={reply.event} when={formatEventDateTime(reply.event.date)} />
      <div className="payment-actions">
        {reply.ticketId ? (
          <Link className="btn btn-primary" to={`/checkin/${encodeURIComponent(reply.ticketId)}`}>
            {CONFIRM_TEXT.viewTicket}
          </Link>
        ) : null}
        <Link className={`btn ${reply.ticketId ? 'btn-outline' : 'btn-primary'}`} to={`/${encodeURIComponent(reply.event.customUrl || reply.event.id)}`}>
          View Event
        </Link>
        <Link className="btn btn-outline" to="/">
          Return Home
        </Link>
      </div>
    </div>
  );
}
