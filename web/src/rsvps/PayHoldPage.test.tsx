import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { ROUTES } from '../routes.js';
import PayHoldPage, { heldUntilText } from './PayHoldPage.js';

const event = { id: 'E2', title: 'Condor Dinner', date: '2027-01-11T01:00:00.000Z', location: 'Springdale', customUrl: 'condor-dinner' };
// 7:45 PM in Denver (MST) on the evening of January 10.
const hold = { rsvpId: 'r1', name: 'Mary Austin', email: 'mary@example.org', ticketType: 'Member', amount: 3500, holdExpiresAt: '2027-01-11T02:45:00.000Z', event };

type Reply = { status: number; body: object };
let holdReply: Reply;
const fetchMock = vi.fn(async (url: string, _init: RequestInit) => {
  if (url === '/api/rsvps/r1/hold') return Response.json(holdReply.body, { status: holdReply.status });
  if (url === '/api/payments/config') return Response.json({ success: true, provider: 'offline' });
  if (url === '/api/create-payment-intent') return Response.json({ success: true, clientSecret: 'pi_1_secret', paymentIntentId: 'pi_1', rsvpId: 'r1', amount: 3500, currency: 'usd' });
  if (url === '/api/offline-payments/pi_1/confirm') return Response.json({ success: true, status: 'succeeded', paymentIntentId: 'pi_1' });
  throw new Error(`unexpected ${url}`);
});

function SuccessProbe() {
  const location = useLocation();
  return <p>Success page: {`${location.pathname}${location.search}`}</p>;
}

function open(address: string) {
  window.history.replaceState(null, '', address);
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  render(
    <BrowserRouter>
      <Routes>
        <Route path={ROUTES.payHold} element={<PayHoldPage />} />
        <Route path={ROUTES.paymentSuccess} element={<SuccessProbe />} />
      </Routes>
    </BrowserRouter>,
  );
}

const calls = () => fetchMock.mock.calls.map(([url, init]) => ({ url, body: init.body ? JSON.parse(String(init.body)) : undefined }));

describe('PayHoldPage (issue 23)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('says until when the seat is held, on the organisation clock', () => {
    expect(heldUntilText('2027-01-11T02:45:00.000Z')).toBe('Your seat is held until 7:45 PM MST.');
    expect(heldUntilText('not a date')).toBe('');
  });

  it('shows the hold and opens the payment step for its RSVP, which ends on the success page; the key stays out of the address', async () => {
    holdReply = { status: 200, body: { success: true, hold } };
    open('/pay/r1#key=k-123');
    expect(await screen.findByRole('heading', { name: 'Complete your payment' })).toBeTruthy();
    expect(window.location.hash).toBe('');
    expect(screen.getByText('Condor Dinner')).toBeTruthy();
    expect(screen.getByText('Sunday, January 10, 2027 at 6:00 PM MST')).toBeTruthy();
    expect(screen.getByText('Mary Austin')).toBeTruthy();
    expect(screen.getByText('$35.00')).toBeTruthy();
    expect(screen.getByText('Your seat is held until 7:45 PM MST.')).toBeTruthy();

    // The registration form's payment step, for this RSVP.
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    expect(calls().slice(0, 3)).toEqual([
      { url: '/api/rsvps/r1/hold', body: { key: 'k-123' } },
      { url: '/api/payments/config', body: undefined },
      { url: '/api/create-payment-intent', body: { eventId: 'E2', ticketType: 'Member', name: 'Mary Austin', email: 'mary@example.org', amount: 3500, rsvpId: 'r1' } },
    ]);
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/30');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $35.00' }));
    expect(await screen.findByText('Success page: /payment-success?payment_intent=pi_1&eventId=condor-dinner')).toBeTruthy();
  });

  it('Cancel puts the payment step away; Continue to Payment opens it again', async () => {
    holdReply = { status: 200, body: { success: true, hold } };
    open('/pay/r1#key=k-123');
    const user = userEvent.setup();
    await screen.findByLabelText('Card number');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByText('Your seat is held until 7:45 PM MST.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
  });

  it('a link without its key says it is not valid and asks nothing', async () => {
    open('/pay/r1#other=1');
    expect((await screen.findByRole('alert')).textContent).toBe(RSVP_MESSAGES.linkInvalid);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('');
  });

  it.each([
    [404, 'LINK_INVALID', RSVP_MESSAGES.linkInvalid],
    [410, 'LINK_EXPIRED', RSVP_MESSAGES.paymentLinkExpired],
    [409, 'ALREADY_PAID', RSVP_MESSAGES.alreadyPaid],
  ])("a %i %s shows the server's message and no payment step", async (status, code, message) => {
    holdReply = { status, body: { success: false, code, message } };
    open('/pay/r1#key=k-123');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('heading', { name: 'We could not open this payment' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    expect(calls().map((call) => call.url)).toEqual(['/api/rsvps/r1/hold']);
  });

  it('an expired link without a message of its own still says the seat was released', async () => {
    holdReply = { status: 410, body: { success: false, code: 'LINK_EXPIRED' } };
    open('/pay/r1#key=k-123');
    expect((await screen.findByRole('alert')).textContent).toBe(RSVP_MESSAGES.paymentLinkExpired);
  });
});
