import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
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
import { ForgotPassword } from '../../auth/ForgotPassword.js';
import { RESET_TEXT } from '../../auth/passwordReset.js';
import { MarkedText } from '../../ui/MarkedText.js';
import { StateBlock } from '../../ui/StateBlock.js';
import {
  acceptFailure,
  authFailure,
  checkMailboxText,
  credentialsProblem,
  INVITATION_TEXT,
  invitationRoleText,
  inviteRoleOf,
  inviteTokenOf,
  needsVerification,
  verificationSendFailure,
  VERIFY_POLL_MS,
  type AuthMode,
} from './invitation.js';
import './invitation.css';

/**
 * The admin invitation screen at /admin?invite=TOKEN (SPEC §2, §4, §8), inside the staff shell
 * but outside its gate: the invited person signs in or creates an account here, and the
 * invitation is then accepted with their ID token (never the token alone: DESIGN §2). An
 * account whose address is not verified yet is sent the verification e-mail and the screen
 * waits for its link to be opened (issue 23 item 5: accepting needs a proven mailbox).
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = inviteTokenOf(params);
  const text = invitationRoleText(inviteRoleOf(params));
  const { status, user, retry } = useAuth();
  useDocumentTitle(text.heading);

  let body;
  if (!token) {
    body = (
      <>
        <p className="alert alert-error" role="alert">
          <MarkedText text={INVITATION_TEXT.invalidLink} />
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
    body = <AcceptInvitation key={user.uid} token={token} user={user} processing={text.processing} />;
  } else {
    body = <SignInForInvitation found={text.found} />;
  }

  return (
    <div className="invitation-page">
      <Card className="invitation-card">
        <h1>{text.heading}</h1>
        {body}
      </Card>
    </div>
  );
}

/** E-mail and password, signing in or creating the account (SPEC §2), and what happens next.
 * Uncontrolled fields: a controlled one's value is copied into its value attribute, readable by CSS (issue 23 item 7). */
function SignInForInvitation({ found }: { found: string }) {
  const id = useId();
  const [mode, setMode] = useState<AuthMode>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // 'Forgot password?' (issue 27 item 1): its link comes back to this invitation once the password is new.
  const [forgot, setForgot] = useState(false);
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

  const choose = (next: AuthMode) => {
    setMode(next);
    setMessage(null);
  };

  return (
    <>
      <p className="alert invitation-found" role="status">
        <MarkedText text={found} />
      </p>
      {/* Both paths, plainly (issue 27 item 2): a project with e-mail enumeration protection (the
          default for new ones) never says an account is missing, so the screen cannot switch by itself. */}
      {forgot ? null : (
        <div className="invitation-choice" role="group" aria-label={INVITATION_TEXT.accountChoice}>
          <button type="button" className="btn btn-small" aria-pressed={!signUp} onClick={() => choose('signIn')} disabled={busy}>
            {INVITATION_TEXT.haveAccount}
          </button>
          <button type="button" className="btn btn-small" aria-pressed={signUp} onClick={() => choose('signUp')} disabled={busy}>
            {INVITATION_TEXT.createAccount}
          </button>
        </div>
      )}
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
      <form className="invitation-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy} aria-labelledby={`${id}-mode`}>
        <h2 id={`${id}-mode`} className="invitation-mode">
          {signUp ? 'Create an account' : 'Sign in'}
        </h2>
        <Field label="Email">
          <input type="email" autoComplete="username" placeholder="Enter your email" onChange={(e) => setEmail(e.target.value)} disabled={busy} required />
        </Field>
        <Field label="Password" hint={signUp ? `At least ${MIN_PASSWORD_LENGTH} characters.` : undefined}>
          <input
            type="password"
            autoComplete={signUp ? 'new-password' : 'current-password'}
            placeholder={signUp ? 'Choose a password' : 'Enter your password'}
            onChange={(e) => setPassword(e.target.value)}
            disabled={busy}
            required
          />
        </Field>
        <div role="alert" className="invitation-message">
          {message ? <p className="alert alert-error">
              <MarkedText text={message} />
            </p> : null}
        </div>
        <button type="submit" className="btn btn-primary invitation-submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? (signUp ? 'Creating Account...' : 'Signing In...') : signUp ? 'Create Account' : 'Sign In'}
        </button>
        {signUp ? null : (
          <button type="button" className="link-button" onClick={() => setForgot(true)} disabled={busy}>
            {RESET_TEXT.forgot}
          </button>
        )}
      </form>
      )}
      <section className="invitation-next" aria-labelledby={`${id}-next`}>
        <h2 id={`${id}-next`}>{INVITATION_TEXT.nextSteps}</h2>
        <ol>
          <li>Sign in, or create an account, with the e-mail address the invitation was sent to.</li>
          <li>If that address is not verified yet, open the link in the verification e-mail we send you.</li>
          <li>Your invitation is accepted automatically.</li>
          <li>You are taken to the admin dashboard.</li>
        </ol>
      </section>
    </>
  );
}

/**
 * Signed in: 'Processing Admin Invitation' with the account's e-mail; the accept call goes out
 * once, with the ID token. The API refuses an account whose address is not verified (403
 * EMAIL_NOT_VERIFIED): the screen then sends the verification e-mail, waits for the link to be
 * opened, and accepts again with a fresh token. It asks the API first, so a dead link or another
 * account is told so at once, with no e-mail sent. On success the cached session (and role) is
 * dropped, so the dashboard asks GET /session again and shows the new role.
 */
