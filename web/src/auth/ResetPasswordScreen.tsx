import { useEffect, useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Field } from '../ui/Field.js';
import { accountOfResetCode, newPasswordProblem, RESET_TEXT, saveNewPassword } from './passwordReset.js';
import { SignInCard } from './SignInCard.js';

/**
 * The page a password reset e-mail opens (issue 27 item 1): which account, a new password twice,
 * then `onDone(true)` (the sign-in form, saying the password changed). A link already used or expired
 * says so and offers the sign-in form, where 'Forgot password?' sends a new one. The password
 * fields are uncontrolled, as on the login screen (a stylesheet must not read them).
 */
export function ResetPasswordScreen({ code, onDone }: { code: string; onDone: (changed: boolean) => void }) {
  const [account, setAccount] = useState<string | null>(null);
  const [broken, setBroken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useDocumentTitle(RESET_TEXT.chooseTitle);

  useEffect(() => {
    let current = true;
    accountOfResetCode(code).then(
      (email) => current && setAccount(email),
      (failure: unknown) => current && setBroken(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [code]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const problem = newPasswordProblem(password, String(form.get('confirmation') ?? ''));
    if (problem) return setError(problem);
    setSaving(true);
    setError(null);
    try {
      await saveNewPassword(code, password);
      onDone(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setSaving(false);
    }
  }

  return (
    <SignInCard title={RESET_TEXT.chooseTitle}>
      {broken ? (
        <>
          <p className="alert alert-error" role="alert">
            {broken}
          </p>
          <button type="button" className="btn btn-primary login-submit" onClick={() => onDone(false)}>
            {RESET_TEXT.back}
          </button>
        </>
      ) : account === null ? (
        <p className="login-intro" role="status">
          {RESET_TEXT.checking}
        </p>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={saving}>
          <p className="login-intro">
            {RESET_TEXT.chooseFor} <strong>{account}</strong>
          </p>
          {/* For password managers: the account the new password belongs to. */}
          <input type="email" name="username" autoComplete="username" value={account} readOnly hidden />
          <Field label={RESET_TEXT.newPassword}>
            <input type="password" name="password" autoComplete="new-password" disabled={saving} required />
          </Field>
          <Field label={RESET_TEXT.confirmPassword}>
            <input type="password" name="confirmation" autoComplete="new-password" disabled={saving} required />
          </Field>
          <div role="alert" className="login-error">
            {error ? <p className="alert alert-error">{error}</p> : null}
          </div>
          <button type="submit" className="btn btn-primary login-submit" disabled={saving}>
            {saving ? RESET_TEXT.saving : RESET_TEXT.save}
          </button>
        </form>
      )}
    </SignInCard>
  );
}
