import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { RSVP_MESSAGES, type LinkKeyRequest } from '@shared/rsvps-model.js';
import type { ManageTicketReply, SelfCancelReply } from '@shared/self-service-model.js';
import { api } from '../api/client.js';
import { formatEventDateTime } from '../events/format.js';
import { PublicLayout } from '../layout/PublicLayout.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Spinner } from '../ui/Spinner.js';
import { linkFailure, useLinkKey, type LinkFailure } from './emailLink.js';
import { LinkDetail, LinkEvent, LinkFailureCard } from './EmailLinkParts.js';
import '../payments/payments.css';

export const MANAGE_TEXT = {
  title: "Can't come?",
  checking: 'Opening your ticket...',
  cancel: 'Cancel my ticket',
  confirmQuestion: 'Cancel this ticket? Your seat goes to someone else and this cannot be undone.',
  confirmYes: 'Yes, cancel my ticket',
  keep: 'Keep my ticket',
  cancelling: 'Cancelling...',
  cancelled: 'Ticket cancelled',
  failed: 'We could not open this ticket',
  askLink: 'E-mail me a link to cancel this ticket',
  askLinkIntro: 'To cancel this ticket, open the link we e-mail to the address it was registered with.',
} as const;

const post = <T extends object>(path: string, body: object) => api.request<T>(path, { method: 'POST', body });

type View =
  | { kind: 'checking' }
  | { kind: 'ticket'; reply: ManageTicketReply; confirming: boolean; busy: boolean; error: string | null }
  | { kind: 'cancelled'; message: string }
  | { kind: 'no-key'; sent: string | null; busy: boolean }
  | { kind: 'failed'; failure: LinkFailure };

/**
 * /ticket/:rsvpId/manage#key=... (issue 25 item 4): the 'Can't come?' link of a ticket e-mail. With its
 * key it shows the ticket and cancels it after a confirmation; without one (the ticket page's link) it
 * offers to e-mail a link to the ticket's own address, with one reply that reveals nothing.
 */
export default function ManageTicketPage() {
  const { rsvpId = '' } = useParams();
  return (
    <PublicLayout>
      <div className="container payment-page">
        <Manage key={rsvpId} rsvpId={rsvpId.trim()} />
      </div>
    </PublicLayout>
  );
}

function Manage({ rsvpId }: { rsvpId: string }) {
  const key = useLinkKey();
  const [view, setView] = useState<View>(() => (key ? { kind: 'checking' } : { kind: 'no-key', sent: null, busy: false }));
  useDocumentTitle(MANAGE_TEXT.title);
  const path = `/rsvps/${encodeURIComponent(rsvpId)}`;

  useEffect(() => {
    if (!key) return;
    let live = true;
    const body: LinkKeyRequest = { key };
    post<ManageTicketReply>(`${path}/manage`, body)
      .then((reply) => live && setView({ kind: 'ticket', reply, confirming: false, busy: false, error: null }))
      .catch((error: unknown) => live && setView({ kind: 'failed', failure: linkFailure(error, RSVP_MESSAGES.linkInvalid) }));
    return () => {
      live = false;
    };
  }, [key, path]);

  if (view.kind === 'checking') {
    return (
      <div className="payment-card" aria-live="polite">
        <h1 className="visually-hidden">{MANAGE_TEXT.title}</h1>
        <Spinner label={MANAGE_TEXT.checking} />
      </div>
    );
  }
  if (view.kind === 'failed') return <LinkFailureCard title={MANAGE_TEXT.failed} failure={view.failure} onRetry={() => window.location.reload()} />;
  if (view.kind === 'cancelled') {
    return (
      <div className="payment-card" role="status">
        <h1>{MANAGE_TEXT.cancelled}</h1>
        <p className="payment-ticket-note">{view.message}</p>
        <div className="payment-actions">
          <Link className="btn btn-outline" to="/">
            Return Home
          </Link>
        </div>
      </div>
    );
  }
  if (view.kind === 'no-key') {
    const ask = () => {
      setView({ kind: 'no-key', sent: null, busy: true });
      post<{ message: string }>(`${path}/manage-link`, {})
        .then((reply) => setView({ kind: 'no-key', sent: reply.message, busy: false }))
        .catch((error: unknown) => setView({ kind: 'no-key', sent: linkFailure(error, RSVP_MESSAGES.linkInvalid).message, busy: false }));
    };
    return (
      <div className="payment-card">
        <h1>{MANAGE_TEXT.title}</h1>
        <p>{MANAGE_TEXT.askLinkIntro}</p>
        {view.sent ? (
          <p role="status">{view.sent}</p>
        ) : (
          <div className="payment-actions">
            <button type="button" className="btn btn-primary" disabled={view.busy} onClick={ask}>
              {MANAGE_TEXT.askLink}
            </button>
          </div>
        )}
      </div>
    );
  }

  const { reply, confirming, busy, error } = view;
  const cancel = () => {
    // Disabled while the request runs; the server refuses a second cancel anyway (one transaction decides).
    setView({ ...view, busy: true, error: null });
    post<SelfCancelReply>(`${path}/cancel`, { key })
      .then((done) => setView({ kind: 'cancelled', message: done.message }))
      .catch((failed: unknown) => setView({ ...view, busy: false, confirming: false, error: linkFailure(failed, RSVP_MESSAGES.linkInvalid).message }));
  };
  return (
    <div className="payment-card">
      <h1>{MANAGE_TEXT.title}</h1>
      <LinkEvent event={reply.event} when={formatEventDateTime(reply.event.date)}>
        <LinkDetail label="Name">{reply.ticket.name}</LinkDetail>
        <LinkDetail label="Ticket">{reply.ticket.ticketType}</LinkDetail>
      </LinkEvent>
      {error ? <p role="alert">{error}</p> : null}
      {reply.cannotCancel ? (
        <p role="status">{reply.cannotCancel}</p>
      ) : confirming ? (
        <div role="group" aria-label={MANAGE_TEXT.confirmQuestion}>
          <p>{MANAGE_TEXT.confirmQuestion}</p>
          <div className="payment-actions">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={cancel}>
              {busy ? MANAGE_TEXT.cancelling : MANAGE_TEXT.confirmYes}
            </button>
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => setView({ ...view, confirming: false })}>
              {MANAGE_TEXT.keep}
            </button>
          </div>
        </div>
      ) : (
        <div className="payment-actions">
          <button type="button" className="btn btn-primary" onClick={() => setView({ ...view, confirming: true, error: null })}>
            {MANAGE_TEXT.cancel}
          </button>
        </div>
      )}
    </div>
  );
}
