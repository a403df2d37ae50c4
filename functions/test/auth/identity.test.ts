import { getAuth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { firebaseIdentity } from '../../src/auth/firebase.js';
import { firebaseTestApp, signInAs, uniqueEmail } from '../support/api.js';

describe('firebaseIdentity', () => {
  it('remembers a token verified without the revocation check; a revocation check always asks again', async () => {
    const email = uniqueEmail('door');
    const { uid, token } = await signInAs(email);
    let now = Date.now();
    const identity = firebaseIdentity(firebaseTestApp(), () => now);
    expect(await identity.verifyIdToken(token)).toEqual({ uid, email, emailVerified: true });

    // Disabled: a check that looks at the account refuses at once...
    await getAuth(firebaseTestApp()).updateUser(uid, { disabled: true });
    await expect(identity.verifyIdToken(token, { checkRevoked: true })).rejects.toThrow();
    // ...a plain verification answers what it answered for this very token (production does not look at the account)...
    expect(await identity.verifyIdToken(token)).toEqual({ uid, email, emailVerified: true });
    // ...and only for a few minutes: then the token is verified again (the emulator looks at the account).
    now += 5 * 60 * 1000 + 1;
    await expect(identity.verifyIdToken(token)).rejects.toThrow();
  });

  it("says whether the token's e-mail is verified (email_verified): invitations need it (issue 23 item 5)", async () => {
    const email = uniqueEmail('unproven');
    const unverified = await signInAs(email, { emailVerified: false });
    expect(await firebaseIdentity(firebaseTestApp()).verifyIdToken(unverified.token)).toEqual({ uid: unverified.uid, email, emailVerified: false });
    const verified = await signInAs(email, { emailVerified: true });
    expect(await firebaseIdentity(firebaseTestApp()).verifyIdToken(verified.token)).toEqual({ uid: unverified.uid, email, emailVerified: true });
  });

  it('never remembers a token that did not verify', async () => {
    const identity = firebaseIdentity(firebaseTestApp());
    await expect(identity.verifyIdToken('not-a-token')).rejects.toThrow();
    await expect(identity.verifyIdToken('not-a-token')).rejects.toThrow();
  });
});
