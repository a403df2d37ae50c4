import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages.js';
import { eventLoadErrorText, eventsLoadErrorText } from '../events/errors.js';
import { ApiError, buildRequestInit, createApiClient, errorFromReply, errorText, type FetchLike } from './client.js';
import { getTicket } from '../checkin/ticket.js';
import { requestEarly, takeEarlyResponse } from './earlyResponses.js';
import { createRsvp } from '../rsvps/registration.js';
import { confirmPayment } from '../payments/paymentFlow.js';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('request building', () => {
  it('sends public calls without credentials or authorization', async () => {
    const init = await buildRequestInit({});
    expect(init.credentials).toBe('omit');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("asks for the theme with the page's preload's credentials mode (else the browser asks twice), and only the theme", async () => {
    const modes: Record<string, RequestCredentials | undefined> = {};
    const fetchSpy: FetchLike = async (url, init) => {
      modes[url] = init.credentials;
      return jsonResponse(200, { success: true, theme: {}, events: [], sponsors: [] });
    };
    const client = createApiClient(fetchSpy, '/api');
    await client.getTheme();
    await client.listEventsPage(null);
    await client.listSponsors();
    expect(modes).toEqual({ '/api/theme': 'same-origin', '/api/events?limit=12': 'omit', '/api/sponsors': 'omit' });
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
    await expect(buildRequestInit({ token: async () => Promise.reject(new Error('bug')) })).rejects.toMatchObject({ status: 401 });
  });

  // Issue 24 item 4: an expired token that cannot be renewed offline is the network's failure, so the door queues.
  it('fails as a network error when the token could not be renewed for want of a network', async () => {
    const noNetwork = async () => Promise.reject(new ApiError(MESSAGES.networkError, 0));
    await expect(buildRequestInit({ token: noNetwork })).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
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
    const client = createApiClient({
      fetch: async (_url, init) => {
        auth = (init.headers as Record<string, string>).Authorization;
        return jsonResponse(200, { success: true, email: 'a@example.org', role: 'staff' });
      },
      base: '/api',
      token: async () => 'id-token',
    });
    await expect(client.getSession()).resolves.toEqual({ email: 'a@example.org', role: 'staff' });
    expect(auth).toBe('Bearer id-token');
  });
});

describe('registration, payment, ticket and contact calls', () => {
  function recorder(reply: (url: string) => Response) {
    const calls: { url: string; method?: string; body?: unknown; credentials?: RequestCredentials; auth?: string }[] = [];
    const client = createApiClient(async (url, init) => {
      calls.push({
        url,
        method: init.method,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        credentials: init.credentials,
        auth: (init.headers as Record<string, string>).Authorization,
      });
      return reply(url);
    }, '/api');
    return { client, calls };
  }

  it('posts an RSVP publicly and returns the reply (201)', async () => {
    const body = { name: 'Ann', email: 'ann@example.org', address: '', city: '', state: '', zipCode: '', ticketType: 'General', additionalInfo: '' };
    const { client, calls } = recorder(() => jsonResponse(201, { success: true, message: 'ok', requiresPayment: true, rsvpId: 'r1' }));
    await expect(createRsvp(client, 'spring walk', body)).resolves.toMatchObject({ requiresPayment: true, rsvpId: 'r1' });
    expect(calls).toEqual([{ url: '/api/events/spring%20walk/rsvp', method: 'POST', body, credentials: 'omit', auth: undefined }]);
  });

  it('keeps the field errors of a rejected RSVP', async () => {
    const { client } = recorder(() =>
      jsonResponse(400, { success: false, message: 'Please enter a valid email address', errors: { email: 'Please enter a valid email address' } }),
    );
    const error = await createRsvp(client, 'e1', {} as never).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, serverMessage: 'Please enter a valid email address', fieldErrors: { email: 'Please enter a valid email address' } });
  });

  it('creates an intent, confirms an offline card and checks a payment', async () => {
    const { client, calls } = recorder((url) =>
      url.endsWith('/create-payment-intent')
        ? jsonResponse(200, { success: true, clientSecret: 's', paymentIntentId: 'pi_1', rsvpId: 'r1', amount: 3500, currency: 'usd' })
        : url.includes('/offline-payments/')
          ? jsonResponse(200, { success: true, status: 'succeeded', paymentIntentId: 'pi_1' })
          : jsonResponse(200, { success: true, status: 'succeeded', paymentIntentId: 'pi_1', rsvpId: 'r1', eventId: 'e1', ticketId: 'r1' }),
    );
    await client.createPaymentIntent({ eventId: 'e1', ticketType: 'General', name: 'Ann', email: 'a@b.co', amount: 3500, rsvpId: 'r1' });
    await client.confirmOfflinePayment('pi_1', { clientSecret: 's', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
    await expect(confirmPayment(client, 'pi_1', 'pi_1_secret')).resolves.toMatchObject({ status: 'succeeded', ticketId: 'r1' });
    expect(calls.map((c) => c.url)).toEqual(['/api/create-payment-intent', '/api/offline-payments/pi_1/confirm', '/api/payments/confirm']);
    expect(calls[0].body).toMatchObject({ amount: 3500, rsvpId: 'r1' });
    expect(calls[2].body).toEqual({ paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret' });
  });

  it('reports a declined card with its status and message', async () => {
    const { client } = recorder(() => jsonResponse(402, { success: false, message: 'Your card was declined.' }));
    const error = await client.confirmOfflinePayment('pi_1', { clientSecret: 's', cardNumber: '4000000000000002', expiry: '12/34', cvc: '123' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 402, message: 'Your card was declined.' });
  });

  it('loads a ticket as JSON and sends a contact message', async () => {
    const { client, calls } = recorder((url) =>
      url.startsWith('/api/checkin/') ? jsonResponse(200, { success: true, ticket: { id: 't/1' } }) : jsonResponse(200, { success: true, message: 'Thank you! Your message has been sent.' }),
    );
    await expect(getTicket(client, 't/1')).resolves.toEqual({ id: 't/1' });
    await expect(client.sendContact({ name: 'Ann', email: 'a@b.co', message: 'Hi' })).resolves.toMatchObject({ message: 'Thank you! Your message has been sent.' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/checkin/t%2F1?format=json', 'POST /api/contact']);
  });
});

describe('error codes and errorText', () => {
  it('reads the code from the failure envelope, else the status gives one', async () => {
    const coded = await getTicket(createApiClient(async () => jsonResponse(404, { success: false, code: 'TICKET_NOT_FOUND', message: 'Ticket not found' }), '/api'), 't1').catch(
      (e: unknown) => e,
    );
    expect(coded).toBeInstanceOf(ApiError);
    expect((coded as ApiError).code).toBe('TICKET_NOT_FOUND');
    expect(errorFromReply(409, { message: 'x' }, 'f').code).toBe('CONFLICT');
    expect(errorFromReply(403, { code: 'EMAIL_NOT_VERIFIED', message: 'verify' }, 'f').code).toBe('EMAIL_NOT_VERIFIED');
    expect(errorFromReply(400, { message: 'x' }, 'f').code).toBe('INVALID_INPUT');
    expect(new ApiError('x', 0).code).toBe('NETWORK');
  });

  it('marks a failed network call NETWORK', async () => {
    const failure = await createApiClient(async () => {
      throw new TypeError('Failed to fetch');
    }, '/api')
      .listEvents()
      .catch((e: unknown) => e);
    expect((failure as ApiError).code).toBe('NETWORK');
    expect((failure as ApiError).isNetworkError).toBe(true);
  });

  it('turns any failure into text with one helper', () => {
    expect(errorText(new ApiError('Event not found', 404, 'Event not found'), 'fallback')).toBe('Event not found');
    expect(errorText(errorFromReply(403, { message: MESSAGES.forbidden }, 'x'), 'fallback')).toBe(MESSAGES.authRequired);
    expect(errorText(new ApiError('whatever', 0), 'fallback')).toBe(MESSAGES.networkError);
    expect(errorText(new Error('boom'), 'fallback')).toBe('fallback');
    expect(errorText('odd', 'fallback')).toBe('fallback');
  });

  it('an authenticated client without a token refuses before sending', async () => {
    let called = false;
    const client = createApiClient({
      fetch: async () => {
        called = true;
        return jsonResponse(200, { success: true });
      },
      token: async () => null,
    });
    await expect(client.getSession()).rejects.toMatchObject({ code: 'AUTH_REQUIRED', status: 401 });
    expect(called).toBe(false);
  });
});

describe("the boot script's early replies", () => {
  it('a public GET takes the early reply for its address once, instead of asking; the next call asks', async () => {
    const asked: string[] = [];
    const fetchSpy: FetchLike = async (url) => {
      asked.push(url);
      return jsonResponse(200, { success: true, sponsors: [{ id: 'asked', name: 'Asked', logo: '/a.svg' }] });
    };
    const early = jsonResponse(200, { success: true, sponsors: [{ id: 'early', name: 'Early', logo: '/e.svg' }] });
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => early) as typeof fetch;
    try {
      requestEarly('/api/sponsors');
    } finally {
      globalThis.fetch = realFetch;
    }
    const client = createApiClient(fetchSpy, '/api');
    expect((await client.listSponsors()).map((sponsor) => sponsor.id)).toEqual(['early']);
    expect(asked).toEqual([]);
    expect((await client.listSponsors()).map((sponsor) => sponsor.id)).toEqual(['asked']);
    expect(asked).toEqual(['/api/sponsors']);
  });

  it('an early reply that failed to arrive is the network error, as a failed call is', async () => {
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    try {
      requestEarly('/api/events/gone');
    } finally {
      globalThis.fetch = realFetch;
    }
    const client = createApiClient((async () => jsonResponse(200, {})) as FetchLike, '/api');
    await expect(client.getEvent('gone')).rejects.toMatchObject({ code: 'NETWORK', message: MESSAGES.networkError });
  });

  it('an authenticated call never takes an early (public) reply', async () => {
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => jsonResponse(200, { success: true, sponsors: [{ id: 'early' }] })) as typeof fetch;
    try {
      requestEarly('/api/sponsors');
    } finally {
      globalThis.fetch = realFetch;
    }
    const asked: string[] = [];
    const fetchSpy: FetchLike = async (url) => {
      asked.push(url);
      return jsonResponse(200, { success: true, sponsors: [] });
    };
    const client = createApiClient({ fetch: fetchSpy, base: '/api', token: async () => 'id-token' });
    expect(await client.listSponsors()).toEqual([]);
    expect(asked).toEqual(['/api/sponsors']);
    expect(takeEarlyResponse('/api/sponsors')).toBeDefined();
  });

  it('a page starts with a reply already in: its body is given once, with the reply; then calls ask again', async () => {
    const realFetch = globalThis.fetch;
    const event = { id: 'e1', title: 'Stargazing' };
    globalThis.fetch = (async () => jsonResponse(200, { success: true, event })) as typeof fetch;
    try {
      await requestEarly('/api/events/stargazing');
    } finally {
      globalThis.fetch = realFetch;
    }
    await new Promise((resolve) => setTimeout(resolve, 0)); // the body is read after the reply
    const asked: string[] = [];
    const client = createApiClient((async (url: string) => {
      asked.push(url);
      return jsonResponse(200, { success: true, event: { id: 'e1', title: 'Asked' } });
    }) as FetchLike, '/api');
    expect(client.arrivedEvent('other')).toBeUndefined();
    expect(client.arrivedEvent('stargazing')).toEqual(event);
    expect(client.arrivedEvent('stargazing')).toBeUndefined();
    // Given once: the early reply went with it, so the next call asks.
    expect((await client.getEvent('stargazing')).title).toBe('Asked');
    expect(asked).toEqual(['/api/events/stargazing']);
  });

  it('a refusal, a failure envelope or a reply still on its way is not a page\'s data: the page asks as usual', async () => {
    const realFetch = globalThis.fetch;
    let answer!: (response: Response) => void;
    const replies: Record<string, Promise<Response>> = {
      '/api/events/missing': Promise.resolve(jsonResponse(404, { success: false, message: 'Event not found' })),
      '/api/events/odd': Promise.resolve(jsonResponse(200, { success: false, message: 'Odd' })),
      '/api/events/slow': new Promise<Response>((resolve) => (answer = resolve)),
    };
    globalThis.fetch = (async (url: string) => replies[url]) as typeof fetch;
    try {
      for (const url of Object.keys(replies)) requestEarly(url);
    } finally {
      globalThis.fetch = realFetch;
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    const client = createApiClient((async () => jsonResponse(200, {})) as FetchLike, '/api');
    expect(client.arrivedEvent('missing')).toBeUndefined();
    expect(client.arrivedEvent('odd')).toBeUndefined();
    expect(client.arrivedEvent('slow')).toBeUndefined();
    // The refusal still reaches the page through its call, with its message.
    await expect(client.getEvent('missing')).rejects.toMatchObject({ status: 404, message: 'Event not found' });
    answer(jsonResponse(200, { success: true, event: { id: 'slow' } }));
    expect((await client.getEvent('slow')).id).toBe('slow');
  });

  it("reads an early reply's body once, for every use: the JSON of a 2xx reply, else null; the client still reads the reply itself", async () => {
    const realFetch = globalThis.fetch;
    const replies: Record<string, () => Promise<Response>> = {
      '/api/theme': async () => jsonResponse(200, { success: true, theme: { siteName: 'Early' } }),
      '/api/events/missing': async () => jsonResponse(404, { success: false, message: 'Event not found' }),
      '/api/events/offline': async () => Promise.reject(new TypeError('Failed to fetch')),
    };
    const asked: string[] = [];
    globalThis.fetch = (async (url: string) => {
      asked.push(url);
      return replies[url]!();
    }) as typeof fetch;
    let bodies: unknown[];
    try {
      bodies = await Promise.all(Object.keys(replies).map((url) => requestEarly(url)));
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(bodies).toEqual([{ success: true, theme: { siteName: 'Early' } }, null, null]);
    expect(asked).toEqual(Object.keys(replies));
    const client = createApiClient((async () => jsonResponse(200, {})) as FetchLike, '/api');
    expect((await client.getTheme()).siteName).toBe('Early');
  });
});
