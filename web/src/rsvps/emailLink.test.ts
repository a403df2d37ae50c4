import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages.js';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { ApiError, createApiClient } from '../api/client.js';
import { confirmRegistration, getPaymentHold, linkFailure, linkKeyFromHash } from './emailLink.js';

describe("the key of an e-mail's link (issue 23)", () => {
  it('is read from the #key= fragment, decoded, with a + kept as it is', () => {
    expect(linkKeyFromHash('#key=abc_-123')).toBe('abc_-123');
    expect(linkKeyFromHash('#key=a%2Bb+c')).toBe('a+b+c');
    expect(linkKeyFromHash('#x=1&key=k2')).toBe('k2');
    expect(linkKeyFromHash('key=k3')).toBe('k3');
  });

  it("is '' when missing, empty or malformed", () => {
    for (const hash of ['', '#', '#key=', '#key=%20', '#monkey=1', '#notkey=1', '#key=%E0%A4%A']) expect(linkKeyFromHash(hash), hash).toBe('');
  });
});

describe('the calls of the link pages', () => {
  it('send the key in the body of a public POST, never in the address', async () => {
    const event = { id: 'e1', title: 'Star Party', date: '2027-01-11T01:00:00.000Z', location: 'Lodge', customUrl: 'star-party' };
    const hold = { rsvpId: 'r/1', name: 'Ann', email: 'a@b.co', ticketType: 'General', amount: 3500, holdExpiresAt: '2027-01-01T00:30:00.000Z', event };
    const calls: { url: string; method?: string; body?: unknown; credentials?: RequestCredentials }[] = [];
    const client = createApiClient(async (url, init) => {
      calls.push({ url, method: init.method, body: JSON.parse(String(init.body)), credentials: init.credentials });
      return Response.json(url.endsWith('/confirm') ? { success: true, message: 'Confirmed', ticketId: 'r/1', event } : { success: true, hold });
    }, '/api');
    await expect(confirmRegistration(client, 'r/1', 'k1')).resolves.toMatchObject({ message: 'Confirmed', ticketId: 'r/1' });
    await expect(getPaymentHold(client, 'r/1', 'k2')).resolves.toEqual(hold);
    expect(calls).toEqual([
      { url: '/api/rsvps/r%2F1/confirm', method: 'POST', body: { key: 'k1' }, credentials: 'omit' },
      { url: '/api/rsvps/r%2F1/hold', method: 'POST', body: { key: 'k2' }, credentials: 'omit' },
    ]);
  });
});

describe('linkFailure', () => {
  const refusal = (status: number, code: string, message?: string) => new ApiError(message ?? 'x', status, message, undefined, code as never);

  it("shows the server's words; without them, the page's for the code; no retry for a refusal", () => {
    expect(linkFailure(refusal(409, 'EVENT_FULL', RSVP_MESSAGES.eventFull), RSVP_MESSAGES.confirmationLinkExpired)).toEqual({ message: RSVP_MESSAGES.eventFull, code: 'EVENT_FULL', canRetry: false });
    expect(linkFailure(refusal(410, 'LINK_EXPIRED'), RSVP_MESSAGES.paymentLinkExpired).message).toBe(RSVP_MESSAGES.paymentLinkExpired);
    expect(linkFailure(refusal(404, 'LINK_INVALID'), RSVP_MESSAGES.paymentLinkExpired).message).toBe(RSVP_MESSAGES.linkInvalid);
    expect(linkFailure(refusal(409, 'ALREADY_PAID'), RSVP_MESSAGES.paymentLinkExpired).message).toBe(RSVP_MESSAGES.alreadyPaid);
    expect(linkFailure(refusal(400, 'INVALID_INPUT'), RSVP_MESSAGES.paymentLinkExpired)).toMatchObject({ message: RSVP_MESSAGES.linkInvalid, canRetry: false });
  });

  it('a network failure, a server fault or a rate limit may be tried again', () => {
    expect(linkFailure(new ApiError('x', 0), '')).toEqual({ message: RSVP_MESSAGES.networkError, code: 'NETWORK', canRetry: true });
    expect(linkFailure(refusal(500, 'INTERNAL'), '')).toMatchObject({ message: MESSAGES.internal, canRetry: true });
    expect(linkFailure(refusal(429, 'RATE_LIMITED', 'Too many requests'), '')).toMatchObject({ message: 'Too many requests', canRetry: true });
    expect(linkFailure(new Error('bug'), '')).toMatchObject({ message: MESSAGES.internal, canRetry: true });
  });
});
