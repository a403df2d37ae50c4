import { useId, useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { useAuth } from './AuthContext.js';
import './auth.css';

/** The login screen (SPEC §2, §5). */
export function LoginScreen() {
  const { signIn } = useAuth();
  const id = useId();
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
      <div className="login-card">
        <div className="login-mark" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28">
            <path d="M7 11V8a5 5 0 0110 0v3M6 11h12v9H6z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
          </svg>
        </div>
        <h1>Admin Login</h1>
        <p className="login-intro">Please sign in to access the admin area</p>
        <form onSubmit={onSubmit} noValidate aria-busy={submitting}>
          <div className="field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              id={`${id}-email`}
              type="email"
              name="email"
              autoComplete="username"
              placeholder="Enter your email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={submitting}
              required
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-password`}>Password</label>
            <input
              id={`${id}-password`}
              type="password"
              name="password"
              autoComplete="current-password"
              placeholder="Enter your password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={submitting}
              required
            />
          </div>
          <div role="alert" className="login-error">
            {error ? <p className="alert alert-error">{error}</p> : null}
          </div>
          <button type="submit" className="btn btn-primary login-submit" disabled={!canSubmit}>
            {submitting ? 'Signing In...' : 'Sign In'}
          </button>
        </form>
        <p className="login-help">Having trouble? Contact the system administrator.</p>
      </div>
    </div>
  );
}
