import { getAuth } from 'firebase-admin/auth';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/app.js';
import { authEmulatorMailbox, siteActionLink } from '../../src/auth/emulator-mail.js';
import { firebaseIdentity } from '../../src/auth/firebase.js';
import { AUTH_EMULATOR_HOST } from '../support/auth-emulator.js';
import { createTestApi, firebaseTestApp, PROJECT_ID, signInAs, uniqueEmail, type TestApi } from '../support/api.js';

/*
 * Firebase Auth's own e-mails in local runs (issue 23 item 5): the Auth emulator sends none and
 * lists each action link instead; the local mailbox shows them, so a verification link can be
 * followed as from an inbox. Against the tests' Auth emulator.
 */

const mailbox = authEmulatorMailbox({ host: AUTH_EMULATOR_HOST, projectId: PROJECT_ID });

/** What the site does on the invitation screen (sendEmailVerification): asks Auth to e-mail the signed-in account a verification link. */
async function sendVerification(idToken: string) {
  const response = await fetch(`http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

let api: TestApi;
let request: ReturnType<typeof supertest>;
beforeAll(async () => {
  api = await createTestApi();
  request = supertest(await createApi({ ...api.deps, authEmulatorMail: mailbox }, api.services));
});
afterAll(() => api.close());

/** What 'Forgot password?' does (sendPasswordResetEmail with the page it was asked from as continueUrl). */
async function sendReset(email: string, continueUrl?: string) {
  const response = await fetch(`http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestType: 'PASSWORD_RESET', email, ...(continueUrl ? { continueUrl } : {}) }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('password reset e-mails in the local mailbox (issue 27 item 1)', () => {
  it("link to the site's reset page with the emulator's code, as the console's action URL would; the code there sets the password", async () => {
    const email = uniqueEmail('reset');
    await signInAs(email);
    await sendReset(email, 'http://127.0.0.1:5000/checkin');
    const [mail] = await mailbox.list(email);
    expect(mail).toMatchObject({ to: email, kind: 'PASSWORD_RESET', subject: 'Reset your password' });
    const link = new URL(mail!.link);
    expect(`${link.origin}${link.pathname}`).toBe('http://127.0.0.1:5000/admin');
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    expect(link.searchParams.get('continueUrl')).toBe('http://127.0.0.1:5000/checkin');
    // The code is the emulator's own: what the site's page does with it (confirmPasswordReset) works.
    const reset = await fetch(`http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode: link.searchParams.get('oobCode'), newPassword: 'a-new-pass-1' }),
    });
    expect(reset.status, await reset.clone().text()).toBe(200);
    const signIn = await fetch(`http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'a-new-pass-1', returnSecureToken: true }),
    });
    expect(signIn.status).toBe(200);
  });

  it("keeps the emulator's link when the reset named no page to return to, or a strange one", async () => {
    const email = uniqueEmail('reset-bare');
    await signInAs(email);
    await sendReset(email);
    const [mail] = await mailbox.list(email);
    expect(mail!.link).toMatch(new RegExp(`^http://${AUTH_EMULATOR_HOST.replace(/\./g, '\\.')}/emulator/action\\?mode=resetPassword&`));
    expect(siteActionLink('http://h/emulator/action?mode=resetPassword&oobCode=X&continueUrl=javascript%3Aalert(1)')).toBe('http://h/emulator/action?mode=resetPassword&oobCode=X&continueUrl=javascript%3Aalert(1)');
    expect(siteActionLink('not a url')).toBe('not a url');
  });
});

describe('the Auth emulator mailbox', () => {
  it('lists the verification e-mail of an address, newest first; its link verifies the address and then leaves the list', async () => {
    const email = uniqueEmail('verify');
    const { token, uid } = await signInAs(email, { emailVerified: false });
    expect(await mailbox.list(email)).toEqual([]);
    await sendVerification(token);
    await sendVerification(token);
    const mails = await mailbox.list(email.toUpperCase());
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail).toMatchObject({ to: email, kind: 'VERIFY_EMAIL', subject: 'Verify your email' });
      expect(mail.link).toMatch(new RegExp(`^http://${AUTH_EMULATOR_HOST.replace(/\./g, '\\.')}/emulator/action\\?mode=verifyEmail&.*oobCode=`));
    }
    expect((await mailbox.list()).map((mail) => mail.id)).toEqual(expect.arrayContaining(mails.map((mail) => mail.id)));
    expect(await mailbox.list(uniqueEmail('nobody'))).toEqual([]);

    // The person opens the newest link: the account is verified, and the next ID token says so.
    const opened = await fetch(mails[0].link);
    expect(opened.status).toBe(200);
    expect((await getAuth(firebaseTestApp()).getUser(uid)).emailVerified).toBe(true);
    expect((await mailbox.list(email)).map((mail) => mail.id)).not.toContain(mails[0].id);
    const fresh = await signInAs(email, { emailVerified: true });
    expect(await firebaseIdentity(firebaseTestApp()).verifyIdToken(fresh.token)).toMatchObject({ uid, emailVerified: true });
  });

  it('an emulator that does not answer is an error, not an empty list', async () => {
    const silent = authEmulatorMailbox({ host: '127.0.0.1:9', projectId: PROJECT_ID, timeoutMs: 2000 });
    await expect(silent.list()).rejects.toThrow();
    const refusing = authEmulatorMailbox({ host: 'x', projectId: PROJECT_ID, fetch: async () => new Response('nope', { status: 500 }) });
    await expect(refusing.list()).rejects.toThrow(/answered 500/);
  });
});

describe('GET /mailbox with the Auth emulator (local runs)', () => {
  it('shows Firebase Auth e-mails beside the outbox: as JSON, and as links on the page', async () => {
    const email = uniqueEmail('page');
    const { token } = await signInAs(email, { emailVerified: false });
    await sendVerification(token);
    const json = await request.get(`/api/mailbox?format=json&to=${encodeURIComponent(email)}`);
    expect(json.status).toBe(200);
    expect(json.body.messages).toEqual([]);
    const [mail] = json.body.authMails.mails;
    expect(mail).toMatchObject({ to: email, kind: 'VERIFY_EMAIL', subject: 'Verify your email' });

    const page = await request.get(`/api/mailbox?to=${encodeURIComponent(email)}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sent by Firebase Auth');
    expect(page.text).toContain(`<a href="${mail.link.replace(/&/g, '&amp;')}">Verify your email</a>`);
  });

  it('still shows the outbox when the emulator does not answer, and says so', async () => {
    const down = authEmulatorMailbox({ host: 'x', projectId: PROJECT_ID, fetch: async () => new Response('', { status: 503 }) });
    const offline = supertest(await createApi({ ...api.deps, authEmulatorMail: down }, api.services));
    const json = await offline.get('/api/mailbox?format=json');
    expect(json.status).toBe(200);
    expect(json.body.authMails.error).toMatch(/answered 503/);
    const page = await offline.get('/api/mailbox');
    expect(page.status).toBe(200);
    expect(page.text).toContain('The Auth emulator did not answer');
  });

  it('without the Auth emulator (the default test API) the page has no such section', async () => {
    const page = await api.request.get('/api/mailbox');
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('Sent by Firebase Auth');
    expect((await api.request.get('/api/mailbox?format=json')).body).not.toHaveProperty('authMails');
  });
});
