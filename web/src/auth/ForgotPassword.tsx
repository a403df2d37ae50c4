import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field } from '../ui/Field.js';
import { RESET_TEXT, requestPasswordReset } from './passwordReset.js';
// Its styles are auth.css, which the login screen brings into the staff shell's stylesheet; importing
// it here too (the invitation page's chunk shares this file) split that stylesheet out of the shell,
// and staff.html no longer preloaded it (tests/e2e/deploy.spec.ts).

/**
 * 'Forgot password?' (issue 27 item 1): one field, then the same neutral answer whether or not the
 * account exists. The link in the e-mail comes back to this page (`continueUrl`), whose screen then
 * asks for the new password (ResetPasswordScreen).
 */
export function ForgotPassword({ email: typed, onBack }: { email: string; onBack: () => void }) {
  const [email, setEmail] = useState(typed);
  const [state, setState] = useState<'form' | 'sending' | 'sent'>('form');
  const [error, setError] = useState<string | null>(null);
  // What was typed on the sign-in form, put in as the field's value, never its value attribute
  // (which a stylesheet's selectors could read: issue 23 item 7).
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (field.current) field.current.value = typed;
  }, [typed]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (state === 'sending') return;
    setState('sending');
    setError(null);
    try {
      await requestPasswordReset(email, window.location.href);
      setState('sent');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setState('form');
    }
  }

  return (
    <div className="password-reset">
      <h2>{RESET_TEXT.requestTitle}</h2>
      {state === 'sent' ? (
        <p className="alert alert-success" role="status">
          {RESET_TEXT.sent}
        </p>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={state === 'sending'}>
          <p className="login-intro">{RESET_TEXT.requestIntro}</p>
          <Field label="Email">
            <input ref={field} type="email" name="email" autoComplete="username" onChange={(event) => setEmail(event.target.value)} disabled={state === 'sending'} required />
          </Field>
          <div role="alert" className="login-error">
            {error ? <p className="alert alert-error">{error}</p> : null}
          </div>
          <button type="submit" className="btn btn-primary login-submit" disabled={state === 'sending'}>
            {state === 'sending' ? RESET_TEXT.sending : RESET_TEXT.send}
          </button>
        </form>
      )}
      <button type="button" className="link-button" onClick={onBack}>
        {RESET_TEXT.back}
      </button>
    </div>
  );
}
