import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Field } from '../ui/Field.js';
import { useAuth } from './AuthContext.js';
import { ForgotPassword } from './ForgotPassword.js';
import { RESET_TEXT } from './passwordReset.js';
import { SignInCard } from './SignInCard.js';

/**
 * The login screen (SPEC §2, §5). Two fields, both required (Sign In stays disabled until both
 * are filled), the identity provider judges the rest: plain state rather than the staff area's
 * form library and zod, so this screen is in the staff shell's small chunk and shows at once
 * (issue 13). `onStart` is called when someone starts filling it.
 *
 * The fields are uncontrolled (no `value` prop): React copies a controlled input's value into
 * its value attribute, where a stylesheet's attribute selectors (input[value^="a"]) could read
 * a password as it is typed (issue 23 item 7). The state only follows what is typed.
 */
/**
 * Who the screen is for (issue 24 item 10): the admin area keeps SPEC §2's 'Admin Login'; the door
 * (/checkin) is named for what it is, for door staff who are not admins.
 */
export const LOGIN_TEXT = {
  admin: { title: 'Admin Login', intro: 'Please sign in to access the admin area' },
  door: { title: 'Door check-in', intro: 'Sign in with your staff account to check attendees in.' },
} as const;
export type LoginRole = keyof typeof LOGIN_TEXT;

export function LoginScreen({ notice, onStart, role = 'admin' }: { notice?: string; onStart?: () => void; role?: LoginRole } = {}) {
  const text = LOGIN_TEXT[role];
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // 'Forgot password?' (issue 27 item 1) takes the card's place until 'Back to sign in'.
  const [forgot, setForgot] = useState(false);
  // Stays busy after a successful sign-in: the gate replaces this screen as soon as auth reports it.
  const [signedIn, setSignedIn] = useState(false);
  const submitting = pending || signedIn;
  const canSubmit = email.trim() !== '' && password !== '' && !submitting;
  useDocumentTitle(text.title);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setPending(true);
    setError(null);
    try {
      await signIn(email, password);
      setSignedIn(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <SignInCard title={text.title}>
      <p className="login-intro">{text.intro}</p>
      {notice ? (
        <p className="alert login-notice" role="status">
          {notice}
        </p>
      ) : null}
      {forgot ? (
        <ForgotPassword
          email={email}
          onBack={() => {
            setForgot(false);
            setEmail('');
            setPassword('');
          }}
        />
      ) : (
      <form onSubmit={(event) => void onSubmit(event)} onFocus={onStart} noValidate aria-busy={submitting}>
        <Field label="Email">
          <input
            type="email"
            name="email"
            autoComplete="username"
            placeholder="Enter your email"
            onChange={(event) => setEmail(event.target.value)}
            disabled={submitting}
            required
          />
        </Field>
        <Field label="Password">
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            placeholder="Enter your password"
            onChange={(event) => setPassword(event.target.value)}
            disabled={submitting}
            required
          />
        </Field>
        <div role="alert" className="login-error">
          {error ? <p className="alert alert-error">{error}</p> : null}
        </div>
        <button type="submit" className="btn btn-primary login-submit" disabled={!canSubmit}>
          {submitting ? 'Signing In...' : 'Sign In'}
        </button>
        <button type="button" className="link-button login-forgot" onClick={() => setForgot(true)} disabled={submitting}>
          {RESET_TEXT.forgot}
        </button>
      </form>
      )}
      <p className="login-help">Having trouble? Contact the system administrator.</p>
    </SignInCard>
  );
}
