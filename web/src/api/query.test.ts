import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { clearAttendeeLists, rememberedSession } from '../device/store.js';
import { ApiError } from './client.js';
import { createQueryClient, sessionQuery, shouldRetry } from './query.js';

describe('query cache defaults', () => {
  it('retries network failures and 5xx a couple of times, never a 4xx', () => {
    expect(shouldRetry(0, new ApiError('x', 0))).toBe(true);
    expect(shouldRetry(1, new ApiError('x', 503))).toBe(true);
    expect(shouldRetry(2, new ApiError('x', 503))).toBe(false);
    expect(shouldRetry(0, new ApiError('x', 404))).toBe(false);
    expect(shouldRetry(0, new ApiError('x', 403))).toBe(false);
    expect(shouldRetry(0, new Error('bug'))).toBe(false);
  });

  it('the session query is keyed by the user and asks the client', async () => {
    const options = sessionQuery({ getSession: async () => ({ email: 'a@example.org', role: 'staff' }) }, 'uid-1');
    expect(options.queryKey).toEqual(['session', 'uid-1']);
    const client = createQueryClient();
    await expect(client.fetchQuery(options)).resolves.toEqual({ email: 'a@example.org', role: 'staff' });
  });

  // Issue 24 item 3: the door reopens after a reload without a network with the session it last had.
  it('without a network, the door gets the session kept on the device; the dashboard, other users and other failures do not', async () => {
    const session = { email: 'door@example.org', role: 'staff' } as const;
    await createQueryClient().fetchQuery(sessionQuery({ getSession: async () => session }, 'uid-door'));
    await expect.poll(() => rememberedSession('uid-door')).toEqual(session);

    const offline = { getSession: async () => Promise.reject(new ApiError('Network error', 0)) };
    const noRetry = (options: ReturnType<typeof sessionQuery>) => ({ ...options, retry: false });
    await expect(createQueryClient().fetchQuery(noRetry(sessionQuery(offline, 'uid-door', true)))).resolves.toEqual(session);
    await expect(createQueryClient().fetchQuery(noRetry(sessionQuery(offline, 'uid-door')))).rejects.toMatchObject({ code: 'NETWORK' });
    await expect(createQueryClient().fetchQuery(noRetry(sessionQuery(offline, 'uid-other', true)))).rejects.toMatchObject({ code: 'NETWORK' });
    const refused = { getSession: async () => Promise.reject(new ApiError('Forbidden', 403, 'no role', undefined, 'FORBIDDEN')) };
    await expect(createQueryClient().fetchQuery(noRetry(sessionQuery(refused, 'uid-door', true)))).rejects.toMatchObject({ code: 'FORBIDDEN' });

    // Signed out, the device forgets it.
    await clearAttendeeLists();
    await expect(createQueryClient().fetchQuery(noRetry(sessionQuery(offline, 'uid-door', true)))).rejects.toMatchObject({ code: 'NETWORK' });
  });
});
