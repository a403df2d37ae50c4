import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@firebase/auth';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ADMIN_MESSAGES, type AcceptInviteReply, type AcceptInviteRequest } from '@shared/admins-model.js';
import { INVITE_REDIRECT_MS, MIN_PASSWORD_LENGTH } from '@shared/constants.js';
import { useAuth } from '../../auth/AuthContext.js';
import { authLibrary, getFirebaseAuth } from '../../auth/firebase.js';
import { useStaffApi } from '../../staff/StaffContext.js';
import { useDocumentTitle } from '../../theme/ThemeContext.js';
import { Card } from '../../ui/Card.js';
import { Field } from '../../ui/Field.js';
import { Spinner } from '../../ui/Spinner.js';
import { ROUTES } from '../../routes.js';
import { StateBlock } from '../../ui/StateBlock.js';
import { acceptFailure, authFailure, credentialsProblem, INVITATION_TEXT, inviteTokenOf, type AuthMode } from './invitation.js';
import './invitation.css';

/**
 * The admin invitation screen at /admin?invite=TOKEN (SPEC §2, §4, §8), inside the staff shell
 * but outside its gate: the invited person signs in or creates an account here, and the
 * invitation is then accepted with their ID token (never the token alone: DESIGN §2).
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = inviteTokenOf(params);
  const { status, user, retry } = useAuth();
  useDocumentTitle(INVITATION_TEXT.heading);

  let body;
  if (!token) {
    body = (
      <>
        <p className="alert alert-error" role="alert">
          {INVITATION_TEXT.invalidLink}
        </p>
        <Link className="btn btn-primary" to="/">
          Return Home
        </Link>
      </>
    );
  } else if (status === 'loading') {
    body = <Spinner label="Checking authentication..." />;
  } else if (status === 'unavailable') {
    body = <StateBlock kind="error" message="Sign-in is unavailable right now. Please check your connection and try again." onRetry={retry} />;
  } else if (status === 'signedIn' && user) {
    body = <AcceptInvitation token={token} user={user} />;
  } else {
    body = <SignInForInvitation />;
  }

  return (
    <div className="invitation-page">
      <Card className="invitation-card">
        <h1>{INVITATION_TEXT.heading}</h1>
        {body}
      </Card>
    </div>
  );
}

/** E-mail and password, signing in or creating the account (SPEC §2), and what happens next. */
function SignInForInvitation() {
  const id = useId();
  const [mode, setMode] = useState<AuthMode>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signUp = mode === 'signUp';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = credentialsProblem(email, password, mode);
    if (problem) {
      setMessage(problem);
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const [auth, { createUserWithEmailAndPassword, signInWithEmailAndPassword }] = await Promise.all([getFirebaseAuth(), authLibrary()]);
      if (signUp) await createUserWithEmailAndPassword(auth, email.trim(), password);
      else await signInWithEmailAndPassword(auth, email.trim(), password);
      // Signed in: the screen moves on to accepting as soon as auth reports the user.
    } catch (error) {
      const failure = authFailure(error);
      setMessage(failure.message);
      if (failure.mode) setMode(failure.mode);
      setBusy(false);
    }
  };

  const toggle = () => {
    setMode(signUp ? 'signIn' : 'signUp');
    setMessage(null);
  };

  return (
    <>
      <p className="alert invitation-found" role="status">
        {INVITATION_TEXT.found}
      </p>
      <form className="invitation-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy} aria-labelledby={`${id}-mode`}>
        <h2 id={`${id}-mode`} className="invitation-mode">
          {signUp ? 'Create an account' : 'Sign in'}
        </h2>
        <Field label="Email">
          <input type="email" autoComplete="username" placeholder="Enter your email" value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} required />
        </Field>
        <Field label="Password" hint={signUp ? `At least ${MIN_PASSWORD_LENGTH} characters.` : undefined}>
          <input
            type="password"
            autoComplete={signUp ? 'new-password' : 'current-password'}
            placeholder={signUp ? 'Choose a password' : 'Enter your password'}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={busy}
            required
          />
        </Field>
        <div role="alert" className="invitation-message">
          {message ? <p className="alert alert-error">{message}</p> : null}
        </div>
        <button type="submit" className="btn btn-primary invitation-submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? (signUp ? 'Creating Account...' : 'Signing In...') : signUp ? 'Create Account' : 'Sign In'}
        </button>
      </form>
      <p className="invitation-toggle">
        {signUp ? 'Already have an account?' : "Don't have an account yet?"}{' '}
        <button type="button" className="invitation-link" onClick={toggle} disabled={busy}>
          {signUp ? 'Sign in instead' : 'Create an account'}
        </button>
      </p>
      <section className="invitation-next" aria-labelledby={`${id}-next`}>
        <h2 id={`${id}-next`}>{INVITATION_TEXT.nextSteps}</h2>
        <ol>
          <li>Sign in, or create an account, with the e-mail address the invitation was sent to.</li>
          <li>Your invitation is accepted automatically.</li>
          <li>You are taken to the admin dashboard.</li>
        </ol>
      </section>
    </>
  );
}

/**
 * Signed in: 'Processing Admin Invitation' with the account's e-mail; the accept call goes out
 * once, with the ID token. On success the cached session (and role) is dropped, so the
 * dashboard asks GET /session again and shows the new role.
 */
function AcceptInvitation({ token, user }: { token: string; user: User }) {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const sent = useRef<string | null>(null);

  const accept = useMutation({
    mutationFn: (body: AcceptInviteRequest) => api.request<AcceptInviteReply>('/admin/accept-invite', { method: 'POST', body }, ADMIN_MESSAGES.acceptFailed),
    onSuccess: () => queryClient.removeQueries({ queryKey: ['session'] }),
  });
  const { mutate } = accept;

  // Once per account and token (React may run effects twice while developing).
  useEffect(() => {
    const key = `${user.uid}:${token}`;
    if (sent.current === key) return;
    sent.current = key;
    mutate({ inviteToken: token, ...(user.email ? { userEmail: user.email } : {}) });
  }, [mutate, token, user.uid, user.email]);

  useEffect(() => {
    if (!accept.isSuccess) return;
    const timer = setTimeout(() => void navigate(ROUTES.admin, { replace: true }), INVITE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [accept.isSuccess, navigate]);

  return (
    <div className="invitation-processing">
      <h2>{INVITATION_TEXT.processing}</h2>
      <p className="invitation-account">
        Signed in as <strong>{user.email}</strong>
      </p>
      {accept.isSuccess ? (
        <p className="alert alert-success" role="status">
          {INVITATION_TEXT.welcome}
        </p>
      ) : accept.isError ? (
        <>
          <p className="alert alert-error" role="alert">
            {acceptFailure(accept.error)}
          </p>
          <div className="invitation-actions">
            <button type="button" className="btn btn-primary" onClick={() => void signOut()}>
              Use another account
            </button>
            <Link className="btn btn-outline" to="/">
              Return Home
            </Link>
          </div>
        </>
      ) : (
        <Spinner label="Accepting invitation..." />
      )}
    </div>
  );
}
