import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages.js';
import { eventLoadErrorText, eventsLoadErrorText } from '../events/errors.js';
import { ApiError, buildRequestInit, createApiClient, errorFromReply, type FetchLike } from './client.js';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('request building', () => {
  it('sends public calls without credentials or authorization', async () => {
    const init = await buildRequestInit({});
    expect(init.credentials).toBe('omit');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('adds a bearer token and JSON content type to authenticated calls', async () => {
    const init = await buildRequestInit({ method: 'PUT', body: { a: 1 }, token: async () => 'tok' });
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('refuses an authenticated call without a token', async () => {
    await expect(buildRequestInit({ token: async () => null })).rejects.toMatchObject({ status: 401, message: MESSAGES.authRequired });
  });
});

describe('errors', () => {
  it('treats 401 and 403 as authentication required, keeping the server reason', () => {
    const e403 = errorFromReply(403, { message: MESSAGES.forbidden }, 'x');
    expect(e403.message).toBe(MESSAGES.authRequired);
    expect(e403.serverMessage).toBe(MESSAGES.forbidden);
    expect(e403.authRequired).toBe(true);
    expect(errorFromReply(401, null, 'x').message).toBe(MESSAGES.authRequired);
  });

  it('uses the server message, else the fallback', () => {
    expect(errorFromReply(404, { message: 'Event not found' }, 'fallback').message).toBe('Event not found');
    expect(errorFromReply(500, null, 'fallback').message).toBe('fallback');
  });
});

describe('client', () => {
  it('returns the events of a successful list call', async () => {
    const calls: string[] = [];
    const fetcher: FetchLike = async (url) => {
      calls.push(url);
      return jsonResponse(200, { success: true, events: [{ id: 'e1' }] });
    };
    const client = createApiClient(fetcher, '/api');
    await expect(client.listEvents()).resolves.toEqual([{ id: 'e1' }]);
    expect(calls).toEqual(['/api/events']);
  });

  it('encodes the event id or slug', async () => {
    const calls: string[] = [];
    const client = createApiClient(async (url) => {
      calls.push(url);
      return jsonResponse(200, { success: true, event: { id: 'x' } });
    }, '/api');
    await client.getEvent('a/b?c');
    expect(calls).toEqual(['/api/events/a%2Fb%3Fc']);
  });

  it('turns a non-OK events reply into an error', async () => {
    const client = createApiClient(async () => jsonResponse(500, { success: false, message: 'Database unavailable' }), '/api');
    const error = await client.listEvents().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(eventsLoadErrorText(error)).toBe('Database unavailable');
  });

  it('turns a non-OK reply without JSON into the list fallback', async () => {
    const client = createApiClient(async () => new Response('<html>', { status: 502 }), '/api');
    expect(eventsLoadErrorText(await client.listEvents().catch((e: unknown) => e))).toBe(MESSAGES.eventsLoadFailed);
  });

  it('reports a network failure', async () => {
    const client = createApiClient(async () => {
      throw new TypeError('Failed to fetch');
    }, '/api');
    const error = await client.listEvents().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: MESSAGES.networkError });
    expect(eventsLoadErrorText(error)).toBe(`${MESSAGES.eventsLoadFailed}: ${MESSAGES.networkError}`);
  });

  it('words event page failures as the spec does', async () => {
    const notFound = await createApiClient(async () => jsonResponse(404, { success: false, message: 'Event not found' }), '/api')
      .getEvent('nope')
      .catch((e: unknown) => e);
    expect(eventLoadErrorText(notFound)).toBe(MESSAGES.eventNotFound);
    expect(eventLoadErrorText(new ApiError('x', 500))).toBe(MESSAGES.eventDetailsFailed);
  });

  it('calls the session with a bearer token', async () => {
    let auth: string | undefined;
    const client = createApiClient(async (_url, init) => {
      auth = (init.headers as Record<string, string>).Authorization;
      return jsonResponse(200, { success: true, email: 'a@example.org', role: 'staff' });
    }, '/api');
    await expect(client.getSession(async () => 'id-token')).resolves.toEqual({ email: 'a@example.org', role: 'staff' });
    expect(auth).toBe('Bearer id-token');
  });
});
