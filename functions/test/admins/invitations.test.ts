import { describe, expect, it } from 'vitest';
import { decideAcceptance, invitationDocumentId, isExpired, madeBefore, newInvitationToken, toInvitationView, type StoredInvitation } from '../../src/admins/invitations.js';
import { invitationUrl } from '../../src/shared/admins-model.js';
import { acceptInviteSchema, inviteSchema } from '../../src/shared/admins.js';

const invitation = (patch: Partial<StoredInvitation> = {}): StoredInvitation => ({
  id: 'opaque',
  email: 'new@example.org',
  role: 'admin',
  invitedBy: 'boss@example.org',
  createdAt: '2026-11-21T12:00:00.000Z',
  expiresAt: '2026-11-28T12:00:00.000Z',
  status: 'pending',
  ...patch,
});
const now = new Date('2026-11-22T00:00:00.000Z');

describe('invitation tokens', () => {
  it('are 256 random bits, URL-safe, never repeated', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newInvitationToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are stored as their SHA-256 (hex), which differs from the token', () => {
    const token = newInvitationToken();
    const id = invitationDocumentId(token);
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(id).not.toContain(token);
    expect(invitationDocumentId(token)).toBe(id);
  });

  it('the link points at the invitation screen', () => {
    expect(invitationUrl('https://events.example.org/', 'abc_-1')).toBe('https://events.example.org/admin?invite=abc_-1');
  });
});

describe('decideAcceptance', () => {
  const account = { email: 'new@example.org', emailVerified: true };
  it('accepts the invited account (any case), with or without the e-mail sent along', () => {
    expect(decideAcceptance(invitation(), account, undefined, now)).toEqual({ ok: true });
    expect(decideAcceptance(invitation(), { email: 'NEW@example.org', emailVerified: true }, ' New@Example.org ', now)).toEqual({ ok: true });
  });

  it('refuses the invited account until it has verified its address (issue 23 item 5)', () => {
    expect(decideAcceptance(invitation(), { ...account, emailVerified: false }, undefined, now)).toEqual({ ok: false, reason: 'unverified' });
    expect(decideAcceptance(invitation(), { ...account, emailVerified: false }, 'new@example.org', now)).toEqual({ ok: false, reason: 'unverified' });
  });

  it('a dead link or another account is told so first, before being asked to verify', () => {
    expect(decideAcceptance(invitation({ status: 'accepted' }), { ...account, emailVerified: false }, undefined, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(decideAcceptance(invitation(), { email: 'other@example.org', emailVerified: false }, undefined, now)).toEqual({ ok: false, reason: 'wrong-account' });
  });

  it.each([
    ['unknown', null],
    ['accepted', invitation({ status: 'accepted' })],
    ['revoked', invitation({ status: 'revoked' })],
    ['expired at the very moment', invitation({ expiresAt: now.toISOString() })],
  ])('refuses an %s invitation as invalid', (_label, stored) => {
    expect(decideAcceptance(stored, account, undefined, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses another account, an account without e-mail, and a mismatching userEmail', () => {
    expect(decideAcceptance(invitation(), { email: 'other@example.org', emailVerified: true }, 'new@example.org', now)).toEqual({ ok: false, reason: 'wrong-account' });
    expect(decideAcceptance(invitation(), { email: '', emailVerified: true }, undefined, now)).toEqual({ ok: false, reason: 'wrong-account' });
    expect(decideAcceptance(invitation(), account, 'other@example.org', now)).toEqual({ ok: false, reason: 'wrong-account' });
  });

  it('an expired invitation is invalid before the account is looked at (no hint that the token was real)', () => {
    expect(decideAcceptance(invitation({ expiresAt: '2026-11-01T00:00:00.000Z' }), { email: 'other@example.org', emailVerified: true }, undefined, now)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('invitation views and order', () => {
  it('lists the fields admins see, never the document id', () => {
    expect(toInvitationView(invitation({ acceptedBy: 'uid' }), now)).toEqual({
      id: 'opaque',
      email: 'new@example.org',
      role: 'admin',
      invitedBy: 'boss@example.org',
      createdAt: '2026-11-21T12:00:00.000Z',
      expiresAt: '2026-11-28T12:00:00.000Z',
      expired: false,
    });
    expect(isExpired(invitation(), new Date('2026-11-28T12:00:00.000Z'))).toBe(true);
  });

  it('orders by creation, then id', () => {
    expect(madeBefore(invitation({ createdAt: '2026-01-01' }), invitation({ createdAt: '2026-01-02' }))).toBe(true);
    expect(madeBefore(invitation({ id: 'a' }), invitation({ id: 'b' }))).toBe(true);
    expect(madeBefore(invitation({ id: 'b' }), invitation({ id: 'a' }))).toBe(false);
  });
});

describe('schemas', () => {
  it('invite: trimmed, role admin by default, unknown fields dropped', () => {
    expect(inviteSchema.parse({ email: '  a@example.org ', extra: 1 })).toEqual({ email: 'a@example.org', role: 'admin' });
  });
  it('accept: the token trimmed, userEmail optional', () => {
    expect(acceptInviteSchema.parse({ inviteToken: ' t ' })).toEqual({ inviteToken: 't' });
  });
});
