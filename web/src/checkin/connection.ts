// Whether the door reaches the server, learnt from its own calls (issue 24 item 4): a reply of any
// kind means reachable; no reply, or none within DOOR_REQUEST_TIMEOUT_MS, means offline.
// navigator.onLine is not asked: some browsers report offline with a working network (and online
// on a dead Wi-Fi), and a door that believed them queued every check-in and never sent one.
import { useSyncExternalStore } from 'react';
import { MESSAGES } from '@shared/messages.js';
import { ApiError } from '../api/client.js';
import { NO_REPLY_AFTER_MS } from '../device/network.js';

/** 'checking' until the door's first call has an answer. */
export type Connection = 'checking' | 'online' | 'offline';

/** How long a door call may take before the door counts the network as gone and carries on offline. */
export const DOOR_REQUEST_TIMEOUT_MS = NO_REPLY_AFTER_MS;

let state: Connection = 'checking';
const listeners = new Set<() => void>();

function become(next: Connection): void {
  if (next === state) return;
  state = next;
  listeners.forEach((listener) => listener());
}

export function connection(): Connection {
  return state;
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The door's connection state, re-rendering when it changes. */
export function useConnection(): Connection {
  return useSyncExternalStore(subscribeConnection, connection, connection);
}

/** For tests: back to the state of a page that has made no call yet. */
export function resetConnection(): void {
  become('checking');
}

/**
 * Makes one door call with a time limit and learns the connection from it. A call the caller
 * aborted stays an abort (it says nothing about the network). A call that outlives the limit is
 * aborted and fails as a network error (ApiError status 0), like one that got no reply at all.
 */
export async function reach<T>(call: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal, timeoutMs: number = DOOR_REQUEST_TIMEOUT_MS): Promise<T> {
  // One controller that the limit and the caller both abort (by hand: AbortSignal.any is missing
  // before Safari 17.4 and Chrome 116, which a door phone may well run).
  const limit = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    limit.abort();
  }, timeoutMs);
  const stop = () => limit.abort(outer?.reason);
  if (outer?.aborted) stop();
  else outer?.addEventListener('abort', stop, { once: true });
  try {
    const value = await call(limit.signal);
    become('online');
    return value;
  } catch (error) {
    if (outer?.aborted) throw error;
    if (timedOut || (error instanceof ApiError && error.isNetworkError)) {
      become('offline');
      throw error instanceof ApiError && error.isNetworkError ? error : new ApiError(MESSAGES.networkError, 0);
    }
    // The server answered (a refusal, a 5xx): it is reachable.
    if (error instanceof ApiError) become('online');
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', stop);
  }
}
