import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { onAuthStateChanged, signInWithEmailAndPassword, signOut as firebaseSignOut, type Auth, type User } from 'firebase/auth';
import { AuthContext, type AuthState, type AuthStatus } from './AuthContext.js';
import { authErrorMessage } from './authErrors.js';
import { getFirebaseAuth } from './firebase.js';

export function AuthProvider({ children }: { children: ReactNode }) {
  const [auth, setAuth] = useState<Auth | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [user, setUser] = useState<User | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    getFirebaseAuth()
      .then((instance) => {
        if (cancelled) return;
        setAuth(instance);
        unsubscribe = onAuthStateChanged(instance, (next) => {
          setUser(next);
          setStatus(next ? 'signedIn' : 'signedOut');
        });
      })
      .catch(() => {
        if (!cancelled) setStatus('unavailable');
      });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [attempt]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const instance = auth ?? (await getFirebaseAuth());
      try {
        await signInWithEmailAndPassword(instance, email.trim(), password);
      } catch (error) {
        throw new Error(authErrorMessage(error));
      }
    },
    [auth],
  );

  const signOut = useCallback(async () => {
    if (auth) await firebaseSignOut(auth);
  }, [auth]);

  const getIdToken = useCallback(async () => {
    try {
      return (await auth?.currentUser?.getIdToken()) ?? null;
    } catch {
      return null;
    }
  }, [auth]);

  const retry = useCallback(() => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  }, []);

  const value = useMemo<AuthState>(
    () => ({ status, user, signIn, signOut, getIdToken, retry }),
    [status, user, signIn, signOut, getIdToken, retry],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
