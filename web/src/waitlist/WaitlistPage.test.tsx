import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WAITLIST_MESSAGES, positionText } from '@shared/waitlist-model.js';
import { formatEventDateTime } from '../events/format.js';
import { ROUTES } from '../routes.js';
import WaitlistPage, { WAITLIST_PAGE_TEXT } from './WaitlistPage.js';

const event = { id: 'E9', title: 'Star Party', date: '2027-01-11T01:00:00.000Z', location: 'Kolob Terrace', customUrl: 'star-party' };
const entry = { id: 'w1', status: 'waiting', name: 'Ada Lovelace', seats: 2, together: true, joinedAt: '2026-11-21T12:00:00.000Z', position: 3, offerSeats: null, offerExpiresAt: null, ticketIds: [], event };

type Reply = { status: number; body: object };
let replies: Reply[];
const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => {
  const reply = replies.shift();
  if (!reply) throw new Error('no reply left');
  return Response.json(reply.body, { status: reply.status });
});

function open(address: string) {
  window.history.replaceState(null, '', address);
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  render(
    <BrowserRouter>
      <Routes>
        <Route path={ROUTES.waitlist} element={<WaitlistPage />} />
      </Routes>
    </BrowserRouter>,
  );
}
const bodyOf = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]![1].body)) as Record<string, unknown>;

describe('WaitlistPage (issue 28 item 1)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('shows the event, the seats and the place; leaves after a confirmation with the key in the body', async () => {
    replies = [
      { status: 200, body: { success: true, entry } },
      { status: 200, body: { success: true, message: WAITLIST_MESSAGES.left, entry: { ...entry, status: 'left', position: null } } },
    ];
    open('/waitlist/w1#key=s3cret');
    expect(await screen.findByText(positionText(3))).toBeTruthy();
    expect(screen.getByText('Star Party')).toBeTruthy();
    expect(screen.getByText('2 (all together only)')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toContain('/waitlist/w1/view');
    expect(bodyOf(0)).toEqual({ key: 's3cret' });
    // The key leaves the address bar.
    expect(window.location.hash).toBe('');

    await userEvent.click(screen.getByRole('button', { name: WAITLIST_MESSAGES.leaveButton }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByText(WAITLIST_MESSAGES.leaveConfirm)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: WAITLIST_PAGE_TEXT.keepPlace }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: WAITLIST_MESSAGES.leaveButton }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: WAITLIST_MESSAGES.leaveButton }));
    expect(await screen.findByRole('heading', { name: WAITLIST_PAGE_TEXT.leftTitle })).toBeTruthy();
    expect(screen.getByText(WAITLIST_MESSAGES.left)).toBeTruthy();
    expect(fetchMock.mock.calls[1]![0]).toContain('/waitlist/w1/leave');
    expect(bodyOf(1)).toEqual({ key: 's3cret' });
  });

  it('a wrong key: the server’s not-found, no entry shown, no way to leave', async () => {
    replies = [{ status: 404, body: { success: false, code: 'LINK_INVALID', message: WAITLIST_MESSAGES.linkInvalid } }];
    open('/waitlist/w1#key=wrong');
    expect(await screen.findByRole('heading', { name: WAITLIST_PAGE_TEXT.failed })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(WAITLIST_MESSAGES.linkInvalid);
    expect(screen.queryByRole('button', { name: WAITLIST_MESSAGES.leaveButton })).toBeNull();
  });

  it('no key at all: the not-valid message without asking the server', async () => {
    replies = [];
    open('/waitlist/w1');
    expect(await screen.findByText(WAITLIST_MESSAGES.linkInvalid)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an entry no longer in line says so and offers no leave', async () => {
    replies = [{ status: 200, body: { success: true, entry: { ...entry, status: 'removed', position: null } } }];
    open('/waitlist/w1?key=s3cret');
    expect(await screen.findByText(WAITLIST_MESSAGES.notWaiting)).toBeTruthy();
    expect(bodyOf(0)).toEqual({ key: 's3cret' });
    expect(screen.queryByRole('button', { name: WAITLIST_MESSAGES.leaveButton })).toBeNull();
  });
});

