import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PROJECT_NAME } from '@shared/constants.js';
import { useTheme } from '../theme/ThemeContext.js';
import { useAuth } from './AuthContext.js';
import './auth.css';

/** The staff/admin header: site name, page title, the signed-in e-mail and a Logout button. */
export function SignedInHeader({ title, children }: { title: string; children?: ReactNode }) {
  const { user, signOut } = useAuth();
  const theme = useTheme();
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    setBusy(true);
    try {
      await signOut();
    } finally {
      setBusy(false);
    }
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
          <LogoutButton onClick={logout} busy={busy} />
        </div>
      </div>
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
