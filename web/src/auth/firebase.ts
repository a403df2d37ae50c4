import { initializeApp, type FirebaseOptions } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';

/** Hosting (and its emulator) serves the project's web config here (DESIGN §5). */
export const FIREBASE_CONFIG_URL = '/__/firebase/init.json';
export const AUTH_EMULATOR_PORT = 9099;

/** Local demo projects (projectId 'demo-...') talk to the Auth emulator. */
export function usesEmulator(config: Pick<FirebaseOptions, 'projectId'>): boolean {
  return typeof config.projectId === 'string' && config.projectId.startsWith('demo-');
}

let authPromise: Promise<Auth> | null = null;

async function initialise(): Promise<Auth> {
  const response = await fetch(FIREBASE_CONFIG_URL, { credentials: 'omit' });
  if (!response.ok) throw new Error(`Could not load the sign-in configuration (${response.status})`);
  const config = (await response.json()) as FirebaseOptions;
  const app = initializeApp(config);
  // getAuth() would also set up popup/redirect sign-in, which on phones and Safari loads
  // Google's iframe and script at once: not used here (e-mail and password only), and refused by
  // the site's Content-Security-Policy. The persistence is getAuth()'s.
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence] });
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
