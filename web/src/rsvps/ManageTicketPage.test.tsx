import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { SELF_SERVICE_MESSAGES } from '@shared/self-service-model.js';
import { ROUTES } from '../routes.js';
import ManageTicketPage, { MANAGE_TEXT } from './ManageTicketPage.js';
import { CANCEL_QUESTION } from './manageTicket.js';

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
      { status: 200, body: { success: true, ticket, event, cannotCancel: null, refund: null, cannotTransfer: null } },
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
    expect(screen.getByText(CANCEL_QUESTION.free)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: MANAGE_TEXT.confirmYes }));
    expect(await screen.findByRole('heading', { name: MANAGE_TEXT.cancelled })).toBeTruthy();
    expect(screen.getByText(SELF_SERVICE_MESSAGES.selfCancelled)).toBeTruthy();
    expect(fetchMock.mock.calls[1]![0]).toContain('/rsvps/r1/cancel');
    expect(bodyOf(1)).toEqual({ key: 's3cret' });
  });

  it("shows why a ticket cannot be cancelled, without a 'Cancel my ticket' button", async () => {
    replies = [{ status: 200, body: { success: true, ticket, event, cannotCancel: SELF_SERVICE_MESSAGES.cancelAfterStart, refund: null, cannotTransfer: null } }];
    open('/ticket/r1/manage#key=s3cret');
    expect(await screen.findByText(SELF_SERVICE_MESSAGES.cancelAfterStart)).toBeTruthy();
    expect(screen.queryByRole('button', { name: MANAGE_TEXT.cancel })).toBeNull();
  });

  it("shows the server's refusal of a cancel (e.g. already cancelled in another tab)", async () => {
    replies = [
      { status: 200, body: { success: true, ticket, event, cannotCancel: null, refund: null, cannotTransfer: null } },
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

  describe('a paid ticket: the refund terms before confirming (issue 25 item 4)', () => {
    const paidTicket = { ...ticket, paid: true, amountPaid: 2500 };
    // 2027-01-09T02:30Z is Friday, January 8, 2027 at 7:30 PM MST in the organisation's zone.
    const until = '2027-01-09T02:30:00.000Z';
    const manage = (refund: object) => ({ status: 200, body: { success: true, ticket: paidTicket, event, cannotCancel: null, refund, cannotTransfer: null } });

    it('within the rule: says the full refund and until when, repeats it in the question, then shows the server’s message', async () => {
      replies = [manage({ amount: 2500, refundableUntil: until, refundDue: true }), { status: 200, body: { success: true, message: SELF_SERVICE_MESSAGES.selfCancelledRefund } }];
      open('/ticket/r1/manage#key=s3cret');
      expect(await screen.findByText('Full refund of $25.00 if you cancel before Friday, January 8, 2027 at 7:30 PM MST')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: MANAGE_TEXT.cancel }));
      expect(screen.getByText('Cancel this ticket? $25.00 will be refunded to your card. Your seat goes to someone else and this cannot be undone.')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: MANAGE_TEXT.confirmYes }));
      expect(await screen.findByText(SELF_SERVICE_MESSAGES.selfCancelledRefund)).toBeTruthy();
    });

    it('after the rule’s deadline: says no refund and when refunds ended, and the question says so', async () => {
      replies = [manage({ amount: 2500, refundableUntil: until, refundDue: false })];
      open('/ticket/r1/manage#key=s3cret');
      expect(await screen.findByText('No refund: refunds for this ticket ended Friday, January 8, 2027 at 7:30 PM MST')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: MANAGE_TEXT.cancel }));
      expect(screen.getByText('Cancel this ticket? You will not get a refund. Your seat goes to someone else and this cannot be undone.')).toBeTruthy();
    });

    it('an event without refunds: this ticket is not refundable', async () => {
      replies = [manage({ amount: 2500, refundableUntil: null, refundDue: false })];
      open('/ticket/r1/manage#key=s3cret');
      expect(await screen.findByText('This ticket is not refundable')).toBeTruthy();
    });

    it('a free ticket says nothing about refunds', async () => {
      replies = [{ status: 200, body: { success: true, ticket, event, cannotCancel: null, refund: null, cannotTransfer: null } }];
      open('/ticket/r1/manage#key=s3cret');
      await screen.findByText('Ada Lovelace');
      expect(screen.queryByText(/refund/i)).toBeNull();
    });
  });

  describe("'Give this ticket to someone else' (issue 25 item 5)", () => {
    const manageReply = (cannotTransfer: string | null = null) => ({ status: 200, body: { success: true, ticket, event, cannotCancel: null, refund: null, cannotTransfer } });
    const nameField = () => screen.getByLabelText(/Their name/) as HTMLInputElement;
    const emailField = () => screen.getByLabelText(/Their e-mail address/) as HTMLInputElement;

    async function fill(name: string, email: string) {
      const user = userEvent.setup();
      open('/ticket/r1/manage#key=s3cret');
      await screen.findByRole('heading', { name: MANAGE_TEXT.transferTitle });
      if (name) await user.type(nameField(), name);
      if (email) await user.type(emailField(), email);
      await user.click(screen.getByRole('button', { name: MANAGE_TEXT.transferSubmit }));
      return user;
    }

    it('explains, asks to confirm naming the new holder, sends the key, name and e-mail once, then shows the server’s message and nothing more to do', async () => {
      replies = [manageReply(), { status: 200, body: { success: true, message: SELF_SERVICE_MESSAGES.transferred } }];
      const user = await fill('Grace Hopper', 'grace@example.org');
      expect(screen.getByText(/They get a new ticket of their own by e-mail; this ticket and its QR code stop working at once\. This cannot be undone\./)).toBeTruthy();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(screen.getByText('Give my ticket to Grace Hopper?')).toBeTruthy();
      const yes = screen.getByRole('button', { name: MANAGE_TEXT.transferYes });
      expect(document.activeElement).toBe(yes);
      await user.click(yes);
      expect(await screen.findByRole('heading', { name: MANAGE_TEXT.transferred })).toBeTruthy();
      expect(screen.getByText(SELF_SERVICE_MESSAGES.transferred)).toBeTruthy();
      expect(fetchMock.mock.calls[1]![0]).toContain('/rsvps/r1/transfer');
      expect(bodyOf(1)).toEqual({ key: 's3cret', name: 'Grace Hopper', email: 'grace@example.org' });
      expect(screen.queryByRole('button', { name: MANAGE_TEXT.cancel })).toBeNull();
      expect(screen.queryByRole('button', { name: MANAGE_TEXT.transferSubmit })).toBeNull();
    });

    it('a double click on the confirm button sends one request, the button disabled while it runs', async () => {
      let release: () => void = () => undefined;
      replies = [manageReply()];
      const user = await fill('Grace Hopper', 'grace@example.org');
      fetchMock.mockImplementationOnce(
        () => new Promise<Response>((resolve) => (release = () => resolve(Response.json({ success: true, message: SELF_SERVICE_MESSAGES.transferred })))),
      );
      const yes = screen.getByRole('button', { name: MANAGE_TEXT.transferYes });
      await user.dblClick(yes);
      expect((screen.getByRole('button', { name: MANAGE_TEXT.transferring }) as HTMLButtonElement).disabled).toBe(true);
      release();
      expect(await screen.findByText(SELF_SERVICE_MESSAGES.transferred)).toBeTruthy();
      expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/transfer'))).toHaveLength(1);
    });

    it('checks the fields as registration does before asking: the message under the field, nothing sent', async () => {
      replies = [manageReply()];
      await fill('Grace Hopper', 'not-an-address');
      expect(screen.getByText(RSVP_MESSAGES.invalidEmail)).toBeTruthy();
      expect(emailField().getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(emailField());
      expect(screen.queryByText(/Give my ticket to/)).toBeNull();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('shows the server’s field errors under their fields', async () => {
      replies = [
        manageReply(),
        { status: 400, body: { success: false, code: 'INVALID_INPUT', message: 'Please correct the highlighted fields', errors: { email: RSVP_MESSAGES.invalidEmail } } },
      ];
      const user = await fill('Grace Hopper', 'grace@example.org');
      await user.click(screen.getByRole('button', { name: MANAGE_TEXT.transferYes }));
      expect(await screen.findByText(RSVP_MESSAGES.invalidEmail)).toBeTruthy();
      expect(emailField().getAttribute('aria-invalid')).toBe('true');
      expect(emailField().value).toBe('grace@example.org');
      expect(screen.queryByRole('alert')?.textContent ?? '').not.toContain('Please correct');
    });

    it.each([
      ['SAME_HOLDER', SELF_SERVICE_MESSAGES.transferToSameAddress],
      ['ALREADY_REGISTERED', SELF_SERVICE_MESSAGES.newHolderRegistered],
    ])('shows the refusal %s, which the server keys by the e-mail field, under that field', async (code, message) => {
      replies = [manageReply(), { status: 409, body: { success: false, code, message, errors: { email: message } } }];
      const user = await fill('Grace Hopper', 'grace@example.org');
      await user.click(screen.getByRole('button', { name: MANAGE_TEXT.transferYes }));
      expect(await screen.findByText(message)).toBeTruthy();
      expect(emailField().getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(emailField());
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it.each([
      ['TRANSFER_LIMIT', SELF_SERVICE_MESSAGES.transferLimit],
      ['TICKET_TRANSFERRED', SELF_SERVICE_MESSAGES.ticketTransferred],
      ['TRANSFER_CLOSED', SELF_SERVICE_MESSAGES.transferAfterStart],
    ])('shows the refusal %s in an alert and keeps what was typed', async (code, message) => {
      replies = [manageReply(), { status: 409, body: { success: false, code, message } }];
      const user = await fill('Grace Hopper', 'grace@example.org');
      await user.click(screen.getByRole('button', { name: MANAGE_TEXT.transferYes }));
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      expect(nameField().value).toBe('Grace Hopper');
    });

    it('shows why a ticket cannot be given on instead of the form', async () => {
      replies = [manageReply(SELF_SERVICE_MESSAGES.transferCheckedIn)];
      open('/ticket/r1/manage#key=s3cret');
      expect(await screen.findByText(SELF_SERVICE_MESSAGES.transferCheckedIn)).toBeTruthy();
      expect(screen.queryByLabelText(/Their name/)).toBeNull();
      expect(screen.queryByRole('button', { name: MANAGE_TEXT.transferSubmit })).toBeNull();
    });
  });
});
