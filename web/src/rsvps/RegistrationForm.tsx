import { lazy, Suspense, useEffect, useId, useReducer, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import type { EventRecord } from '@shared/events-model.js';
import { eventPath } from '@shared/events-model.js';
import { PAYMENT_MESSAGES } from '@shared/payments-model.js';
import { api } from '../api/client.js';
import { formatPrice } from '@shared/payments-model.js';
import { RSVP_FIELD_LIMITS } from '@shared/rsvps-model.js';
import { ChunkBoundary } from '../layout/ChunkBoundary.js';
import { Spinner } from '../theme/Spinner.js';
import {
  amountInCents,
  fieldMessage,
  initialValues,
  isEventFull,
  REGISTRATION_TEXT,
  rsvpBody,
  showTicketSelect,
  submitFailure,
  submitLabel,
  ticketOptionLabel,
  ticketPrice,
  validateRegistration,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationValues,
} from './registration.js';
import { canResume, initialState, registrationReducer } from './steps.js';
import './registration.css';

// The card forms (and Stripe) load only when a paid registration reaches payment.
const PaymentStep = lazy(() => import('../payments/PaymentStep.js'));

/** The #register section's form: form → payment (paid events) → success (SPEC §2 "Registration form (steps)"). */
export default function RegistrationForm({ event }: { event: EventRecord }) {
  const [state, dispatch] = useReducer(registrationReducer, event, (e) => initialState(initialValues(e)));
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const firstStep = useRef(true);

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
            amount={amountInCents(event, state.values.ticketType)}
            rsvpId={state.pending.rsvpId}
            onCancel={cancel}
            onDeclined={() => dispatch({ type: 'paymentDeclined' })}
          />
        </Suspense>
      </ChunkBoundary>
    );
  }

  if (state.step === 'success') {
    return (
      <div className="registration-success">
        <div className="registration-success-icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="34" height="34">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
        <h3 ref={stepHeading} tabIndex={-1} className="registration-step-title">
          Registration Complete
        </h3>
        <p className="registration-success-message" role="status">
          {state.message}
        </p>
        <dl className="registration-summary">
          <div>
            <dt>Name</dt>
            <dd>{state.values.name.trim()}</dd>
          </div>
          <div>
            <dt>Sent to</dt>
            <dd>{state.values.email.trim()}</dd>
          </div>
          {showTicketSelect(event) ? (
            <div>
              <dt>Ticket</dt>
              <dd>{state.values.ticketType}</dd>
            </div>
          ) : null}
        </dl>
        <div className="registration-actions">
          <button type="button" className="btn btn-primary" onClick={() => dispatch({ type: 'reset', values: initialValues(event) })}>
            {REGISTRATION_TEXT.registerAnother}
          </button>
          <Link className="btn btn-outline" to={eventPath(event)} onClick={() => dispatch({ type: 'reset', values: initialValues(event) })}>
            Back to Event
          </Link>
        </div>
      </div>
    );
  }

  if (isEventFull(event) && !state.pending) {
    return (
      <p className="registration-full" role="status">
        {REGISTRATION_TEXT.eventFull}
      </p>
    );
  }

  return (
    <FormStep
      event={event}
      nameRef={nameInput}
      values={state.values}
      onEdit={(values) => dispatch({ type: 'edit', values })}
      onSubmit={async (values) => {
        if (canResume(state, values, Date.now())) {
          dispatch({ type: 'resume' });
          return;
        }
        const reply = await api.createRsvp(event.id, rsvpBody(values, event));
        dispatch({ type: 'submitted', values, reply, at: Date.now() });
      }}
    />
  );
}

interface FormStepProps {
  event: EventRecord;
  nameRef: RefObject<HTMLInputElement | null>;
  values: RegistrationValues;
  onEdit: (values: RegistrationValues) => void;
  /** Sends the values; throws the API's error. */
  onSubmit: (values: RegistrationValues) => Promise<void>;
}

const FIELD_ORDER: RegistrationField[] = ['name', 'email', 'address', 'city', 'state', 'zipCode', 'ticketType', 'additionalInfo'];

