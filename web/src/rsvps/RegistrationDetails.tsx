import { cloneElement, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactElement, type RefObject } from 'react';
import type { PublicEventRecord } from '@shared/events-model.js';
import { formatPrice } from '@shared/payments-model.js';
import { KEEP_INFORMED_LABEL, RSVP_FIELD_LIMITS } from '@shared/rsvps-model.js';
import { Field } from '../ui/Field.js';
import {
  fieldMessage,
  maxTicketsPerOrder,
  orderAmountInCents,
  orderProblem,
  orderTotalText,
  REGISTRATION_TEXT,
  ticketLines,
  withTicketCount,
  showTicketSelect,
  submitFailure,
  submitLabel,
  ticketOptionLabel,
  ticketTypeSoldOut,
  ticketPrice,
  validateRegistration,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationValues,
} from './registration.js';

interface RegistrationDetailsProps {
  event: PublicEventRecord;
  nameRef: RefObject<HTMLInputElement | null>;
  values: RegistrationValues;
  onEdit: (values: RegistrationValues) => void;
  /** Sends the values; throws the API's error. */
  onSubmit: (values: RegistrationValues) => Promise<void>;
}

/** What the form sets on each control it wraps. */
interface ControlProps {
  name?: string;
  value?: string;
  onChange?: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

const FIELD_ORDER: RegistrationField[] = ['name', 'email', 'address', 'city', 'state', 'zipCode', 'ticketType', 'additionalInfo'];

/** The form step: the visitor's details, checked here as the API checks them, then sent. */
export function RegistrationDetails({ event, nameRef, values, onEdit, onSubmit }: RegistrationDetailsProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [alertTone, setAlertTone] = useState<'error' | 'notice'>('error');
  const [fieldErrors, setFieldErrors] = useState<RegistrationErrors>({});
  const [invalid, setInvalid] = useState<RegistrationField[]>([]);
  const form = useRef<HTMLFormElement>(null);
  const ticketSelect = showTicketSelect(event);
  const singlePrice = event.requiresPayment && !ticketSelect ? ticketPrice(event, values.ticketType) : null;
  // Issue 26 item 1: several tickets in one order, each with its attendee (the first the buyer by default).
  const maxTickets = maxTicketsPerOrder(event);
  const lines = ticketLines(values);
  const isOrder = lines.length > 1;
  const [lineError, setLineError] = useState<{ line: number; field: 'name' | 'ticketType'; message: string } | null>(null);
  const editLine = (index: number, change: Partial<{ name: string; ticketType: string }>) => {
    onEdit({ ...values, tickets: lines.map((line, at) => (at === index ? { ...line, ...change } : line)) });
    if (lineError?.line === index) setLineError(null);
  };

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
    if (check.invalid.length) {
      setAlert(check.message);
      setAlertTone('error');
      setFieldErrors(check.fieldErrors ?? {});
      setInvalid(check.invalid);
      focusField(check.invalid[0]);
      return;
    }
    const problem = orderProblem(values);
    if (problem) {
      setAlert(problem.message);
      setAlertTone('error');
      setLineError({ line: problem.line, field: 'name', message: problem.message });
      form.current?.querySelector<HTMLElement>(`[name="tickets.${problem.line}.name"]`)?.focus();
      return;
    }
    setLineError(null);
    setBusy(true);
    setAlert(null);
    setFieldErrors({});
    setInvalid([]);
    try {
      await onSubmit(values);
    } catch (error) {
      const failure = submitFailure(error);
      // A refusal of one ticket of the order (its type, its attendee) marks that line.
      const lineKey = Object.keys(failure.lineErrors ?? {})[0];
      const lineMatch = lineKey ? /^tickets\.(\d+)\.(name|ticketType)$/.exec(lineKey) : null;
      setLineError(lineMatch ? { line: Number(lineMatch[1]), field: lineMatch[2] as 'name' | 'ticketType', message: failure.message } : null);
      setAlert(failure.message);
      setAlertTone(failure.tone);
      setFieldErrors(failure.fieldErrors);
      const fields = FIELD_ORDER.filter((field) => failure.fieldErrors[field]);
      setInvalid(fields);
      if (fields[0]) focusField(fields[0]);
    } finally {
      setBusy(false);
    }
  };

