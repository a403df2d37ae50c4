import { PAYMENT_MESSAGES } from '@shared/payments-model.js';

/**
 * The offline test gateway's card form: input formatting and the checks made
 * before the card is sent. The server checks again; these only save a round trip.
 */

export interface CardValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardValues;
export type CardErrors = Partial<Record<CardField, string>>;

export const CARD_TEXT = {
  invalidNumber: 'Your card number is invalid.',
  invalidExpiry: 'Your card’s expiry date is invalid. Use MM/YY.',
  expiredCard: 'Your card’s expiry date is in the past.',
  invalidCvc: 'Your card’s security code is invalid.',
} as const;

export const EMPTY_CARD: CardValues = { cardNumber: '', expiry: '', cvc: '' };

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** '4242424242424242' → '4242 4242 4242 4242'; at most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = digitsOnly(value).slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Typing into the expiry field: '1' → '1', '12' → '12/', '123' → '12/3', '1234' → '12/34';
 * a first digit 2-9 is a month of its own ('4' → '04/'). Deleting the slash
 * (`deleting`) does not put it back.
 */
export function formatExpiry(value: string, deleting = false): string {
  let digits = digitsOnly(value).slice(0, 4);
  if (digits.length === 1 && /[2-9]/.test(digits)) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Three or four digits. */
export function formatCvc(value: string): string {
  return digitsOnly(value).slice(0, 4);
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let digit = Number(digits[i]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** 'MM/YY' → { month, year (4 digits) }, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is good through the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

export interface CardCheck {
  /** A message for the whole form (the gateway's wording when something is missing), or null. */
  message: string | null;
  /** Messages next to fields. */
  errors: CardErrors;
}

/** Checks the card before it is sent: all three present, number passes Luhn, expiry MM/YY not past, CVC 3-4 digits. */
export function validateCard(values: CardValues, now: Date = new Date()): CardCheck {
  const number = digitsOnly(values.cardNumber);
  const missing: CardErrors = {};
  if (!number) missing.cardNumber = PAYMENT_MESSAGES.incompleteCard;
  if (!values.expiry.trim()) missing.expiry = PAYMENT_MESSAGES.incompleteCard;
  if (!values.cvc.trim()) missing.cvc = PAYMENT_MESSAGES.incompleteCard;
  if (Object.keys(missing).length) return { message: PAYMENT_MESSAGES.incompleteCard, errors: missing };

  const errors: CardErrors = {};
  if (number.length < 12 || number.length > 19 || !passesLuhn(number)) errors.cardNumber = CARD_TEXT.invalidNumber;
  const expiry = parseExpiry(values.expiry);
  if (!expiry) errors.expiry = CARD_TEXT.invalidExpiry;
  else if (isExpired(expiry, now)) errors.expiry = CARD_TEXT.expiredCard;
  if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = CARD_TEXT.invalidCvc;
  return { message: null, errors };
}

/** What the offline gateway receives: the number without spaces, 'MM/YY', the CVC. */
export function cardRequest(values: CardValues): CardValues {
  const expiry = parseExpiry(values.expiry);
  return {
    cardNumber: digitsOnly(values.cardNumber),
    expiry: expiry ? `${String(expiry.month).padStart(2, '0')}/${String(expiry.year % 100).padStart(2, '0')}` : values.expiry.trim(),
    cvc: values.cvc.trim(),
  };
}

/** The test cards shown in the offline form's hint, grouped like a card: '4242 4242 4242 4242'. */
export function groupedCard(number: string): string {
  return formatCardNumber(number);
}
