import { useId, useState, type FormEvent } from 'react';
import type { PublicEventRecord } from '@shared/events-model.js';
import { WAITLIST_MESSAGES, positionText, type JoinWaitlistReply } from '@shared/waitlist-model.js';
import { api, ApiError } from '../api/client.js';
import { Field } from '../ui/Field.js';
import { waitlistBody, waitlistErrors, type WaitlistErrors, type WaitlistValues } from './waitlistForm.js';
import './waitlist.css';

/**
 * Issue 28 item 1: on a full event the registration section offers the waitlist instead of the form
 * (loaded on demand: only full events need it). The reply is the place in line; the page's link goes
 * to the address given only, so nothing here opens it.
 */
export default function WaitlistJoinForm({ event }: { event: Pick<PublicEventRecord, 'id' | 'maxRegistrationsPerEmail'> }) {
  const id = useId();
  const limit = Math.max(1, event.maxRegistrationsPerEmail);
  const [values, setValues] = useState<WaitlistValues>({ name: '', email: '', seats: '1', together: true });
  const [errors, setErrors] = useState<WaitlistErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState<JoinWaitlistReply | null>(null);
  const edit = (change: Partial<WaitlistValues>) => setValues((current) => ({ ...current, ...change }));

  if (joined) {
    return (
      <div className="waitlist-joined" role="status">
        <p className="waitlist-position">{positionText(joined.position)}</p>
        <p>{joined.message}</p>
      </div>
    );
  }

  const submit = async (submitted: FormEvent) => {
    submitted.preventDefault();
    const found = waitlistErrors(values, limit);
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      setJoined(await api.request<JoinWaitlistReply>(`/events/${encodeURIComponent(event.id)}/waitlist`, { method: 'POST', body: waitlistBody(values) }));
    } catch (error) {
      // The server's own words: a field's message under it, anything else (not full, closed, rate limit) above the button.
      const fields = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
      setErrors({ name: fields.name, email: fields.email, seats: fields.seats });
      const fieldless = !fields.name && !fields.email && !fields.seats;
      setAlert(fieldless ? ((error instanceof ApiError && error.serverMessage) || WAITLIST_MESSAGES.joinFailed) : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="waitlist-form" noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{WAITLIST_MESSAGES.joinHeading}</h3>
      <p>{WAITLIST_MESSAGES.joinIntro}</p>
      <Field label="Name" required error={errors.name} id={`${id}-name`}>
        <input type="text" autoComplete="name" value={values.name} onChange={(e) => edit({ name: e.target.value })} />
      </Field>
      <Field label="Email" required error={errors.email} id={`${id}-email`}>
        <input type="email" autoComplete="email" value={values.email} onChange={(e) => edit({ email: e.target.value })} />
      </Field>
      <Field label={WAITLIST_MESSAGES.seatsLabel} error={errors.seats} id={`${id}-seats`} hint={`1 to ${limit}`}>
        <input type="number" inputMode="numeric" min={1} max={limit} step={1} value={values.seats} onChange={(e) => edit({ seats: e.target.value })} />
      </Field>
      <fieldset className="waitlist-together">
        <legend className="visually-hidden">{WAITLIST_MESSAGES.togetherLegend}</legend>
        <label>
          <input type="radio" name={`${id}-together`} checked={values.together} onChange={() => edit({ together: true })} /> {WAITLIST_MESSAGES.togetherLabel}
        </label>
        <label>
          <input type="radio" name={`${id}-together`} checked={!values.together} onChange={() => edit({ together: false })} /> {WAITLIST_MESSAGES.fewerLabel}
        </label>
      </fieldset>
      <div role="alert">{alert ? <p className="alert alert-error">{alert}</p> : null}</div>
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
        {WAITLIST_MESSAGES.joinButton}
      </button>
    </form>
  );
}
