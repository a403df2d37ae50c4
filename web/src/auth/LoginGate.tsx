import type { ReactNode } from 'react';
import { Spinner } from '../ui/Spinner.js';
import { StateBlock } from '../ui/StateBlock.js';
import { useAuth } from './AuthContext.js';
import { LoginScreen } from './LoginScreen.js';
import './auth.css';

/** 'Checking authentication...' while auth loads, the login screen when signed out, else the content. */
/** `notice`: what the signed-out visitor is missing here (the check-in screen says check-in is disabled). */
export function LoginGate({ children, notice }: { children: ReactNode; notice?: string }) {
  const { status, retry } = useAuth();
  if (status === 'loading') {
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
  if (status === 'signedOut') return <LoginScreen notice={notice} />;
  return <>{children}</>;
}
