import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Secrets of the links that act for an attendee (DESIGN §4): each is bound to one action
 * and one RSVP, and only its SHA-256 hash is stored, on that RSVP. The raw key exists only in
 * the e-mail: it is minted when the e-mail is composed, never written to the outbox.
 */

/**
 * What a link may do: confirm a 'Confirm by e-mail' registration, open an unpaid one's payment, or
 * manage a ticket (issue 25: the 'Can't come?' link of every ticket e-mail cancels it).
 */
export type LinkPurpose = 'confirm' | 'pay' | 'manage';

/**
 * A sent link stays good while the next ones are sent (a resend, a retried delivery whose first
 * attempt did arrive): the newest few hashes are kept, the oldest dropped.
 */
export const LINK_KEYS_KEPT = 3;

/** 32 random bytes (256 bits) from the system's CSPRNG, URL-safe. */
export function newLinkKey(): string {
  return randomBytes(32).toString('base64url');
}

/** A plain SHA-256 suffices: the key is 256 random bits, there is nothing to guess. */
export function linkKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** `hashes` with the newest added, at most LINK_KEYS_KEPT. */
export function keptLinkKeys(hashes: readonly string[] | undefined, newest: string): string[] {
  return [...(hashes ?? []), newest].slice(-LINK_KEYS_KEPT);
}

/** Whether `key` is one of the links sent (compared in constant time). */
export function linkKeyMatches(hashes: readonly string[] | undefined, key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > 200) return false;
  const wanted = Buffer.from(linkKeyHash(key), 'hex');
  let found = false;
  for (const hash of hashes ?? []) {
    const stored = Buffer.from(hash, 'hex');
    if (stored.length === wanted.length && timingSafeEqual(stored, wanted)) found = true;
  }
  return found;
}
