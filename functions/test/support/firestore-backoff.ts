import { createRequire } from 'node:module';

/**
 * The Firestore client waits 1 s, then 1.5 s, 2.25 s… (with up to as much again of jitter) before
 * it retries a transaction the emulator aborted for contention. Production keeps those waits; here
 * they are a tenth as long, with the same shape (exponential, jittered). A test whose request meets
 * the outbox worker on the same document still waits the emulator's own 2 s lock timeout (fixed in
 * its jar), then 0.1-0.2 s rather than 1-2 s: 2.4 s rather than 3.3 s, measured. The contention,
 * the abort and the retry are still the emulator's and the SDK's own: only the pause between tries
 * is shorter. The SDK offers this hook for its own tests (`setTimeoutHandler`, backoff.js).
 */
const require = createRequire(import.meta.url);
const backoff = require('@google-cloud/firestore/build/src/backoff.js') as {
  setTimeoutHandler(handler: (callback: () => void, ms: number) => void): void;
};
const RETRY_PAUSE_SCALE = 0.1;
backoff.setTimeoutHandler((callback, ms) => setTimeout(callback, ms * RETRY_PAUSE_SCALE));
