import { useId, useRef, useState, type FormEvent } from 'react';
import { CONTACT_ADDRESS, CONTACT_PHONE } from '@shared/constants.js';
import { CONTACT_LIMITS, MAIL_MESSAGES } from '@shared/mail-model.js';
import { api } from '../api/client.js';
import { Field } from '../ui/Field.js';
import { useTheme } from '../theme/ThemeContext.js';
import { contactBody, contactFailure, validateContact, type ContactErrors, type ContactValues } from './contact.js';

const EMPTY: ContactValues = { name: '', email: '', message: '' };
const FIELDS: (keyof ContactValues)[] = ['name', 'email', 'message'];

function ContactIcon({ path }: { path: string }) {
  return (
    <span className="contact-icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

type Status = { kind: 'success' | 'error'; text: string } | null;

export function ContactSection() {
  const theme = useTheme();
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
  const contactEmail = theme.contactEmail.trim();
  const phoneHref = `tel:${CONTACT_PHONE.replace(/[^\d+]/g, '')}`;

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
    <section id="contact" className="section contact" aria-labelledby="contact-title">
      <div className="container">
        <div className="section-heading">
          <span className="eyebrow">Get in touch</span>
          <h2 id="contact-title">Contact Us</h2>
          <p>Questions about an event, volunteering or partnering with us? We would love to hear from you.</p>
        </div>
        <div className="contact-grid">
          <ul className="contact-details">
            {contactEmail ? (
              <li>
                <ContactIcon path="M4 6h16v12H4zM4 7l8 6 8-6" />
                <div>
                  <h3>Email</h3>
                  <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
                </div>
              </li>
            ) : null}
            <li>
              <ContactIcon path="M6.6 3.5l2.7-.4 1.6 4-1.9 1.5a11 11 0 005.4 5.4l1.5-1.9 4 1.6-.4 2.7a2 2 0 01-2 1.7A15.5 15.5 0 014.9 5.5a2 2 0 011.7-2z" />
              <div>
                <h3>Phone</h3>
                <a href={phoneHref}>{CONTACT_PHONE}</a>
              </div>
            </li>
            <li>
              <ContactIcon path="M12 21s-7-6.2-7-11.5A7 7 0 0119 9.5C19 14.8 12 21 12 21zm0-9a2.5 2.5 0 100-5 2.5 2.5 0 000 5z" />
              <div>
                <h3>Address</h3>
                <p>{CONTACT_ADDRESS}</p>
              </div>
            </li>
          </ul>

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
        </div>
      </div>
    </section>
  );
}
