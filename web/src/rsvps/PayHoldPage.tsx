import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { formatCents } from '@shared/payments-model.js';
import { RSVP_MESSAGES, type PaymentHoldReply } from '@shared/rsvps-model.js';
import { api } from '../api/client.js';
import { formatEventDateTime, formatEventTime } from '../events/format.js';
import { PublicLayout } from '../layout/PublicLayout.js';
import { getPaymentHold, linkFailure, useLinkKey, type LinkFailure } from './emailLink.js';
import { LinkDetail, LinkEvent, LinkFailureCard } from './EmailLinkParts.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Spinner } from '../ui/Spinner.js';
import PaymentStep from '../payments/PaymentStep.js';
import './registration.css';
import '../payments/payments.css';

export const PAY_HOLD_TEXT = {
  title: 'Complete your payment',
  loading: 'Loading your registration...',
  failed: 'We could not open this payment',
  continueToPayment: 'Continue to Payment',
} as const;

/** 'Your seat is held until 7:45 PM MST.': the hold's end on the organisation's clock. */
export function heldUntilText(holdExpiresAt: string): string {
  const time = formatEventTime(holdExpiresAt);
  return time ? `Your seat is held until ${time}.` : '';
}

type Hold = PaymentHoldReply['hold'];
type View = { kind: 'loading' } | { kind: 'ready'; hold: Hold } | { kind: 'failed'; failure: LinkFailure };

/**
 * /pay/:rsvpId#key=... (issue 23): the link e-mailed for an unpaid registration (its holder left
 * the payment, or registered again). It shows the registration and its hold, then the
 * registration form's payment step, which ends on the payment success page.
 */
export default function PayHoldPage() {
  const { rsvpId = '' } = useParams();
  return (
    <PublicLayout>
      <div className="container payment-page">
        <PayHold key={rsvpId} rsvpId={rsvpId.trim()} />
      </div>
    </PublicLayout>
  );
}

function PayHold({ rsvpId }: { rsvpId: string }) {
  const key = useLinkKey();
  const [view, setView] = useState<View>(() =>
    key && rsvpId ? { kind: 'loading' } : { kind: 'failed', failure: { message: RSVP_MESSAGES.linkInvalid, code: 'LINK_INVALID', canRetry: false } },
  );
  const [round, setRound] = useState(0);
  // Cancel in the payment step puts it away; 'Continue to Payment' opens it again.
  const [paying, setPaying] = useState(true);
  useDocumentTitle(view.kind === 'ready' ? `${PAY_HOLD_TEXT.title}: ${view.hold.event.title}` : PAY_HOLD_TEXT.title);

  useEffect(() => {
    if (!key || !rsvpId) return;
    const controller = new AbortController();
    getPaymentHold(api, rsvpId, key, controller.signal)
      .then((hold) => {
        if (!controller.signal.aborted) setView({ kind: 'ready', hold });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setView({ kind: 'failed', failure: linkFailure(error, RSVP_MESSAGES.paymentLinkExpired) });
      });
    return () => controller.abort();
  }, [key, rsvpId, round]);

  if (view.kind === 'loading') {
    return (
      <div className="payment-card" aria-live="polite">
        <h1 className="visually-hidden">{PAY_HOLD_TEXT.title}</h1>
        <Spinner label={PAY_HOLD_TEXT.loading} />
      </div>
    );
  }

  if (view.kind === 'failed') {
    return (
      <LinkFailureCard
        title={PAY_HOLD_TEXT.failed}
        failure={view.failure}
        onRetry={() => {
          setView({ kind: 'loading' });
          setRound((n) => n + 1);
        }}
      />
    );
  }

  const { hold } = view;
  const heldUntil = heldUntilText(hold.holdExpiresAt);
  return (
    <div className="payment-card">
      <h1>{PAY_HOLD_TEXT.title}</h1>
      <LinkEvent event={hold.event} when={formatEventDateTime(hold.event.date)}>
        <LinkDetail label="Name">{hold.name}</LinkDetail>
        <LinkDetail label="Ticket">{hold.ticketType}</LinkDetail>
        <LinkDetail label="Amount">{formatCents(hold.amount)}</LinkDetail>
      </LinkEvent>
      {heldUntil ? <p className="link-hold-until">{heldUntil}</p> : null}
      <div className="link-payment">
        {paying ? (
          <PaymentStep
            event={hold.event}
            payer={{ name: hold.name, email: hold.email, ticketType: hold.ticketType }}
            amount={hold.amount}
            rsvpId={hold.rsvpId}
            onCancel={() => setPaying(false)}
            // The step offers another card itself; whether the seat is still held, the server says when asked again.
            onDeclined={() => undefined}
          />
        ) : (
          <button type="button" className="btn btn-primary registration-submit" onClick={() => setPaying(true)}>
            {PAY_HOLD_TEXT.continueToPayment}
          </button>
        )}
      </div>
    </div>
  );
}
