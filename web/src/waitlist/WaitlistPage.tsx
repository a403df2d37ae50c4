import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { LinkKeyRequest } from '@shared/rsvps-model.js';
import { WAITLIST_MESSAGES, positionText, type WaitlistEntryReply, type WaitlistEntryView } from '@shared/waitlist-model.js';
import { api } from '../api/client.js';
import { formatEventDateTime } from '../events/format.js';
import { PublicLayout } from '../layout/PublicLayout.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Spinner } from '../ui/Spinner.js';
import { linkFailure, useLinkKey, type LinkFailure } from '../rsvps/emailLink.js';
import { LinkDetail, LinkEvent, LinkFailureCard } from '../rsvps/EmailLinkParts.js';
import '../payments/payments.css';
import './waitlist.css';

export const WAITLIST_PAGE_TEXT = {
  title: 'Your place on the waitlist',
  checking: 'Opening your place on the waitlist...',
  failed: 'We could not open this waitlist link',
  seats: 'Seats',
  keepPlace: 'Stay on the waitlist',
  leaving: 'Leaving...',
  leftTitle: 'You left the waitlist',
  viewTicket: 'View your ticket',
} as const;

/** '2 (all together only)', '3 (or fewer)', '1'. */
export function seatsLabel(entry: Pick<WaitlistEntryView, 'seats' | 'together'>): string {
  if (entry.seats === 1) return '1';
  return `${entry.seats} (${entry.together ? 'all together only' : 'or fewer'})`;
}

type View =
  | { kind: 'checking' }
  | {
      kind: 'entry';
      entry: WaitlistEntryView;
      confirming: boolean;
      busy: boolean;
      error: string | null;
      notice?: string | null;
      /** A claim on a paid event: each seat's payment page, and until when the seats are held. */
      payments?: WaitlistEntryReply['payments'];
      heldUntil?: string;
    }
  | { kind: 'left'; message: string }
  | { kind: 'failed'; failure: LinkFailure };

/**
 * /waitlist/:entryId#key=... (issue 28 items 1 and 2): the link of the 'Waitlist joined' and 'Waitlist offer'
 * e-mails. Shows the event, the seats asked and the current place in line, and 'Leave the waitlist' after a
 * confirmation; an offered entry shows until when its seats are held, 'Claim' (a free event: the tickets at
 * once, linked here) and 'No longer needed' after a confirmation. A wrong
 * key gets the server's one not-found, nothing more. The key is read from the fragment (or a ?key= query).
 */
export default function WaitlistPage() {
  const { entryId = '' } = useParams();
  return (
    <PublicLayout>
      <div className="container payment-page">
        <Waitlist key={entryId} entryId={entryId.trim()} />
      </div>
    </PublicLayout>
  );
}

