import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.js';
import { connection, reach, resetConnection } from './connection.js';

/** A call that never answers until its signal aborts (a network that swallows requests). */
const hanging = (signal: AbortSignal) =>
  new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

describe('reach: the door learns the connection from its own calls (issue 24 item 4)', () => {
  beforeEach(() => resetConnection());
  afterEach(() => vi.useRealTimers());

  it('starts as checking, and a reply makes it online', async () => {
    expect(connection()).toBe('checking');
    await expect(reach(async () => ({ ok: 1 }))).resolves.toEqual({ ok: 1 });
    expect(connection()).toBe('online');
  });

  it('a call without a reply makes it offline and fails as a network error', async () => {
    await reach(async () => 1);
    const error = await reach(async () => Promise.reject(new ApiError('Network error', 0))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect(connection()).toBe('offline');
  });

  it('a call with no reply within the limit is aborted, makes it offline and fails as a network error', async () => {
    vi.useFakeTimers();
    await reach(async () => 1);
    let seen: AbortSignal | undefined;
    const pending = reach((signal) => {
      seen = signal;
      return hanging(signal);
    }, undefined, 8000).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(7999);
    expect(connection()).toBe('online');
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(seen?.aborted).toBe(true);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect(connection()).toBe('offline');
  });

  it("a refusal is a reply: the server is reached (online), and the refusal is the caller's", async () => {
    await reach(async () => Promise.reject(new ApiError('n', 0))).catch(() => undefined);
    expect(connection()).toBe('offline');
    const refusal = new ApiError('already', 409, 'already', undefined, 'ALREADY_CHECKED_IN');
    await expect(reach(async () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(connection()).toBe('online');
  });

  it("the caller's own abort stays an abort and says nothing about the network", async () => {
    await reach(async () => 1);
    const outer = new AbortController();
    const pending = reach(hanging, outer.signal).catch((e: unknown) => e);
    outer.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(DOMException);
    expect(connection()).toBe('online');
  });

  it('works where AbortSignal.any is missing (Safari before 17.4, Chrome before 116): the call gets a signal the caller aborts', async () => {
    vi.stubGlobal('AbortSignal', Object.assign(Object.create(AbortSignal) as object, { any: undefined }));
    try {
      await reach(async () => 1);
      const outer = new AbortController();
      let seen: AbortSignal | undefined;
      const pending = reach((signal) => {
        seen = signal;
        return hanging(signal);
      }, outer.signal).catch((e: unknown) => e);
      outer.abort();
      expect(await pending).toBeInstanceOf(DOMException);
      expect(seen?.aborted).toBe(true);
      expect(connection()).toBe('online');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a caller that aborted before the call passes on an aborted signal', async () => {
    const outer = new AbortController();
    outer.abort();
    let seen: AbortSignal | undefined;
    await reach(async (signal) => {
      seen = signal;
      throw new DOMException('aborted', 'AbortError');
    }, outer.signal).catch(() => undefined);
    expect(seen?.aborted).toBe(true);
    expect(connection()).toBe('checking');
  });
});
