import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent, StripeCardElementOptions } from '@stripe/stripe-js';
import { PAYMENT_MESSAGES } from '@shared/payments-model.js';
import { Spinner } from '../ui/Spinner.js';
import type { CardFormProps, Payer } from './cardForm.js';
import { CardFormFooter } from './CardFormFooter.js';
import { PAYMENT_TEXT } from './paymentFlow.js';

interface StripeCardFormProps extends CardFormProps {
  publishableKey: string;
  clientSecret: string;
  payer: Payer;
  /** Stripe.js could not be loaded: the step shows 'Failed to initialize payment'. */
  onInitFailed: (detail: string | null) => void;
}

/** The card form for provider 'stripe': Stripe.js loads here, on demand, never on the public pages. */
export default function StripeCardForm({ publishableKey, onInitFailed, ...rest }: StripeCardFormProps) {
  const [stripe, setStripe] = useState<Stripe | null>(null);

  useEffect(() => {
    let active = true;
    import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((loaded) => {
        if (!active) return;
        if (loaded) setStripe(loaded);
        else onInitFailed(null);
      })
      .catch(() => {
        if (active) onInitFailed(null);
      });
    return () => {
      active = false;
    };
  }, [publishableKey, onInitFailed]);

  if (!stripe) {
    return (
      <div className="payment-step-loading">
        <Spinner label={PAYMENT_TEXT.preparing} />
      </div>
    );
  }
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...rest} />
    </Elements>
  );
}

/** Colours for the card field inside Stripe's frame, read from the theme's CSS variables. */
function cardOptions(): StripeCardElementOptions {
  const styles = getComputedStyle(document.documentElement);
  const text = styles.getPropertyValue('--color-text').trim() || '#2c2c2c';
  const error = styles.getPropertyValue('--color-error').trim() || '#b3261e';
  return {
    hidePostalCode: false,
    style: {
      base: { color: text, fontSize: '16px', fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', '::placeholder': { color: '#8a8580' } },
      invalid: { color: error, iconColor: error },
    },
  };
}

function StripeCardFields({ clientSecret, amount, payer, onSucceeded, onDeclined, onCancel }: Omit<StripeCardFormProps, 'publishableKey' | 'onInitFailed'>) {
  const id = useId();
  const stripe = useStripe();
  const elements = useElements();
  const options = useMemo(cardOptions, []);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onChange = (event: StripeCardElementChangeEvent) => {
    setFieldError(event.error?.message ?? null);
    if (event.error) setAlert(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !stripe || !elements) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    setBusy(true);
    setAlert(null);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: payer.name, email: payer.email } },
      });
      if (result.error) {
        setAlert(result.error.message || PAYMENT_MESSAGES.processingFailed);
        if (result.error.type === 'card_error') onDeclined();
        setBusy(false);
        return;
      }
      const status = result.paymentIntent?.status;
      if (result.paymentIntent && (status === 'succeeded' || status === 'processing')) {
        // The success page confirms with the server (and waits while the payment is processing).
        onSucceeded(result.paymentIntent.id);
        return;
      }
      setAlert(PAYMENT_MESSAGES.processingFailed);
      setBusy(false);
    } catch {
      setAlert(PAYMENT_MESSAGES.processingFailed);
      setBusy(false);
    }
  };

  return (
    <form className="card-form" aria-label="Card payment" noValidate onSubmit={(e) => void submit(e)}>
      <div className="field">
        <span id={`${id}-label`} className="card-form-label">
          Card details
        </span>
        <div className="stripe-card" role="group" aria-labelledby={`${id}-label`} aria-describedby={fieldError ? `${id}-error` : undefined}>
          <CardElement options={options} onChange={onChange} />
        </div>
        {fieldError ? (
          <p id={`${id}-error`} className="field-error" aria-live="polite">
            {fieldError}
          </p>
        ) : null}
      </div>
      <CardFormFooter alert={alert} busy={busy} canPay={Boolean(stripe)} amount={amount} onCancel={onCancel} />
      <p className="payment-secure-note">Card details go straight to our payment provider, Stripe; they never reach our servers.</p>
    </form>
  );
}
