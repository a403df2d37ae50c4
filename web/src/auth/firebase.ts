import type { FirebaseOptions } from '@firebase/app';
import type { Auth } from '@firebase/auth';

/** Hosting (and its emulator) serves the project's web config here (DESIGN §5). */
export const FIREBASE_CONFIG_URL = '/__/firebase/init.json';
export const AUTH_EMULATOR_PORT = 9099;

/** Local demo projects (projectId 'demo-...') talk to the Auth emulator. */
export function usesEmulator(config: Pick<FirebaseOptions, 'projectId'>): boolean {
  return typeof config.projectId === 'string' && config.projectId.startsWith('demo-');
}

/**
 * The sign-in library, its own chunk: the staff area's screens (the login form first) render
 * without waiting for it, and it loads beside them.
 */
export const authLibrary = () => import('@firebase/auth');

let authPromise: Promise<Auth> | null = null;

async function initialise(): Promise<Auth> {
  // The configuration and both libraries at once: three requests side by side, not in a row.
  const [response, { initializeApp }, { connectAuthEmulator, indexedDBLocalPersistence, initializeAuth }] = await Promise.all([
    fetch(FIREBASE_CONFIG_URL, { credentials: 'omit' }),
    import('@firebase/app'),
    authLibrary(),
  ]);
  if (!response.ok) throw new Error(`Could not load the sign-in configuration (${response.status})`);
  const config = (await response.json()) as FirebaseOptions;
  const app = initializeApp(config);
  // The lightest form of Firebase Auth: getAuth() would also set up popup/redirect sign-in, which
  // loads Google's iframe and script (apis.google.com) on phones and Safari; e-mail and password
  // need neither, and the site's Content-Security-Policy refuses them. The session is kept in
  // IndexedDB only (no resolver, no other persistence to probe).
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence] });
  if (usesEmulator(config)) {
    connectAuthEmulator(auth, `http://${window.location.hostname}:${AUTH_EMULATOR_PORT}`, { disableWarnings: true });
  }
  return auth;
}

/** The Firebase Auth instance, created once; a failed start can be retried. */
export function getFirebaseAuth(): Promise<Auth> {
  if (!authPromise) {
    authPromise = initialise().catch((error: unknown) => {
      authPromise = null;
      throw error;
    });
  }
  return authPromise;
}

/**
 * Whether someone was signed in on this device when the page was last open: the gate then says
 * 'Checking authentication...' while the library loads, and otherwise shows the login form at
 * once. A hint only (localStorage); the library has the last word.
 */
export const SIGNED_IN_HINT_KEY = 'staffSignedIn';

export function signedInHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // Storage refused (private mode): the next visit shows the form first, then the signed-in screen.
  }
}
