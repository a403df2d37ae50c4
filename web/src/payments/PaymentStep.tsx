import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { EventRecord } from '@shared/events-model.js';
import type { CreatePaymentIntentReply, PaymentConfigReply } from '@shared/payments-model.js';
import { PAYMENT_MESSAGES } from '@shared/payments-model.js';
import { api } from '../api/client.js';
import { ChunkBoundary } from '../layout/ChunkBoundary.js';
import { Spinner } from '../ui/Spinner.js';
import type { Payer } from './cardForm.js';
import { OfflineCardForm } from './OfflineCardForm.js';
import { initFailureDetail, PAYMENT_TEXT, paymentSuccessPath, totalText, type PaymentSuccessState } from './paymentFlow.js';
import './payment-step.css';

// Stripe's React bindings and Stripe.js itself load only when the site uses Stripe.
const StripeCardForm = lazy(() => import('./StripeCardForm.js'));

export interface PaymentStepProps {
  event: Pick<EventRecord, 'id' | 'customUrl' | 'title'>;
  payer: Payer;
  /** What the chosen ticket costs, in cents (the server compares it). */
  amount: number;
  /** The pending RSVP that holds the seat. */
  rsvpId: string;
  /** An order of several tickets (issue 26 item 1): one payment for all of them; `ticketCount` says how many. */
  orderId?: string;
  ticketCount?: number;
  onCancel: () => void;
  /** The card was declined (the server gives the held seat back). */
  onDeclined: () => void;
}

/** The payment step: creates the intent on opening, then shows the configured provider's card form. */
export default function PaymentStep(props: PaymentStepProps) {
  // 'Try Again' starts over with fresh state.
  const [attempt, setAttempt] = useState(0);
  return <PaymentSession key={attempt} {...props} onRetry={() => setAttempt((n) => n + 1)} />;
}

type Session =
  | { status: 'loading' }
  | { status: 'error'; detail: string | null }
  | { status: 'ready'; config: PaymentConfigReply; intent: CreatePaymentIntentReply };

function PaymentSession({ event, payer, amount, rsvpId, orderId, ticketCount = 1, onCancel, onDeclined, onRetry }: PaymentStepProps & { onRetry: () => void }) {
  const navigate = useNavigate();
  const [session, setSession] = useState<Session>({ status: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);

  // The step announces itself when it opens.
  useEffect(() => heading.current?.focus(), []);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      api.getPaymentConfig(controller.signal),
      api.createPaymentIntent(
        { eventId: event.id, ticketType: payer.ticketType, name: payer.name, email: payer.email, amount, rsvpId, ...(orderId ? { orderId } : {}) },
        controller.signal,
      ),
    ])
      .then(([config, intent]) => setSession({ status: 'ready', config, intent }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setSession({ status: 'error', detail: initFailureDetail(error) });
      });
    return () => controller.abort();
  }, [event.id, payer.ticketType, payer.name, payer.email, amount, rsvpId, orderId]);

  // The success page proves the payment is this visitor's with the intent's client secret.
  const clientSecret = session.status === 'ready' ? session.intent.clientSecret : '';
  const onSucceeded = useCallback(
    (paymentIntentId: string) => {
      const state: PaymentSuccessState = { clientSecret };
      return navigate(paymentSuccessPath(paymentIntentId, event), { state });
    },
    [navigate, event, clientSecret],
  );
  const onInitFailed = useCallback((detail: string | null) => setSession({ status: 'error', detail }), []);

  // The amount the server priced (cents) once known, else the one asked for.
  const cents = session.status === 'ready' ? session.intent.amount : amount;

  return (
    <section className="payment-step" aria-labelledby="payment-step-title">
      <h3 id="payment-step-title" ref={heading} tabIndex={-1} className="registration-step-title">
        Payment
      </h3>
      <div className="payment-summary">
        <p className="payment-summary-line">
          {ticketCount > 1 ? `${ticketCount} tickets, ordered by ${payer.name}` : `${payer.ticketType} ticket for ${payer.name}`}
        </p>
        <p className="payment-total">{totalText(cents)}</p>
      </div>

      {session.status === 'loading' ? (
        <>
          <div className="payment-step-loading">
            <Spinner label={PAYMENT_TEXT.preparing} />
          </div>
          <div className="payment-step-actions">
            <button type="button" className="btn btn-outline" onClick={onCancel}>
              {PAYMENT_TEXT.cancel}
            </button>
          </div>
        </>
      ) : session.status === 'error' ? (
        <InitFailure detail={session.detail} onRetry={onRetry} onCancel={onCancel} />
      ) : session.config.provider === 'stripe' ? (
        <ChunkBoundary fallback={<InitFailure detail={null} onRetry={onRetry} onCancel={onCancel} />}>
          <Suspense
            fallback={
              <div className="payment-step-loading">
                <Spinner label={PAYMENT_TEXT.preparing} />
              </div>
            }
          >
            <StripeCardForm
              publishableKey={session.config.publishableKey}
              clientSecret={session.intent.clientSecret}
              amount={cents}
              payer={payer}
              onSucceeded={onSucceeded}
              onDeclined={onDeclined}
              onCancel={onCancel}
              onInitFailed={onInitFailed}
            />
          </Suspense>
        </ChunkBoundary>
      ) : (
        <OfflineCardForm
          paymentIntentId={session.intent.paymentIntentId}
          clientSecret={session.intent.clientSecret}
          amount={cents}
          onSucceeded={onSucceeded}
          onDeclined={onDeclined}
          onCancel={onCancel}
        />
      )}
    </section>
  );
}

/** 'Failed to initialize payment' with Try Again and Cancel (SPEC §2, §8). */
export function InitFailure({ detail, onRetry, onCancel }: { detail: string | null; onRetry?: () => void; onCancel: () => void }) {
  return (
    <>
      <div className="payment-step-alert" role="alert">
        <div className="alert alert-error">
          <p>
            <strong>{PAYMENT_MESSAGES.initFailed}</strong>
          </p>
          {detail ? <p>{detail}</p> : null}
        </div>
      </div>
      <div className="payment-step-actions">
        {onRetry ? (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {PAYMENT_TEXT.tryAgain}
          </button>
        ) : null}
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          {PAYMENT_TEXT.cancel}
        </button>
      </div>
    </>
  );
}
