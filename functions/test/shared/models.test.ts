import { describe, expect, it } from 'vitest';
import { RESERVED_SLUGS } from '../../src/shared/constants.js';
import { isReservedSlug } from '../../src/shared/events-model.js';
import { isEmailAddress, isSafeUrl } from '../../src/shared/fields-model.js';
import { dollarsToCents, formatCents, formatPrice } from '../../src/shared/payments-model.js';
import { z } from 'zod';

// The zod-free rules the site and the API share: one copy, tested once.

describe('isReservedSlug', () => {
  it('recognises every reserved word, in any case', () => {
    for (const word of RESERVED_SLUGS) {
      expect(isReservedSlug(word)).toBe(true);
      expect(isReservedSlug(word.toUpperCase())).toBe(true);
    }
    expect(isReservedSlug('admin-zfp-dashboard-2025')).toBe(true);
    expect(isReservedSlug('empty')).toBe(true);
  });

  it('treats a blank slug as reserved and ordinary slugs as free', () => {
    expect(isReservedSlug('')).toBe(true);
    expect(isReservedSlug('  ')).toBe(true);
    expect(isReservedSlug('stargazing')).toBe(false);
    expect(isReservedSlug('admins')).toBe(false);
    expect(isReservedSlug('checkin-night')).toBe(false);
  });
});

describe('money', () => {
  it('formats dollars as USD with two decimals', () => {
    expect(formatPrice(25)).toBe('$25.00');
    expect(formatPrice(20.5)).toBe('$20.50');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
  });

  it('turns dollars into the cents the server compares', () => {
    expect(dollarsToCents(35)).toBe(3500);
    expect(dollarsToCents(20.5)).toBe(2050);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBe(100);
  });

  it('shows cents from the server in dollars', () => {
    expect(formatCents(3500)).toBe('$35.00');
    expect(formatCents(2050)).toBe('$20.50');
  });
});

describe('isEmailAddress', () => {
  const samples = ['ann@example.org', 'a.b+c@sub.example.co', ' ann@example.org ', 'ann@example', 'ann@@example.org', 'ann example@x.org', '.ann@example.org', 'ann..b@example.org', 'ann@-example.org', ''];
  it('accepts exactly what the API (z.email()) accepts', () => {
    for (const sample of samples) expect(isEmailAddress(sample), sample).toBe(z.email().safeParse(sample.trim()).success);
  });
});

describe('isSafeUrl', () => {
  it('accepts http(s) addresses, site paths, anchors and blank', () => {
    for (const ok of ['', 'https://example.org/a?b=c', 'http://example.org', '/images/a.webp', '#events', '#about']) expect(isSafeUrl(ok), ok).toBe(true);
  });

  it('refuses script, data, protocol-relative addresses and backslashes a browser reads as slashes', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', '\\\\evil.example', '/a\\b', 'https://good.example\\@evil.example', '/\t/evil.example']) {
      expect(isSafeUrl(bad), bad).toBe(false);
    }
  });
});