function Waitlist({ entryId }: { entryId: string }) {
  const fromHash = useLinkKey();
  const { search } = useLocation();
  const [key] = useState(() => fromHash || (new URLSearchParams(search).get('key') ?? '').trim());
  const [view, setView] = useState<View>(() => (key ? { kind: 'checking' } : { kind: 'failed', failure: { message: WAITLIST_MESSAGES.linkInvalid, code: 'LINK_INVALID', canRetry: false } }));
  useDocumentTitle(WAITLIST_PAGE_TEXT.title);
  const path = `/waitlist/${encodeURIComponent(entryId)}`;

  useEffect(() => {
    if (!key) return;
    let live = true;
    const body: LinkKeyRequest = { key };
    api
      .request<WaitlistEntryReply>(`${path}/view`, { method: 'POST', body })
      .then((reply) => live && setView({ kind: 'entry', entry: reply.entry, confirming: false, busy: false, error: null }))
      .catch((error: unknown) => live && setView({ kind: 'failed', failure: linkFailure(error, WAITLIST_MESSAGES.linkInvalid) }));
    return () => {
      live = false;
    };
  }, [key, path]);

  if (view.kind === 'checking') {
    return (
      <div className="payment-card" aria-live="polite">
        <h1 className="visually-hidden">{WAITLIST_PAGE_TEXT.title}</h1>
        <Spinner label={WAITLIST_PAGE_TEXT.checking} />
      </div>
    );
  }
  if (view.kind === 'failed') return <LinkFailureCard title={WAITLIST_PAGE_TEXT.failed} failure={view.failure} onRetry={() => window.location.reload()} />;
  if (view.kind === 'left') {
    return (
      <div className="payment-card" role="status">
        <h1>{WAITLIST_PAGE_TEXT.leftTitle}</h1>
        <p className="payment-ticket-note">{view.message}</p>
        <div className="payment-actions">
          <Link className="btn btn-outline" to="/">
            Return Home
          </Link>
        </div>
      </div>
    );
  }

  const { entry, confirming, busy, error } = view;
  const waiting = entry.status === 'waiting';
  const offered = entry.status === 'offered';
  /** One of the page's calls (leave, claim, decline): the reply's entry is shown; a refusal is said above the buttons. */
  const act = (action: 'leave' | 'claim' | 'decline') => {
    setView({ ...view, busy: true, error: null });
    api
      .request<WaitlistEntryReply>(`${path}/${action}`, { method: 'POST', body: { key } })
      .then((reply) =>
        setView(
          action === 'leave'
            ? { kind: 'left', message: reply.message ?? WAITLIST_MESSAGES.left }
            : { kind: 'entry', entry: reply.entry, confirming: false, busy: false, error: null, notice: reply.message ?? null, payments: reply.payments, heldUntil: reply.heldUntil },
        ),
      )
      .catch((failure: unknown) => setView({ ...view, busy: false, confirming: false, error: linkFailure(failure, WAITLIST_MESSAGES.linkInvalid).message }));
  };
  const confirmText = offered ? WAITLIST_MESSAGES.declineConfirm : WAITLIST_MESSAGES.leaveConfirm;
  return (
    <div className="payment-card">
      <h1>{WAITLIST_PAGE_TEXT.title}</h1>
      <p className="payment-ticket-note" role="status">
        {view.notice ?? statusText(entry)}
      </p>
      {offered && entry.offerExpiresAt ? (
        <p className="waitlist-offer" data-testid="waitlist-offer">
          <strong>{WAITLIST_MESSAGES.offered(entry.offerSeats ?? entry.seats)}</strong> {WAITLIST_MESSAGES.heldUntil(formatEventDateTime(entry.offerExpiresAt))}
        </p>
      ) : null}
      <LinkEvent event={entry.event} when={formatEventDateTime(entry.event.date)}>
        <LinkDetail label="Name">{entry.name}</LinkDetail>
        <LinkDetail label={WAITLIST_PAGE_TEXT.seats}>{seatsLabel(entry)}</LinkDetail>
      </LinkEvent>
      {view.payments?.length ? (
        <>
          {view.heldUntil ? <p className="waitlist-offer">{WAITLIST_MESSAGES.payBefore(formatEventDateTime(view.heldUntil))}</p> : null}
          <div className="payment-actions">
            {view.payments.map((payment, index, all) => (
              <Link key={payment.ticketId} className="btn btn-primary" to={payment.path}>
                {WAITLIST_MESSAGES.payLink(index + 1, all.length)}
              </Link>
            ))}
          </div>
        </>
      ) : entry.ticketIds.length ? (
        <div className="payment-actions">
          {entry.ticketIds.map((ticketId, index) => (
            <Link key={ticketId} className="btn btn-primary" to={`/checkin/${encodeURIComponent(ticketId)}`}>
              {entry.ticketIds.length === 1 ? WAITLIST_PAGE_TEXT.viewTicket : WAITLIST_MESSAGES.ticketLink(index + 1)}
            </Link>
          ))}
        </div>
      ) : null}
      {error ? (
        <p className="payment-error" role="alert">
          {error}
        </p>
      ) : null}
      {waiting || offered ? (
        confirming ? (
          <div role="alertdialog" aria-label={confirmText}>
            <p>{confirmText}</p>
            <div className="payment-actions">
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => act(offered ? 'decline' : 'leave')}>
                {busy ? (offered ? WAITLIST_MESSAGES.declining : WAITLIST_PAGE_TEXT.leaving) : offered ? WAITLIST_MESSAGES.declineButton : WAITLIST_MESSAGES.leaveButton}
              </button>
              <button type="button" className="btn btn-outline" disabled={busy} onClick={() => setView({ ...view, confirming: false })}>
                {offered ? WAITLIST_MESSAGES.keepOffer : WAITLIST_PAGE_TEXT.keepPlace}
              </button>
            </div>
          </div>
        ) : (
          <div className="payment-actions">
            {offered ? (
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => act('claim')}>
                {busy ? WAITLIST_MESSAGES.claiming : WAITLIST_MESSAGES.claimButton}
              </button>
            ) : null}
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => setView({ ...view, confirming: true })}>
              {offered ? WAITLIST_MESSAGES.declineButton : WAITLIST_MESSAGES.leaveButton}
            </button>
          </div>
        )
      ) : null}
    </div>
  );
}

/** The page's status line: the place in line, or what became of the entry. */
function statusText(entry: WaitlistEntryView): string {
  if ((entry.status === 'waiting' || entry.status === 'offered') && entry.position !== null) return positionText(entry.position);
  if (entry.status === 'claimed') return WAITLIST_MESSAGES.claimedView;
  if (entry.status === 'expired') return WAITLIST_MESSAGES.expiredView;
  if (entry.status === 'declined') return WAITLIST_MESSAGES.declinedView;
  return WAITLIST_MESSAGES.notWaiting;
}
