import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { receiptLines } from '@shared/receipt-model.js';
import { OrderReceipt } from './OrderReceipt.js';

/* Issue 26 item 2: a paid order's receipt lists each type with its quantity, unit and line amounts, the total and the date. */

const family = [
  { id: 't1', name: 'Rosa Parks', ticketType: 'General', price: 4500 },
  { id: 't2', name: 'Raymond Parks', ticketType: 'General', price: 4500 },
  { id: 't3', name: 'Ann Parks', ticketType: 'Member', price: 3500 },
  { id: 't4', name: 'Sam Parks', ticketType: 'Member', price: 3500 },
];

describe('an order receipt', () => {
  it('groups the tickets by type and price', () => {
    expect(receiptLines(family)).toEqual([
      { ticketType: 'General', quantity: 2, unit: 4500, amount: 9000 },
      { ticketType: 'Member', quantity: 2, unit: 3500, amount: 7000 },
    ]);
  });

  it('shows the lines, the total and the payment date, amounts in the shared money format', () => {
    render(<OrderReceipt tickets={family} paidAt="2026-11-21T19:05:00.000Z" />);
    const receipt = screen.getByRole('region', { name: 'Receipt' });
    const rows = within(receipt).getAllByRole('row').map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Ticket', 'Qty', 'Price', 'Amount'],
      ['General', '2', '$45.00', '$90.00'],
      ['Member', '2', '$35.00', '$70.00'],
      ['Total', '$160.00'],
    ]);
    expect(within(receipt).getByText(/^Paid on November 21, 2026/)).toBeTruthy();
  });

  it("shows the card's brand and last four and links the printable receipt (issue 26 item 2); no card: no card sentence", () => {
    const { unmount } = render(<OrderReceipt tickets={family} paidAt="2026-11-21T19:05:00.000Z" card={{ brand: 'visa', last4: '4242' }} receiptUrl="https://events.example.org/receipt/o1#key=k" />);
    const receipt = screen.getByRole('region', { name: 'Receipt' });
    expect(within(receipt).getByText(/^Paid on November 21, 2026.* with Visa ending in 4242$/)).toBeTruthy();
    expect(within(receipt).getByRole('link', { name: 'Printable receipt' }).getAttribute('href')).toBe('https://events.example.org/receipt/o1#key=k');
    unmount();
    render(<OrderReceipt tickets={family} paidAt="2026-11-21T19:05:00.000Z" card={null} />);
    expect(screen.getByText(/^Paid on November 21, 2026/).textContent).not.toContain('ending in');
    expect(screen.queryByRole('link', { name: 'Printable receipt' })).toBeNull();
  });
});
