import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Card } from '../ui/Card.js';
import { Field } from '../ui/Field.js';
import { LockIcon } from '../ui/icons.js';
import { useAuth } from './AuthContext.js';
import './auth.css';

/** The login screen (SPEC §2, §5). */
export function LoginScreen() {
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  const canSubmit = email.trim() !== '' && password !== '' && !submitting;
  useDocumentTitle('Admin Login');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setError('');
    try {
      await signIn(email, password);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setSubmitting(false);
    }
  };

  return (
    <div className="login-page">
      <Card className="login-card">
        <div className="login-mark" aria-hidden="true">
          <LockIcon />
        </div>
        <h1>Admin Login</h1>
        <p className="login-intro">Please sign in to access the admin area</p>
        <form onSubmit={onSubmit} noValidate aria-busy={submitting}>
          <Field label="Email">
            <input
              type="email"
              name="email"
              autoComplete="username"
              placeholder="Enter your email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
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
              value={password}
              onChange={(e) => setPassword(e.target.value)}
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
        </form>
        <p className="login-help">Having trouble? Contact the system administrator.</p>
      </Card>
    </div>
  );
}