function AcceptInvitation({ token, user, processing }: { token: string; user: User; processing: string }) {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const sent = useRef<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  // Once the screen has seen the address verified, a second 'not verified' is an error to show, not another wait.
  const verifiedHere = useRef(false);

  const accept = useMutation({
    mutationFn: (body: AcceptInviteRequest) => api.request<AcceptInviteReply>('/admin/accept-invite', { method: 'POST', body }, ADMIN_MESSAGES.acceptFailed),
    onSuccess: () => queryClient.removeQueries({ queryKey: ['session'] }),
    onError: (error) => {
      if (needsVerification(error) && !verifiedHere.current) setVerifying(true);
    },
  });
  const { mutate } = accept;
  const acceptNow = useCallback(() => mutate({ inviteToken: token, ...(user.email ? { userEmail: user.email } : {}) }), [mutate, token, user.email]);

  // Once per account and token (React may run effects twice while developing).
  useEffect(() => {
    const key = `${user.uid}:${token}`;
    if (sent.current === key) return;
    sent.current = key;
    acceptNow();
  }, [acceptNow, token, user.uid]);

  const acceptVerified = useCallback(() => {
    verifiedHere.current = true;
    setVerifying(false);
    acceptNow();
  }, [acceptNow]);

  useEffect(() => {
    if (!accept.isSuccess) return;
    const timer = setTimeout(() => void navigate(ROUTES.admin, { replace: true }), INVITE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [accept.isSuccess, navigate]);

  const otherAccount = (
    <button type="button" className="btn btn-primary" onClick={() => void signOut()}>
      {INVITATION_TEXT.anotherAccount}
    </button>
  );

  return (
    <div className="invitation-processing">
      <h2>{processing}</h2>
      <p className="invitation-account">
        Signed in as <strong>{user.email}</strong>
      </p>
      {accept.isSuccess ? (
        <p className="alert alert-success" role="status">
          <MarkedText text={invitationRoleText(accept.data?.role).welcome} />
        </p>
      ) : verifying ? (
        <VerifyMailbox user={user} onVerified={acceptVerified} otherAccount={otherAccount} />
      ) : accept.isError ? (
        <>
          <p className="alert alert-error" role="alert">
            <MarkedText text={acceptFailure(accept.error)} />
          </p>
          <div className="invitation-actions">
            {otherAccount}
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

type SendState = { kind: 'sending' | 'sent' | 'resent' } | { kind: 'failed'; message: string };

/**
 * 'Check your mailbox': the verification e-mail goes out once on arrival (Firebase Auth sends it;
 * locally the Auth emulator's link shows in the local mailbox), unless the address turns out to
 * be verified already. The account is then reloaded every few seconds and whenever the person
 * returns to this tab; once verified, a fresh ID token (now with email_verified) is fetched and
 * the invitation accepted. The e-mail can be sent again.
 */
function VerifyMailbox({ user, onVerified, otherAccount }: { user: User; onVerified: () => void; otherAccount: ReactNode }) {
  const [send, setSend] = useState<SendState>({ kind: 'sending' });
  const done = useRef(false);
  const started = useRef(false);

  /** Whether the link has been opened: the account reloaded, then a fresh token for the API. */
  const check = useCallback(async () => {
    if (done.current) return;
    try {
      await user.reload();
    } catch {
      return; // Offline for a moment: the next check tries again.
    }
    if (!user.emailVerified || done.current) return;
    done.current = true;
    try {
      await user.getIdToken(true);
    } catch {
      done.current = false;
      return;
    }
    onVerified();
  }, [user, onVerified]);

  const sendMail = useCallback(
    async (again: boolean) => {
      setSend({ kind: 'sending' });
      try {
        const { sendEmailVerification } = await authLibrary();
        // The link comes back to this invitation (the console's action URL page reads continueUrl: issue 27 item 1).
        await sendEmailVerification(user, { url: window.location.href });
        setSend({ kind: again ? 'resent' : 'sent' });
      } catch (error) {
        setSend({ kind: 'failed', message: verificationSendFailure(error) });
      }
    },
    [user],
  );

  // On arrival: verified meanwhile (another tab, an earlier visit)? Else the e-mail goes out, once.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      await check();
      if (!done.current) await sendMail(false);
    })();
  }, [check, sendMail]);

  useEffect(() => {
    const timer = setInterval(() => void check(), VERIFY_POLL_MS);
    const onReturn = () => {
      if (document.visibilityState !== 'hidden') void check();
    };
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [check]);

  return (
    <div className="invitation-verify">
      <p className="alert invitation-found">
        <MarkedText text={checkMailboxText(user.email)} />
      </p>
      <Spinner label={send.kind === 'sending' ? INVITATION_TEXT.sendingVerification : INVITATION_TEXT.waitingForVerification} />
      <div role="alert" className="invitation-message">
        {send.kind === 'failed' ? <p className="alert alert-error">
            <MarkedText text={send.message} />
          </p> : null}
      </div>
      <p role="status" className="invitation-resent">
        {send.kind === 'resent' ? INVITATION_TEXT.verificationResent : null}
      </p>
      <div className="invitation-actions">
        <button type="button" className="btn btn-outline" onClick={() => void sendMail(true)} disabled={send.kind === 'sending'}>
          {INVITATION_TEXT.resendVerification}
        </button>
        {otherAccount}
      </div>
    </div>
  );
}
