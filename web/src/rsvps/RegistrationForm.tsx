import { lazy, Suspense, useEffect, useReducer, useRef } from 'react';
import { PAYMENT_MESSAGES } from '@shared/payments-model.js';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { registrationIsClosed, type PublicEventRecord } from '@shared/events-model.js';
import { api } from '../api/client.js';
import { ChunkBoundary } from '../layout/ChunkBoundary.js';
import { Spinner } from '../ui/Spinner.js';
import { RegistrationDetails } from './RegistrationDetails.js';
import { RegistrationSuccess } from './RegistrationSuccess.js';
import { createRsvp, initialValues, isEventFull, orderAmountInCents, REGISTRATION_TEXT, rsvpBody, ticketLines } from './registration.js';
import { canResume, initialState, registrationReducer } from './steps.js';
import './registration.css';

// The card forms (and Stripe) load only when a paid registration reaches payment.
const PaymentStep = lazy(() => import('../payments/PaymentStep.js'));
// Issue 28: the waitlist's form loads only on a full event.
const WaitlistJoinForm = lazy(() => import('../waitlist/WaitlistJoinForm.js'));

/**
 * The #register section's form: form → payment (paid events) → success (SPEC §2 "Registration form (steps)").
 * `onSeats` hears each seat this visitor took (+1, a registration the server accepted) or gave back (-1, a
 * declined card), so the page's 'n / max registered' moves at once (issue 24 item 18).
 */
export default function RegistrationForm({ event, onSeats }: { event: PublicEventRecord; onSeats?: (change: 1 | -1) => void }) {
  const [state, dispatch] = useReducer(registrationReducer, event, (e) => initialState(initialValues(e)));
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const firstStep = useRef(true);
  // A second declined card on the same intent gives back no second seat.
  const seatHeld = useRef(false);

  // A new step takes the focus (not on first render): the success heading, or the form's first field.
  // The payment step focuses its own heading once its chunk has loaded.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    if (state.step === 'success') stepHeading.current?.focus();
    if (state.step === 'form') nameInput.current?.focus();
  }, [state.step]);

  if (state.step === 'payment') {
    const cancel = () => dispatch({ type: 'cancelPayment' });
    return (
      <ChunkBoundary
        fallback={
          <div className="payment-step" role="alert">
            <p className="alert alert-error">{PAYMENT_MESSAGES.initFailed}</p>
            <button type="button" className="btn btn-outline" onClick={cancel}>
              Cancel
            </button>
          </div>
        }
      >
        <Suspense
          fallback={
            <div className="registration-loading">
              <Spinner label="Loading payment..." />
            </div>
          }
        >
          <PaymentStep
            event={event}
            payer={{ name: state.values.name.trim(), email: state.values.email.trim(), ticketType: state.values.ticketType }}
            amount={state.pending.amount ?? orderAmountInCents(event, state.values)}
            rsvpId={state.pending.rsvpId}
            orderId={state.pending.orderId}
            ticketCount={ticketLines(state.values).length}
            onCancel={cancel}
            onDeclined={() => {
              if (seatHeld.current) for (let seat = 0; seat < ticketLines(state.values).length; seat++) onSeats?.(-1);
              seatHeld.current = false;
              dispatch({ type: 'paymentDeclined' });
            }}
          />
        </Suspense>
      </ChunkBoundary>
    );
  }

  if (state.step === 'success') {
    return (
      <RegistrationSuccess
        event={event}
        values={state.values}
        message={state.message}
        outcome={state.outcome}
        ticketId={state.ticketId}
        tickets={state.tickets}
        headingRef={stepHeading}
        onReset={() => dispatch({ type: 'reset', values: initialValues(event) })}
      />
    );
  }

  // From the registration deadline, or the start (issue 26 item 4), the server refuses registrations: the form gives way to the notice.
  if (registrationIsClosed(event, Date.now())) {
    return (
      <p className="registration-full" role="status">
        {RSVP_MESSAGES.registrationClosed}
      </p>
    );
  }

  if (isEventFull(event) && !state.pending) {
    // Issue 28 item 1: a full event offers its waitlist instead of the form.
    return (
      <>
        <p className="registration-full" role="status">
          {REGISTRATION_TEXT.eventFull}
        </p>
        {/* Should the form's chunk fail to load, the full notice above stands alone (its words stay out of this chunk). */}
        <ChunkBoundary fallback={null}>
          <Suspense fallback={<Spinner label="Loading..." />}>
            <WaitlistJoinForm event={event} />
          </Suspense>
        </ChunkBoundary>
      </>
    );
  }

  return (
    <RegistrationDetails
      event={event}
      nameRef={nameInput}
      values={state.values}
      onEdit={(values) => dispatch({ type: 'edit', values })}
      onSubmit={async (values) => {
        if (canResume(state, values, Date.now())) {
          dispatch({ type: 'resume' });
          return;
        }
        const reply = await createRsvp(api, event.id, rsvpBody(values, event));
        seatHeld.current = true;
        // Every seat of an order moves the page's count.
        for (let seat = 0; seat < (reply.tickets?.length ?? 1); seat++) onSeats?.(1);
        dispatch({ type: 'submitted', values, reply, at: Date.now() });
      }}
    />
  );
}
