import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '../ui/Spinner.js';
import { StateBlock } from '../ui/StateBlock.js';
import { useAuth } from './AuthContext.js';
import { signedInHint } from './firebase.js';
import { LoginScreen, type LoginRole } from './LoginScreen.js';
import { continuePathOf, RESET_TEXT, resetCodeOf, verifyCodeOf } from './passwordReset.js';
import { ResetPasswordScreen } from './ResetPasswordScreen.js';
import { VerifyEmailScreen } from './VerifyEmailScreen.js';
import './auth.css';

/**
 * The login screen when signed out, and at once while the sign-in library loads unless someone was
 * signed in on this device last time ('Checking authentication...' then); else the content.
 * `notice`: what the signed-out visitor is missing here; `role`: whose sign-in it is (the door's or the admin area's).
 * `onStart`: called when someone starts filling the form (the shell fetches what follows sign-in).
 */
export function LoginGate({ children, notice, onStart, role }: { children: ReactNode; notice?: string; onStart?: () => void; role?: LoginRole }) {
  const { status, retry } = useAuth();
  // Read once: signing in while the library loads must not swap the form for a spinner.
  const [expectSignedIn] = useState(signedInHint);
  // A password reset e-mail's link opens this page with its code (issue 27 item 1): the new password first,
  // then the page it was asked from, whose sign-in form says the password changed.
  const location = useLocation();
  const navigate = useNavigate();
  const resetCode = resetCodeOf(location.search);
  const passwordChanged = (location.state as { passwordChanged?: boolean } | null)?.passwordChanged === true;
  const verifyCode = verifyCodeOf(location.search);
  // Without the used code in the address: the page the e-mail was asked from, or this one.
  const leave = (state: { passwordChanged: true } | null) =>
    void navigate(continuePathOf(location.search, window.location.origin) ?? location.pathname, { replace: true, state });
  if (resetCode) return <ResetPasswordScreen code={resetCode} onDone={(changed) => leave(changed ? { passwordChanged: true } : null)} />;
  if (verifyCode) return <VerifyEmailScreen code={verifyCode} onContinue={() => leave(null)} />;
  if (status === 'loading' && expectSignedIn) {
    return (
      <div className="gate-state">
        <Spinner label="Checking authentication..." />
      </div>
    );
  }
  if (status === 'unavailable') {
    return (
      <div className="gate-state">
        <StateBlock kind="error" className="gate-card" message="Sign-in is unavailable right now. Please check your connection and try again." onRetry={retry} />
      </div>
    );
  }
  if (status !== 'signedIn') return <LoginScreen notice={passwordChanged ? RESET_TEXT.changed : notice} onStart={onStart} role={role} />;
  return <>{children}</>;
}
