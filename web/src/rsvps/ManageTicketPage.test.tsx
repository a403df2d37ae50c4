import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { SELF_SERVICE_MESSAGES } from '@shared/self-service-model.js';
import { ROUTES } from '../routes.js';
import ManageTicketPage, { MANAGE_TEXT } from './ManageTicketPage.js';

const event = { id: 'E9', title: 'Star Party', date: '2027-01-11T01:00:00.000Z', location: 'Kolob Terrace', customUrl: 'star-party' };
const ticket = { id: 'r1', name: 'Ada Lovelace', ticketType: 'General', status: 'confirmed', checkedIn: false, paid: false, amountPaid: 0 };

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
        <Route path={ROUTES.manageTicket} element={<ManageTicketPage />} />
      </Routes>
    </BrowserRouter>,
  );
}
const bodyOf = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]![1].body)) as Record<string, unknown>;

describe('ManageTicketPage (issue 25 item 4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('shows the ticket, asks to confirm, cancels once with the key in the body, and says so', async () => {
    replies = [
      { status: 200, body: { success: true, ticket, event, cannotCancel: null } },
      { status: 200, body: { success: true, message: SELF_SERVICE_MESSAGES.selfCancelled } },
    ];
    open('/ticket/r1/manage#key=s3cret');
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Star Party')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toContain('/rsvps/r1/manage');
    expect(bodyOf(0)).toEqual({ key: 's3cret' });
    expect(window.location.hash).toBe('');
    await userEvent.click(screen.getByRole('button', { name: MANAGE_TEXT.cancel }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByText(MANAGE_TEXT.confirmQuestion)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: MANAGE_TEXT.confirmYes }));
    expect(await screen.findByRole('heading', { name: MANAGE_TEXT.cancelled })).toBeTruthy();
    expect(screen.getByText(SELF_SERVICE_MESSAGES.selfCancelled)).toBeTruthy();
    expect(fetchMock.mock.calls[1]![0]).toContain('/rsvps/r1/cancel');
    expect(bodyOf(1)).toEqual({ key: 's3cret' });
  });

  it("shows why a ticket cannot be cancelled, without a 'Cancel my ticket' button", async () => {
    replies = [{ status: 200, body: { success: true, ticket, event, cannotCancel: SELF_SERVICE_MESSAGES.cancelAfterStart } }];
    open('/ticket/r1/manage#key=s3cret');
    expect(await screen.findByText(SELF_SERVICE_MESSAGES.cancelAfterStart)).toBeTruthy();
    expect(screen.queryByRole('button', { name: MANAGE_TEXT.cancel })).toBeNull();
  });

  it("shows the server's refusal of a cancel (e.g. already cancelled in another tab)", async () => {
    replies = [
      { status: 200, body: { success: true, ticket, event, cannotCancel: null } },
      { status: 409, body: { success: false, code: 'ALREADY_CANCELLED', message: SELF_SERVICE_MESSAGES.alreadyCancelled } },
    ];
    open('/ticket/r1/manage#key=s3cret');
    await userEvent.click(await screen.findByRole('button', { name: MANAGE_TEXT.cancel }));
    await userEvent.click(screen.getByRole('button', { name: MANAGE_TEXT.confirmYes }));
    expect((await screen.findByRole('alert')).textContent).toBe(SELF_SERVICE_MESSAGES.alreadyCancelled);
  });

  it('a wrong key shows the invalid-link message', async () => {
    replies = [{ status: 404, body: { success: false, code: 'LINK_INVALID', message: RSVP_MESSAGES.linkInvalid } }];
    open('/ticket/r1/manage#key=wrong');
    expect(await screen.findByText(RSVP_MESSAGES.linkInvalid)).toBeTruthy();
  });

  it('without a key, offers to e-mail a link and shows the neutral reply', async () => {
    replies = [{ status: 200, body: { success: true, message: SELF_SERVICE_MESSAGES.manageLinkSent } }];
    open('/ticket/r1/manage');
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: MANAGE_TEXT.askLink }));
    expect(await screen.findByText(SELF_SERVICE_MESSAGES.manageLinkSent)).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toContain('/rsvps/r1/manage-link');
  });
});
