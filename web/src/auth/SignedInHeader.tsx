import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PROJECT_NAME } from '@shared/constants.js';
import { clearDeviceData, unsyncedCheckInCount } from '../device/store.js';
import { useTheme } from '../theme/ThemeContext.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { useAuth } from './AuthContext.js';
import './auth.css';

/** The staff/admin header: site name, page title, the signed-in e-mail and a Logout button. */
export function SignedInHeader({ title, children }: { title: string; children?: ReactNode }) {
  const { user, signOut } = useAuth();
  const theme = useTheme();
  const [busy, setBusy] = useState(false);
  // Check-ins admitted offline and not yet sent: logging out would delete them with the device data.
  const [unsynced, setUnsynced] = useState(0);
  const signOutNow = async () => {
    setBusy(true);
    try {
      await signOut();
      // A logout the staff member chose (and confirmed, when check-ins were waiting): nothing stays.
      await clearDeviceData().catch(() => undefined);
    } finally {
      setBusy(false);
      setUnsynced(0);
    }
  };
  const logout = async () => {
    const waiting = await unsyncedCheckInCount().catch(() => 0);
    if (waiting > 0) setUnsynced(waiting);
    else await signOutNow();
  };
  return (
    <header className="staff-header">
      <div className="staff-header-inner">
        <div className="staff-title">
          <Link to="/" className="staff-site">
            {theme.siteName.trim() || PROJECT_NAME}
          </Link>
          <h1>{title}</h1>
        </div>
        <div className="staff-user">
          {children}
          <span className="staff-email" title="Signed in as">
            {user?.email ?? ''}
          </span>
          <LogoutButton onClick={() => void logout()} busy={busy} />
        </div>
      </div>
      <ConfirmDialog
        open={unsynced > 0}
        title="Check-ins not yet synced"
        tone="danger"
        confirmLabel="Log out anyway"
        cancelLabel="Stay signed in"
        busy={busy}
        onConfirm={() => void signOutNow()}
        onCancel={() => setUnsynced(0)}
      >
        {unsyncedText(unsynced)}
      </ConfirmDialog>
    </header>
  );
}

export function LogoutButton({ onClick, busy = false, className = 'btn btn-outline btn-small' }: { onClick: () => void; busy?: boolean; className?: string }) {
  return (
    <button type="button" className={className} onClick={onClick} disabled={busy}>
      Logout
    </button>
  );
}

/** The warning before a logout would delete check-ins that never reached the server. */
export function unsyncedText(count: number): string {
  const what = count === 1 ? '1 check-in admitted offline has' : `${count} check-ins admitted offline have`;
  return `${what} not reached the server yet. Logging out deletes ${count === 1 ? 'it' : 'them'} from this device: stay signed in until the connection returns.`;
}