  /**
   * One labelled field. Its own message shows beside it; a field that is only
   * marked invalid points at the alert, which already says why (the same words once).
   */
  const field = (name: RegistrationField, label: string, control: ReactElement<ControlProps>, required = false) => {
    const own = fieldMessage(fieldErrors, name, alert);
    const isInvalid = invalid.includes(name) || Boolean(fieldErrors[name]);
    return (
      <Field label={label} required={required} error={own ?? undefined} id={`${id}-${name}`}>
        {cloneElement(control, {
          name,
          value: values[name],
          onChange: change(name),
          'aria-invalid': isInvalid ? (true as const) : undefined,
          'aria-describedby': !own && isInvalid ? `${id}-alert` : undefined,
        })}
      </Field>
    );
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
      {field('name', 'Name', <input ref={nameRef} type="text" autoComplete="name" required maxLength={RSVP_FIELD_LIMITS.name} />, true)}
      {field('email', 'Email', <input type="email" autoComplete="email" inputMode="email" required maxLength={RSVP_FIELD_LIMITS.email} />, true)}
      {field('address', 'Address', <input type="text" autoComplete="street-address" maxLength={RSVP_FIELD_LIMITS.address} />)}
      <div className="registration-row">
        {field('city', 'City', <input type="text" autoComplete="address-level2" maxLength={RSVP_FIELD_LIMITS.city} />)}
        {field('state', 'State', <input type="text" autoComplete="address-level1" maxLength={RSVP_FIELD_LIMITS.state} />)}
        {field('zipCode', 'ZIP code', <input type="text" autoComplete="postal-code" maxLength={RSVP_FIELD_LIMITS.zipCode} />)}
      </div>
      {maxTickets > 1 ? (
        <Field label={REGISTRATION_TEXT.ticketCount} id={`${id}-ticketCount`}>
          <select name="ticketCount" value={lines.length} onChange={(e) => onEdit(withTicketCount(values, Number(e.target.value), event))}>
            {Array.from({ length: maxTickets }, (_, index) => (
              <option key={index} value={index + 1}>
                {index + 1}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {isOrder ? (
        <fieldset className="registration-tickets">
          <legend>{REGISTRATION_TEXT.attendees}</legend>
          {lines.map((line, index) => {
            const nameError = lineError?.line === index && lineError.field === 'name' ? lineError.message : null;
            const typeError = lineError?.line === index && lineError.field === 'ticketType' ? lineError.message : null;
            return (
              <div className="registration-ticket" key={index}>
                <Field label={REGISTRATION_TEXT.attendeeName(index)} id={`${id}-ticket-${index}-name`} required={index > 0} error={nameError ?? undefined}>
                  <input
                    type="text"
                    name={`tickets.${index}.name`}
                    value={line.name}
                    // The first ticket is the buyer's unless another name is typed.
                    placeholder={index === 0 ? values.name.trim() : undefined}
                    autoComplete="off"
                    maxLength={RSVP_FIELD_LIMITS.name}
                    aria-invalid={nameError ? true : undefined}
                    onChange={(e) => editLine(index, { name: e.target.value })}
                  />
                </Field>
                {ticketSelect ? (
                  <Field label={REGISTRATION_TEXT.attendeeType(index)} id={`${id}-ticket-${index}-type`} error={typeError ?? undefined}>
                    <select name={`tickets.${index}.ticketType`} value={line.ticketType} onChange={(e) => editLine(index, { ticketType: e.target.value })}>
                      {event.ticketTypes.map((type) => (
                        <option key={type} value={type} disabled={ticketTypeSoldOut(event, type)}>
                          {ticketOptionLabel(event, type)}
                        </option>
                      ))}
                    </select>
                  </Field>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      ) : null}
      {isOrder ? null : ticketSelect ? (
        field(
          'ticketType',
          'Ticket type',
          <select>
            {event.ticketTypes.map((type) => (
              <option key={type} value={type} disabled={ticketTypeSoldOut(event, type)}>
                {ticketOptionLabel(event, type)}
              </option>
            ))}
          </select>,
        )
      ) : singlePrice !== null ? (
        <p className="registration-price">
          {values.ticketType} ticket: <strong>{formatPrice(singlePrice)}</strong>
        </p>
      ) : null}
      {event.requiresPayment && isOrder ? <p className="registration-price registration-total">{orderTotalText(orderAmountInCents(event, values), lines.length)}</p> : null}
      {event.allowAdditionalInfo ? field('additionalInfo', 'Additional information', <textarea rows={4} maxLength={RSVP_FIELD_LIMITS.additionalInfo} />) : null}
      {event.mailingList ? (
        // Consent (issue 11): offered only where the event has a mailing list, and never ticked for the visitor.
        <label className="registration-consent">
          <input type="checkbox" name="keepInformed" checked={values.keepInformed} onChange={(e) => onEdit({ ...values, keepInformed: e.target.checked })} />
          <span>{KEEP_INFORMED_LABEL}</span>
        </label>
      ) : null}
      <div id={`${id}-alert`} className="registration-alert" role="alert">
        {alert ? <p className={alertTone === 'notice' ? 'alert registration-notice' : 'alert alert-error'}>{alert}</p> : null}
      </div>
      <button type="submit" className="btn btn-primary registration-submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? REGISTRATION_TEXT.submitting : submitLabel(event)}
      </button>
      {event.requiresPayment ? <p className="registration-note">You will enter your card details on the next step.</p> : null}
    </form>
  );
}
