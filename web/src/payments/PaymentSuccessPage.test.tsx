import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES } from '@shared/payments-model.js';

vi.mock('./paymentFlow.js', async (actual) => ({
  ...(await actual<typeof import('./paymentFlow.js')>()),
  confirmPayment: vi.fn(async () => ({ success: true, status: 'failed' })),
}));

const { PaymentSuccessPage } = await import('./PaymentSuccessPage.js');

describe('the payment page after a failed payment', () => {
  it('draws its cross as the site\'s icon, not a text glyph a phone without the symbol font shows as a box (issue 24 item 15)', async () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/payment-success?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x']}>
        <PaymentSuccessPage />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: PAYMENT_MESSAGES.processingFailed })).toBeTruthy();
    const icon = container.querySelector('.payment-icon--failed');
    expect(icon?.querySelector('svg')).toBeTruthy();
    expect(icon?.textContent).toBe('');
  });
});
