import { useEffect, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { MESSAGES } from '@shared/messages.js';
import { ApiError, errorText } from '../api/client.js';
import { sessionQuery } from '../api/query.js';
import { useAuth } from '../auth/AuthContext.js';
import { LogoutButton } from '../auth/SignedInHeader.js';
import { ROUTES } from '../routes.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Card } from '../ui/Card.js';
import { Spinner } from '../ui/Spinner.js';
import { StateBlock } from '../ui/StateBlock.js';
import { StaffContext, useStaffApi, type StaffState } from './StaffContext.js';
import './staff.css';

export const STAFF_TEXT = {
  checkingAccess: 'Checking access...',
  accessDenied: 'Access denied',
} as const;

/** No role, or the e-mail is not verified: the caller is signed in but may not enter. */
function isDenied(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'FORBIDDEN' || error.code === 'EMAIL_NOT_VERIFIED');
}

/** 401: the token is gone or no longer accepted; signing in again is the way on. */
function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'AUTH_REQUIRED';
}

/**
 * Behind the login gate (StaffShell), GET /session: only a signed-in user with a role gets past
 * it; the rest see 'Access denied' with the server's reason, or the failure with Try again.
 */
export function StaffGate({ children }: { children: ReactNode }) {
  const { user, signOut } = useAuth();
  const api = useStaffApi();
  // The door reopens offline with the session kept on the device (issue 24 item 3); the dashboard does not.
  const door = useLocation().pathname.startsWith(ROUTES.checkin);
  const session = useQuery(sessionQuery(api, user?.uid ?? null, door));
  const signedOut = session.isError && isSignedOut(session.error);

  useEffect(() => {
    if (signedOut) void signOut();
  }, [signedOut, signOut]);

  const value = useMemo<StaffState | null>(() => (session.data ? { session: session.data, role: session.data.role, api } : null), [session.data, api]);

  if (value) return <StaffContext.Provider value={value}>{children}</StaffContext.Provider>;
  if (session.isError && isDenied(session.error)) {
    return <AccessDenied reason={session.error.serverMessage ?? MESSAGES.forbidden} onLogout={() => void signOut()} />;
  }
  if (session.isError && !signedOut) {
    return (
      <div className="staff-state">
        <StateBlock kind="error" message={errorText(session.error, MESSAGES.internal)} onRetry={() => void session.refetch()} />
      </div>
    );
  }
  return (
    <div className="staff-state">
      <Spinner label={STAFF_TEXT.checkingAccess} />
    </div>
  );
}

function AccessDenied({ reason, onLogout }: { reason: string; onLogout: () => void }) {
  useDocumentTitle(STAFF_TEXT.accessDenied);
  return (
    <div className="staff-state">
      <Card className="staff-card">
        <h2>{STAFF_TEXT.accessDenied}</h2>
        <p className="alert alert-error" role="alert">
          {reason}
        </p>
        <LogoutButton className="btn btn-primary" onClick={onLogout} />
      </Card>
    </div>
  );
}
