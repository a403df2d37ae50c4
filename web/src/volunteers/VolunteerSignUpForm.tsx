import { useId, useState, type FormEvent } from 'react';
import { VOLUNTEER_LIMITS, VOLUNTEER_MESSAGES, type VolunteerSignUpReply } from '@shared/volunteers-model.js';
import { api, ApiError } from '../api/client.js';
import { Field } from '../ui/Field.js';
import { volunteerBody, volunteerErrors, type VolunteerErrors, type VolunteerValues } from './volunteerForm.js';

/**
 * Issue 29 item 2: one shift's sign-up (no account): name and e-mail, phone and a note optional.
 * The reply says thank you; the sign-up page's link goes to the address given only.
 */
export function VolunteerSignUpForm({ shiftId, label, onSignedUp }: { shiftId: string; label: string; onSignedUp: () => void }) {
  const id = useId();
  const [values, setValues] = useState<VolunteerValues>({ name: '', email: '', phone: '', note: '' });
  const [errors, setErrors] = useState<VolunteerErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const edit = (change: Partial<VolunteerValues>) => setValues((current) => ({ ...current, ...change }));

  if (done) {
    return (
      <p className="volunteer-done" role="status">
        {done}
      </p>
    );
  }

  const submit = async (submitted: FormEvent) => {
    submitted.preventDefault();
    const found = volunteerErrors(values);
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const reply = await api.request<VolunteerSignUpReply>(`/volunteer/shifts/${encodeURIComponent(shiftId)}/signups`, { method: 'POST', body: volunteerBody(values) });
      setDone(reply.message);
      onSignedUp();
    } catch (error) {
      // The server's own words: a field's message under it, anything else (full, overlap, rate limit) above the button.
      const fields = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
      setErrors({ name: fields.name, email: fields.email, phone: fields.phone, note: fields.note });
      const fieldless = !fields.name && !fields.email && !fields.phone && !fields.note;
      setAlert(fieldless ? ((error instanceof ApiError && error.serverMessage) || VOLUNTEER_MESSAGES.signUpFailed) : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="volunteer-form" noValidate onSubmit={submit} aria-label={label}>
      <Field label={VOLUNTEER_MESSAGES.nameLabel} required error={errors.name} id={`${id}-name`}>
        <input type="text" autoComplete="name" value={values.name} onChange={(e) => edit({ name: e.target.value })} />
      </Field>
      <Field label={VOLUNTEER_MESSAGES.emailLabel} required error={errors.email} id={`${id}-email`}>
        <input type="email" autoComplete="email" value={values.email} onChange={(e) => edit({ email: e.target.value })} />
      </Field>
      <Field label={VOLUNTEER_MESSAGES.phoneLabel} error={errors.phone} id={`${id}-phone`}>
        <input type="tel" autoComplete="tel" maxLength={VOLUNTEER_LIMITS.phone} value={values.phone} onChange={(e) => edit({ phone: e.target.value })} />
      </Field>
      <Field label={VOLUNTEER_MESSAGES.noteLabel} error={errors.note} id={`${id}-note`}>
        <textarea rows={2} maxLength={VOLUNTEER_LIMITS.note} value={values.note} onChange={(e) => edit({ note: e.target.value })} />
      </Field>
      <div role="alert">{alert ? <p className="alert alert-error">{alert}</p> : null}</div>
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
        {VOLUNTEER_MESSAGES.submitButton}
      </button>
    </form>
  );
}
