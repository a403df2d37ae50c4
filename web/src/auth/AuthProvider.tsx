import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Auth, User } from '@firebase/auth';
import { MESSAGES } from '@shared/messages.js';
import { ApiError } from '../api/client.js';
import { AuthContext, type AuthState, type AuthStatus } from './AuthContext.js';
import { authErrorMessage } from './authErrors.js';
import { authLibrary, getFirebaseAuth, rememberSignedIn, signedInHint } from './firebase.js';
import { whenIdle } from './whenIdle.js';

export function AuthProvider({ children }: { children: ReactNode }) {
  const [auth, setAuth] = useState<Auth | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [user, setUser] = useState<User | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    const start = () => {
      Promise.all([getFirebaseAuth(), authLibrary()])
        .then(([instance, { onAuthStateChanged }]) => {
          if (cancelled) return;
          setAuth(instance);
          unsubscribe = onAuthStateChanged(instance, (next) => {
            rememberSignedIn(Boolean(next));
            setUser(next);
            setStatus(next ? 'signedIn' : 'signedOut');
          });
        })
        .catch(() => {
          if (!cancelled) setStatus('unavailable');
        });
    };
    // Someone signed in here last time (or a retry): their session decides what shows, so the
    // library loads at once. Otherwise the login form shows either way, and the library (about
    // 45 KB) loads once the page is idle or someone starts on the form, instead of competing with
    // the form's first paint on a slow phone. A submit before that loads it itself (signIn).
    let stopWaiting: (() => void) | undefined;
    if (signedInHint() || attempt > 0) start();
    else stopWaiting = whenIdle(start);
    return () => {
      cancelled = true;
      stopWaiting?.();
      unsubscribe?.();
    };
  }, [attempt]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      // The form shows before the library is here: a quick first submit waits for it.
      const [instance, { signInWithEmailAndPassword }] = await Promise.all([auth ?? getFirebaseAuth(), authLibrary()]);
      try {
        await signInWithEmailAndPassword(instance, email.trim(), password);
      } catch (error) {
        throw new Error(authErrorMessage(error));
      }
    },
    [auth],
  );

  const signOut = useCallback(async () => {
    if (auth) await (await authLibrary()).signOut(auth);
  }, [auth]);

  const getIdToken = useCallback(async () => {
    try {
      return (await auth?.currentUser?.getIdToken()) ?? null;
    } catch (error) {
      // An expired token not renewed for want of a network is a network failure (api/client.ts), not a
      // sign-out: a door offline for over an hour keeps queueing check-ins (issue 24 item 4).
      if ((error as { code?: unknown } | null)?.code === 'auth/network-request-failed') throw new ApiError(MESSAGES.networkError, 0);
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
