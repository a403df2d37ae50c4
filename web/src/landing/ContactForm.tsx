import { useId, useRef, useState, type FormEvent } from 'react';
import { CONTACT_LIMITS, MAIL_MESSAGES } from '@shared/mail-model.js';
import { api } from '../api/client.js';
import { Field } from '../ui/Field.js';
import { contactBody, contactFailure, validateContact, type ContactErrors, type ContactValues } from './contact.js';

const EMPTY: ContactValues = { name: '', email: '', message: '' };
const FIELDS: (keyof ContactValues)[] = ['name', 'email', 'message'];

type Status = { kind: 'success' | 'error'; text: string } | null;

/** 'Send us a message' (SPEC §2): name, email and message, checked as the API checks them. */
export default function ContactForm() {
  const idPrefix = useId();
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<Status>(null);
  const [sending, setSending] = useState(false);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };

  const update = (field: keyof ContactValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((prev) => ({ ...prev, [field]: value }));
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: validateContact({ ...values, [field]: value })[field] }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = validateContact(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      setStatus({ kind: 'error', text: 'Please fill in the highlighted fields.' });
      refs[firstInvalid].current?.focus();
      return;
    }
    setSending(true);
    setStatus(null);
    try {
      const reply = await api.sendContact(contactBody(values));
      setValues(EMPTY);
      setErrors({});
      setStatus({ kind: 'success', text: reply.message || MAIL_MESSAGES.contactSent });
    } catch (error) {
      const failure = contactFailure(error);
      setErrors(failure.fieldErrors);
      setStatus({ kind: 'error', text: failure.message });
      const firstServerInvalid = FIELDS.find((field) => failure.fieldErrors[field]);
      if (firstServerInvalid) refs[firstServerInvalid].current?.focus();
    } finally {
      setSending(false);
    }
  };

  // A field's message is shown next to it unless the status line already says the same words.
  const ownError = (field: keyof ContactValues) => (errors[field] && errors[field] !== status?.text ? errors[field] : undefined);

  const fieldProps = (field: keyof ContactValues) => ({
    name: field,
    value: values[field],
    onChange: update(field),
    required: true,
    disabled: sending,
    maxLength: CONTACT_LIMITS[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] && !ownError(field) ? `${idPrefix}-status` : undefined,
  });

  return (
    <form className="contact-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${idPrefix}-form-title`}>
      <h3 id={`${idPrefix}-form-title`}>Send us a message</h3>
      <Field label="Name" required id={`${idPrefix}-name`} error={ownError('name')}>
        <input ref={refs.name} type="text" autoComplete="name" placeholder="Your name" {...fieldProps('name')} />
      </Field>
      <Field label="Email" required id={`${idPrefix}-email`} error={ownError('email')}>
        <input ref={refs.email} type="email" autoComplete="email" placeholder="you@example.com" {...fieldProps('email')} />
      </Field>
      <Field label="Message" required id={`${idPrefix}-message`} error={ownError('message')}>
        <textarea ref={refs.message} rows={5} placeholder="How can we help?" {...fieldProps('message')} />
      </Field>
      <div id={`${idPrefix}-status`} className="contact-status" role="status" aria-live="polite">
        {status ? <p className={`alert alert-${status.kind}`}>{status.text}</p> : null}
      </div>
      <button type="submit" className="btn btn-primary" disabled={sending} aria-busy={sending || undefined}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