describe('WaitlistPage offers (issue 28 item 2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });
  const until = '2026-11-22T00:00:00.000Z';
  const offered = { ...entry, status: 'offered', position: 1, offerSeats: 2, offerExpiresAt: until };

  it('an offered entry shows until when; Claim registers and links to each ticket', async () => {
    replies = [
      { status: 200, body: { success: true, entry: offered } },
      { status: 200, body: { success: true, message: WAITLIST_MESSAGES.claimed, entry: { ...offered, status: 'claimed', position: null, offerSeats: null, offerExpiresAt: null, ticketIds: ['t1', 't2'] } } },
    ];
    open('/waitlist/w1#key=s3cret');
    const offer = await screen.findByTestId('waitlist-offer');
    expect(offer.textContent).toContain(WAITLIST_MESSAGES.offered(2));
    expect(offer.textContent).toContain(WAITLIST_MESSAGES.heldUntil(formatEventDateTime(until)));
    // Offered: no 'Leave the waitlist', but Claim and 'No longer needed'.
    expect(screen.queryByRole('button', { name: WAITLIST_MESSAGES.leaveButton })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: WAITLIST_MESSAGES.claimButton }));
    expect(await screen.findByText(WAITLIST_MESSAGES.claimed)).toBeTruthy();
    expect(fetchMock.mock.calls[1]![0]).toContain('/waitlist/w1/claim');
    expect(bodyOf(1)).toEqual({ key: 's3cret' });
    expect(screen.getByRole('link', { name: WAITLIST_MESSAGES.ticketLink(1) }).getAttribute('href')).toBe('/checkin/t1');
    expect(screen.getByRole('link', { name: WAITLIST_MESSAGES.ticketLink(2) }).getAttribute('href')).toBe('/checkin/t2');
    expect(screen.queryByRole('button', { name: WAITLIST_MESSAGES.claimButton })).toBeNull();
    expect(screen.queryByTestId('waitlist-offer')).toBeNull();
  });

  it('a paid event: Claim shows until when the seats are held and the payment page of each', async () => {
    replies = [
      { status: 200, body: { success: true, entry: offered } },
      {
        status: 200,
        body: {
          success: true,
          message: WAITLIST_MESSAGES.claimedToPay,
          heldUntil: until,
          payments: [
            { ticketId: 't1', path: '/pay/t1#key=k1' },
            { ticketId: 't2', path: '/pay/t2#key=k2' },
          ],
          entry: { ...offered, status: 'claimed', position: null, offerSeats: null, offerExpiresAt: null, ticketIds: ['t1', 't2'] },
        },
      },
    ];
    open('/waitlist/w1#key=s3cret');
    await userEvent.click(await screen.findByRole('button', { name: WAITLIST_MESSAGES.claimButton }));
    expect(await screen.findByText(WAITLIST_MESSAGES.claimedToPay)).toBeTruthy();
    expect(screen.getByText(WAITLIST_MESSAGES.payBefore(formatEventDateTime(until)))).toBeTruthy();
    expect(screen.getByRole('link', { name: WAITLIST_MESSAGES.payLink(1, 2) }).getAttribute('href')).toBe('/pay/t1#key=k1');
    expect(screen.getByRole('link', { name: WAITLIST_MESSAGES.payLink(2, 2) }).getAttribute('href')).toBe('/pay/t2#key=k2');
    // Not yet tickets: no ticket links until paid.
    expect(screen.queryByRole('link', { name: WAITLIST_MESSAGES.ticketLink(1) })).toBeNull();
  });

  it('"No longer needed" asks first, then declines with the key', async () => {
    replies = [
      { status: 200, body: { success: true, entry: offered } },
      { status: 200, body: { success: true, message: WAITLIST_MESSAGES.declined, entry: { ...offered, status: 'declined', position: null, offerSeats: null, offerExpiresAt: null } } },
    ];
    open('/waitlist/w1#key=s3cret');
    await userEvent.click(await screen.findByRole('button', { name: WAITLIST_MESSAGES.declineButton }));
    expect(screen.getByText(WAITLIST_MESSAGES.declineConfirm)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: WAITLIST_MESSAGES.keepOffer }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: WAITLIST_MESSAGES.declineButton }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: WAITLIST_MESSAGES.declineButton }));
    expect(await screen.findByText(WAITLIST_MESSAGES.declined)).toBeTruthy();
    expect(fetchMock.mock.calls[1]![0]).toContain('/waitlist/w1/decline');
    expect(screen.queryByRole('button', { name: WAITLIST_MESSAGES.claimButton })).toBeNull();
  });

  it('a claim refused (the offer expired meanwhile) says why and keeps the page', async () => {
    replies = [
      { status: 200, body: { success: true, entry: offered } },
      { status: 410, body: { success: false, code: 'OFFER_EXPIRED', message: WAITLIST_MESSAGES.offerExpired } },
    ];
    open('/waitlist/w1#key=s3cret');
    await userEvent.click(await screen.findByRole('button', { name: WAITLIST_MESSAGES.claimButton }));
    expect((await screen.findByRole('alert')).textContent).toBe(WAITLIST_MESSAGES.offerExpired);
  });

  it('an expired offer says so, with no buttons', async () => {
    replies = [{ status: 200, body: { success: true, entry: { ...entry, status: 'expired', position: null } } }];
    open('/waitlist/w1#key=s3cret');
    expect(await screen.findByText(WAITLIST_MESSAGES.expiredView)).toBeTruthy();
    for (const name of [WAITLIST_MESSAGES.claimButton, WAITLIST_MESSAGES.declineButton, WAITLIST_MESSAGES.leaveButton]) expect(screen.queryByRole('button', { name })).toBeNull();
  });
});
