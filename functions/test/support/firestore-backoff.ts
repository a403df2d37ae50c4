import { createRequire } from 'node:module';

/**
 * The Firestore client waits 1 s, then 1.5 s, 2.25 s… (with up to as much again of jitter) before
 * it retries a transaction the emulator aborted for contention. Production keeps those waits; here
 * they are a tenth as long, with the same shape (exponential, jittered), so a test whose request
 * meets the outbox worker on the same document takes 0.3 s rather than 3.3 s. The contention, the
 * abort and the retry are still the emulator's and the SDK's own: only the pause between tries is
 * shorter. The SDK offers this hook for its own tests (`setTimeoutHandler`, backoff.js).
 */
const require = createRequire(import.meta.url);
const backoff = require('@google-cloud/firestore/build/src/backoff.js') as {
  setTimeoutHandler(handler: (callback: () => void, ms: number) => void): void;
};
export const RETRY_PAUSE_SCALE = 0.1;
backoff.setTimeoutHandler((callback, ms) => setTimeout(callback, ms * RETRY_PAUSE_SCALE));
