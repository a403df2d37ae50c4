import { describe, expect, it } from 'vitest';
import { mailboxOf } from '../../src/shared/mailbox.js';

describe('mailboxOf: the mailbox an address delivers to, as limits count it (issue 23)', () => {
  it.each([
    ['Ada@Example.org', 'ada@example.org'],
    ['ada+1@example.org', 'ada@example.org'],
    ['ada+news+more@example.org', 'ada@example.org'],
    ['  ADA+x@example.org ', 'ada@example.org'],
    ['a.d.a+seat5@gmail.com', 'ada@gmail.com'],
    ['A.D.A@googlemail.com', 'ada@gmail.com'],
    ['ada-tag@yahoo.com', 'ada@yahoo.com'],
    ['ada+tag@outlook.com', 'ada@outlook.com'],
    ['ada+tag@icloud.com', 'ada@icloud.com'],
  ])('%s is the mailbox %s', (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });

  it.each([
    // Dots matter outside the providers that ignore them; a family's own addresses stay apart.
    ['john.smith@example.org', 'john.smith@example.org'],
    ['mary-ann@example.org', 'mary-ann@example.org'],
    ['+only@example.org', '+only@example.org'],
    ['not-an-address', 'not-an-address'],
  ])('%s stays %s', (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });

  it('five plus-tags of one mailbox are one mailbox; four family members are four', () => {
    expect(new Set(['kid+1@gmail.com', 'kid+2@gmail.com', 'k.i.d+3@gmail.com', 'KID@googlemail.com', 'kid+5@gmail.com'].map(mailboxOf)).size).toBe(1);
    expect(new Set(['mom@example.org', 'dad@example.org', 'ann@example.org', 'ben@example.org'].map(mailboxOf)).size).toBe(4);
  });
});
