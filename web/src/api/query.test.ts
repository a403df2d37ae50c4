import { describe, expect, it } from 'vitest';
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
});
