import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECEIPT_MESSAGES, type ReceiptReply } from '@shared/receipt-model.js';
import { ROUTES } from '../routes.js';
import ReceiptPage, { RECEIPT_TEXT } from './ReceiptPage.js';

/* Issue 26 item 2: an order's printable receipt behind the key of its link. */

const receipt: ReceiptReply['receipt'] = {
  orderId: 'o1',
  organisation: { name: 'Zion Conservation Events', contactEmail: 'events@example.org', footerText: 'Caring for Zion.' },
  event: { title: 'Condor Dinner', date: '2026-12-15T01:00:00.000Z', location: 'Lodge' },
  buyer: { name: 'Rosa Parks', email: 'rosa@example.org' },
  lines: [
    { ticketType: 'General', quantity: 2, unit: 4500, amount: 9000 },
    { ticketType: 'Member', quantity: 2, unit: 3500, amount: 7000 },
  ],
  total: 16000,
  paidAt: '2026-11-21T12:00:00.000Z',
  card: { brand: 'visa', last4: '4242' },
  refunds: [],
  refundedTotal: 0,
};

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
        <Route path={ROUTES.receipt} element={<ReceiptPage />} />
      </Routes>
    </BrowserRouter>,
  );
}

describe('ReceiptPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('shows the organisation, the lines, the total, the date and the card, with a Print button; the key goes in the body', async () => {
    replies = [{ status: 200, body: { success: true, receipt } }];
    const print = vi.fn();
    vi.stubGlobal('print', print);
    open('/receipt/o1#key=s3cret');
    expect(await screen.findByRole('heading', { name: RECEIPT_TEXT.title })).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toContain('/orders/o1/receipt');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({ key: 's3cret' });
    expect(window.location.hash).toBe('');
    expect(screen.getByText('Zion Conservation Events')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'events@example.org' })).toBeTruthy();
    const rows = screen.getAllByRole('row').map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Ticket', 'Qty', 'Price', 'Amount'],
      ['General', '2', '$45.00', '$90.00'],
      ['Member', '2', '$35.00', '$70.00'],
      ['Total', '$160.00'],
    ]);
    expect(screen.getByText('Visa ending in 4242')).toBeTruthy();
    expect(screen.getByText(/^November 21, 2026/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Refunds' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: RECEIPT_TEXT.print }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('a partial refund shows what came back and the net paid; an order without card details says so', async () => {
    replies = [
      {
        status: 200,
        body: { success: true, receipt: { ...receipt, card: null, refunds: [{ name: 'Ann Parks', ticketType: 'Member', amount: 3500, refundedAt: '2026-11-22T12:00:00.000Z' }], refundedTotal: 3500 } },
      },
    ];
    open('/receipt/o1#key=s3cret');
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByText(/Ann Parks \(Member\): \$35\.00 refunded on November 22, 2026/)).toBeTruthy();
    expect(within(refunds).getByText('Refunded $35.00 of $160.00; net paid $125.00')).toBeTruthy();
    expect(screen.getByText(RECEIPT_MESSAGES.noCard)).toBeTruthy();
  });

  it('a wrong key shows the not-found message and nothing of the order; no key asks nothing of the server', async () => {
    replies = [{ status: 404, body: { success: false, code: 'RECEIPT_NOT_FOUND', message: RECEIPT_MESSAGES.notFound } }];
    open('/receipt/o1#key=wrong');
    expect(await screen.findByText(RECEIPT_MESSAGES.notFound)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: RECEIPT_TEXT.retry })).toBeNull();
  });

  it('without a key: not found, no call', async () => {
    replies = [];
    open('/receipt/o1');
    expect(await screen.findByText(RECEIPT_MESSAGES.notFound)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a server fault offers to try again', async () => {
    replies = [
      { status: 500, body: { success: false, code: 'INTERNAL', message: 'boom' } },
      { status: 200, body: { success: true, receipt } },
    ];
    open('/receipt/o1#key=s3cret');
    expect(await screen.findByText(RECEIPT_MESSAGES.loadFailed)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: RECEIPT_TEXT.retry }));
    expect(await screen.findByText('Visa ending in 4242')).toBeTruthy();
  });
});