function FormStep({ event, nameRef, values, onEdit, onSubmit }: FormStepProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<RegistrationErrors>({});
  const [invalid, setInvalid] = useState<RegistrationField[]>([]);
  const form = useRef<HTMLFormElement>(null);
  const ticketSelect = showTicketSelect(event);
  const singlePrice = event.requiresPayment && !ticketSelect ? ticketPrice(event, values.ticketType) : null;

  const focusField = (field: RegistrationField) => {
    const element = form.current?.elements.namedItem(field);
    if (element instanceof HTMLElement) element.focus();
  };

  const change = (field: RegistrationField) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    onEdit({ ...values, [field]: e.target.value });
    if (fieldErrors[field]) setFieldErrors(({ [field]: _drop, ...rest }) => rest);
    if (invalid.includes(field)) setInvalid((list) => list.filter((f) => f !== field));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const check = validateRegistration(values);
    if (check.message) {
      setAlert(check.message);
      setFieldErrors({});
      setInvalid(check.invalid);
      focusField(check.invalid[0]);
      return;
    }
    setBusy(true);
    setAlert(null);
    setFieldErrors({});
    setInvalid([]);
    try {
      await onSubmit(values);
    } catch (error) {
      const failure = submitFailure(error);
      setAlert(failure.message);
      setFieldErrors(failure.fieldErrors);
      const fields = FIELD_ORDER.filter((field) => failure.fieldErrors[field]);
      setInvalid(fields);
      if (fields[0]) focusField(fields[0]);
    } finally {
      setBusy(false);
    }
  };

  const fieldProps = (field: RegistrationField) => {
    const isInvalid = invalid.includes(field) || Boolean(fieldErrors[field]);
    const own = fieldMessage(fieldErrors, field, alert);
    return {
      id: `${id}-${field}`,
      name: field,
      value: values[field],
      onChange: change(field),
      'aria-invalid': isInvalid || undefined,
      'aria-describedby': own ? `${id}-${field}-error` : isInvalid ? `${id}-alert` : undefined,
    };
  };

  const errorFor = (field: RegistrationField) => {
    const own = fieldMessage(fieldErrors, field, alert);
    return own ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {own}
      </p>
    ) : null;
  };

  return (
    <form
      ref={form}
      className="registration-form"
      aria-label={`Register for ${event.title}`}
      aria-busy={busy || undefined}
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <h3>Your details</h3>
      <p className="registration-required-note">
        Fields marked <span className="required-mark">*</span> are required.
      </p>
      <div className="field">
        <label htmlFor={`${id}-name`}>
          Name <span className="required-mark" aria-hidden="true">*</span>
        </label>
        <input ref={nameRef} type="text" autoComplete="name" required maxLength={RSVP_FIELD_LIMITS.name} {...fieldProps('name')} />
        {errorFor('name')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>
          Email <span className="required-mark" aria-hidden="true">*</span>
        </label>
        <input type="email" autoComplete="email" inputMode="email" required maxLength={RSVP_FIELD_LIMITS.email} {...fieldProps('email')} />
        {errorFor('email')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-address`}>Address</label>
        <input type="text" autoComplete="street-address" maxLength={RSVP_FIELD_LIMITS.address} {...fieldProps('address')} />
        {errorFor('address')}
      </div>
      <div className="registration-row">
        <div className="field">
          <label htmlFor={`${id}-city`}>City</label>
          <input type="text" autoComplete="address-level2" maxLength={RSVP_FIELD_LIMITS.city} {...fieldProps('city')} />
          {errorFor('city')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-state`}>State</label>
          <input type="text" autoComplete="address-level1" maxLength={RSVP_FIELD_LIMITS.state} {...fieldProps('state')} />
          {errorFor('state')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-zipCode`}>ZIP code</label>
          <input type="text" autoComplete="postal-code" maxLength={RSVP_FIELD_LIMITS.zipCode} {...fieldProps('zipCode')} />
          {errorFor('zipCode')}
        </div>
      </div>
      {ticketSelect ? (
        <div className="field">
          <label htmlFor={`${id}-ticketType`}>Ticket type</label>
          <select {...fieldProps('ticketType')}>
            {event.ticketTypes.map((type) => (
              <option key={type} value={type}>
                {ticketOptionLabel(event, type)}
              </option>
            ))}
          </select>
          {errorFor('ticketType')}
        </div>
      ) : singlePrice !== null ? (
        <p className="registration-price">
          {values.ticketType} ticket: <strong>{formatPrice(singlePrice)}</strong>
        </p>
      ) : null}
      {event.allowAdditionalInfo ? (
        <div className="field">
          <label htmlFor={`${id}-additionalInfo`}>Additional information</label>
          <textarea rows={4} maxLength={RSVP_FIELD_LIMITS.additionalInfo} {...fieldProps('additionalInfo')} />
          {errorFor('additionalInfo')}
        </div>
      ) : null}
      <div id={`${id}-alert`} className="registration-alert" role="alert">
        {alert ? <p className="alert alert-error">{alert}</p> : null}
      </div>
      <button type="submit" className="btn btn-primary registration-submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? REGISTRATION_TEXT.submitting : submitLabel(event)}
      </button>
      {event.requiresPayment ? <p className="registration-note">You will enter your card details on the next step.</p> : null}
    </form>
  );
}
