import { useState } from 'react';
import { signInSchema } from '@shared/session.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Card } from '../ui/Card.js';
import { Field } from '../ui/Field.js';
import { SERVER_ERROR, serverError, useZodForm } from '../ui/form.js';
import { LockIcon } from '../ui/icons.js';
import { useAuth } from './AuthContext.js';
import './auth.css';

/** The login screen (SPEC §2, §5). */
export function LoginScreen({ notice }: { notice?: string } = {}) {
  const { signIn } = useAuth();
  const form = useZodForm(signInSchema, { defaultValues: { email: '', password: '' } });
  // Stays busy after a successful sign-in: the gate replaces this screen as soon as auth reports it.
  const [signedIn, setSignedIn] = useState(false);
  const submitting = form.formState.isSubmitting || signedIn;
  const email = form.watch('email');
  const password = form.watch('password');
  const canSubmit = email.trim() !== '' && password !== '' && !submitting;
  const error = serverError(form);
  useDocumentTitle('Admin Login');

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    try {
      await signIn(email, password);
      setSignedIn(true);
    } catch (failure) {
      form.setError(SERVER_ERROR, { message: failure instanceof Error ? failure.message : String(failure) });
    }
  });

  return (
    <div className="login-page">
      <Card className="login-card">
        <div className="login-mark" aria-hidden="true">
          <LockIcon />
        </div>
        <h1>Admin Login</h1>
        <p className="login-intro">Please sign in to access the admin area</p>
        {notice ? (
          <p className="alert login-notice" role="status">
            {notice}
          </p>
        ) : null}
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={submitting}>
          <Field label="Email">
            <input
              type="email"
              autoComplete="username"
              placeholder="Enter your email"
              {...form.register('email')}
              disabled={submitting}
              required
            />
          </Field>
          <Field label="Password">
            <input
              type="password"
              autoComplete="current-password"
              placeholder="Enter your password"
              {...form.register('password')}
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
