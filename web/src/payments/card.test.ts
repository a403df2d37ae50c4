import { describe, expect, it } from 'vitest';
import { OFFLINE_TEST_CARDS, PAYMENT_MESSAGES } from '@shared/payments-model.js';
import {
  CARD_TEXT,
  cardRequest,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isExpired,
  parseExpiry,
  passesLuhn,
  validateCard,
} from './card.js';

const now = new Date(2026, 10, 21); // 21 November 2026

describe('card input formatting', () => {
  it('groups the card number in fours, digits only, at most 19', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42a42')).toBe('4242 4242 4242');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('writes the expiry as MM/YY while typing', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('12/34')).toBe('12/34');
    expect(formatExpiry('12/345')).toBe('12/34');
  });

  it('does not put the slash back while deleting', () => {
    expect(formatExpiry('12', true)).toBe('12');
    expect(formatExpiry('1', true)).toBe('1');
  });

  it('keeps 3-4 CVC digits', () => {
    expect(formatCvc('12a3')).toBe('123');
    expect(formatCvc('12345')).toBe('1234');
  });
});

describe('card checks', () => {
  it('knows the Luhn checksum of the test cards', () => {
    expect(passesLuhn(OFFLINE_TEST_CARDS.succeeds)).toBe(true);
    expect(passesLuhn(OFFLINE_TEST_CARDS.declined)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('reads MM/YY', () => {
    expect(parseExpiry('12/34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry(' 01 / 30 ')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('00/30')).toBeNull();
    expect(parseExpiry('1/30')).toBeNull();
  });

  it('treats a card as valid through its expiry month', () => {
    expect(isExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 10, year: 2026 }, now)).toBe(true);
    expect(isExpired({ month: 1, year: 2027 }, now)).toBe(false);
    expect(isExpired({ month: 12, year: 2025 }, now)).toBe(true);
  });

  it("asks for all three fields with the gateway's wording", () => {
    expect(validateCard({ cardNumber: '', expiry: '12/34', cvc: '' }, now)).toEqual({
      message: PAYMENT_MESSAGES.incompleteCard,
      errors: { cardNumber: PAYMENT_MESSAGES.incompleteCard, cvc: PAYMENT_MESSAGES.incompleteCard },
    });
  });

  it('accepts both test cards with a future expiry', () => {
    expect(validateCard({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }, now)).toEqual({ message: null, errors: {} });
    expect(validateCard({ cardNumber: '4000 0000 0000 0002', expiry: '11/26', cvc: '1234' }, now)).toEqual({ message: null, errors: {} });
  });

  it('flags a bad number, expiry and CVC next to their fields', () => {
    expect(validateCard({ cardNumber: '4242 4242 4242 4241', expiry: '13/34', cvc: '12' }, now).errors).toEqual({
      cardNumber: CARD_TEXT.invalidNumber,
      expiry: CARD_TEXT.invalidExpiry,
      cvc: CARD_TEXT.invalidCvc,
    });
    expect(validateCard({ cardNumber: '4242424242424242', expiry: '10/26', cvc: '123' }, now).errors).toEqual({ expiry: CARD_TEXT.expiredCard });
    expect(validateCard({ cardNumber: '4242', expiry: '12/34', cvc: '123' }, now).errors).toEqual({ cardNumber: CARD_TEXT.invalidNumber });
  });

  it('sends the number without spaces and the expiry as MM/YY', () => {
    expect(cardRequest({ cardNumber: '4242 4242 4242 4242', expiry: ' 12 / 34 ', cvc: ' 123 ' })).toEqual({
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
  });
});
