import { createContext, useContext } from 'react';
import type { User } from '@firebase/auth';
import type { TokenSource } from '../api/client.js';

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn' | 'unavailable';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Signs in with e-mail and password; rejects with a readable message. */
  signIn: (email: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
  /** The current user's ID token for authenticated API calls, or null. */
  getIdToken: TokenSource;
  retry: () => void;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
