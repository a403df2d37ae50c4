import type { ReactNode } from 'react';
import { Card } from '../ui/Card.js';
import { LockIcon } from '../ui/icons.js';
import './auth.css';

/** The frame of the sign-in screens: the login, a password reset link's page, an address verification's. */
export function SignInCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="login-page">
      <Card className="login-card">
        <div className="login-mark" aria-hidden="true">
          <LockIcon />
        </div>
        <h1>{title}</h1>
        {children}
      </Card>
    </div>
  );
}
