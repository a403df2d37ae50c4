import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { ROUTES } from '../routes.js';
import ConfirmRegistrationPage from './ConfirmRegistrationPage.js';

const event = { id: 'E9', title: 'Star Party', date: '2027-01-11T01:00:00.000Z', location: 'Kolob Terrace', customUrl: 'star-party' };

type Reply = { status: number; body: object } | 'network';
let replies: Reply[];
const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => {
  const reply = replies.shift();
  if (!reply) throw new Error('no reply left');
  if (reply === 'network') throw new TypeError('Failed to fetch');
  return Response.json(reply.body, { status: reply.status });
});

/** Opens the page at `address` (as the e-mailed link would) in a real browser history. */
function open(address: string) {
  window.history.replaceState(null, '', address);
  const before = window.history.length;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  render(
    <BrowserRouter>
      <Routes>
        <Route path={ROUTES.confirmRegistration} element={<ConfirmRegistrationPage />} />
      </Routes>
    </BrowserRouter>,
  );
  return { historyLength: before };
}

const confirmed = (ticketId: string | null) => ({ status: 200, body: { success: true, message: ticketId ? RSVP_MESSAGES.confirmed : RSVP_MESSAGES.confirmedNoTicket, ticketId, event } });
const refusal = (status: number, code: string, message: string) => ({ status, body: { success: false, code, message } });

describe('ConfirmRegistrationPage (issue 23)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('sends the key from the fragment in the body, takes the fragment out of the address, and shows the confirmed registration', async () => {
    replies = [confirmed('r1')];
    const { historyLength } = open('/confirm/r1#key=s3cr%2Bt+9');
    expect(await screen.findByRole('heading', { name: 'Registration confirmed' })).toBeTruthy();
    expect(screen.getByText(RSVP_MESSAGES.confirmed)).toBeTruthy();
    expect(screen.getByText('Star Party')).toBeTruthy();
    expect(screen.getByText('Sunday, January 10, 2027 at 6:00 PM MST')).toBeTruthy();
    expect(screen.getByText('Kolob Terrace')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your ticket' }).getAttribute('href')).toBe('/checkin/r1');
    expect(screen.getByRole('link', { name: 'View Event' }).getAttribute('href')).toBe('/star-party');

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/rsvps/r1/confirm');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ key: 's3cr+t+9' });
    // The secret is not kept: the address has no fragment, and no history entry was added that had one.
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/confirm/r1');
    expect(window.history.length).toBe(historyLength);
  });

  it('an event without tickets: confirmed, with no ticket link', async () => {
    replies = [confirmed(null)];
    open('/confirm/r1#key=abc');
    expect(await screen.findByText(RSVP_MESSAGES.confirmedNoTicket)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View your ticket' })).toBeNull();
  });

  it('a link without its key says it is not valid and asks nothing', async () => {
    replies = [];
    open('/confirm/r1');
    expect((await screen.findByRole('alert')).textContent).toBe(RSVP_MESSAGES.linkInvalid);
    expect(screen.getByRole('heading', { name: 'We could not confirm your registration' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [404, 'LINK_INVALID', RSVP_MESSAGES.linkInvalid],
    [410, 'LINK_EXPIRED', RSVP_MESSAGES.confirmationLinkExpired],
    [409, 'EVENT_FULL', RSVP_MESSAGES.eventFull],
  ])("a %i %s shows the server's message, with the way home and no retry", async (status, code, message) => {
    replies = [refusal(status, code, message)];
    open('/confirm/r1#key=abc');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(window.location.hash).toBe('');
  });

  it('an expired link without a message of its own still says the seat was released', async () => {
    replies = [{ status: 410, body: { success: false, code: 'LINK_EXPIRED' } }];
    open('/confirm/r1#key=abc');
    expect((await screen.findByRole('alert')).textContent).toBe(RSVP_MESSAGES.confirmationLinkExpired);
  });

  it('a network failure offers Try Again, which sends the same key though the address no longer has it', async () => {
    replies = ['network', confirmed('r1')];
    open('/confirm/r1#key=abc');
    expect((await screen.findByRole('alert')).textContent).toBe(RSVP_MESSAGES.networkError);
    expect(window.location.hash).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Registration confirmed' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)))).toEqual([{ key: 'abc' }, { key: 'abc' }]);
  });
});
