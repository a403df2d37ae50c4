import type { FirebaseOptions } from '@firebase/app';
import type { Auth } from '@firebase/auth';
import { NO_REPLY_AFTER_MS } from '../device/network.js';

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

/**
 * The last sign-in configuration this device received, so that a page opened without a network (the
 * door phone reloaded offline, issue 24 item 3) can still start the library and restore the session
 * kept in IndexedDB. In localStorage rather than only in the door's service worker: the first visit
 * fetches the configuration before any worker is there to keep it, and a network lost right after
 * that visit would otherwise leave the door saying 'Sign-in is unavailable' at its next reload. The
 * configuration is public (Hosting serves it to anyone); nothing about the person is kept here.
 */
export const SIGN_IN_CONFIG_KEY = 'zion-sign-in-config';
/** The part of Storage the kept copy needs (localStorage in the site; a map in tests). */
type ConfigStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * A sign-in configuration, or null for anything else: not JSON, or JSON without an API key (a
 * captive portal's page answered with 200, a damaged copy).
 */
function asConfig(text: string | null | undefined): FirebaseOptions | null {
  if (!text) return null;
  try {
    const config = JSON.parse(text) as unknown;
    return config && typeof config === 'object' && typeof (config as FirebaseOptions).apiKey === 'string' ? (config as FirebaseOptions) : null;
  } catch {
    return null;
  }
}

function keptConfig(storage: ConfigStorage | undefined): FirebaseOptions | null {
  try {
    return asConfig(storage?.getItem(SIGN_IN_CONFIG_KEY));
  } catch {
    // Storage refused while reading: as if nothing was kept.
    return null;
  }
}

function pageStorage(): ConfigStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage refused (private mode): the configuration comes from the network only.
    return undefined;
  }
}

/**
 * The sign-in configuration: from the network whenever it answers with one (and then kept on the
 * device); the kept copy when the network fails, does not answer in time, or answers with something
 * that is not a configuration (a captive portal's page). An answer other than 200 is the site saying
 * it has no configuration, which no kept copy should hide.
 */
export async function loadSignInConfig(
  fetchConfig: typeof fetch = fetch,
  storage: ConfigStorage | undefined = pageStorage(),
): Promise<FirebaseOptions> {
  const kept = keptConfig(storage);
  let response: Response;
  let text: string;
  try {
    // A time limit only with a copy to fall back on: a first visit on a slow network waits.
    const signal = kept ? AbortSignal.timeout(NO_REPLY_AFTER_MS) : undefined;
    response = await fetchConfig(FIREBASE_CONFIG_URL, { credentials: 'omit', signal });
    text = response.ok ? await response.text() : '';
  } catch (error) {
    if (kept) return kept;
    throw error;
  }
  if (!response.ok) throw new Error(`Could not load the sign-in configuration (${response.status})`);
  const config = asConfig(text);
  if (!config) {
    if (kept) return kept;
    throw new Error('Could not load the sign-in configuration (the answer is not one)');
  }
  try {
    storage?.setItem(SIGN_IN_CONFIG_KEY, text);
  } catch {
    // Storage full or refused: this page still starts; only an offline start later will not.
  }
  return config;
}

let authPromise: Promise<Auth> | null = null;

async function initialise(): Promise<Auth> {
  // The configuration and both libraries at once: three requests side by side, not in a row.
  const [config, { initializeApp }, { connectAuthEmulator, indexedDBLocalPersistence, initializeAuth }] = await Promise.all([
    loadSignInConfig(),
    import('@firebase/app'),
    authLibrary(),
  ]);
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
