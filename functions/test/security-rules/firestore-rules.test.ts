import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  setDoc,
  setLogLevel,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/**
 * firestore.rules on Google's Firestore emulator (@firebase/rules-unit-testing loads the rules
 * into it over its REST API): clients get no direct access to any document, signed in or not,
 * whatever their token says (DESIGN §1: the API, through the Admin SDK, is the only door).
 */

const emulator = process.env.FIRESTORE_EMULATOR_HOST;
// The rules do not depend on the API's store: the functions@firestore pass (vitest.config.ts) need not run them again.
const secondPass = process.env.ZION_TEST_STORE === 'firestore';
if (!emulator) {
  console.log('security-rules/firestore-rules.test.ts is skipped: FIRESTORE_EMULATOR_HOST is not set (start a Firestore emulator and set it to host:port)');
} else if (secondPass) {
  console.log('security-rules/firestore-rules.test.ts is skipped in the functions@firestore pass: the functions pass ran it on the same emulator');
}

const RULES_FILE = fileURLToPath(new URL('../../../firestore.rules', import.meta.url));

/** Every collection the API keeps (functions/src: collection<...>('name')), and one nobody uses yet. */
const COLLECTIONS = [
  'events',
  'rsvps',
  'admins',
  'adminInvitations',
  'settings',
  'sponsors',
  'seatShards',
  'registrationKeys',
  'mailJobs',
  'mailbox',
  'mailRecipientCounts',
  'emailTemplates',
  'mailchimpJobs',
  'calendarFanoutJobs',
  'manageLinkKeys',
  'refundJobs',
  'paymentEvents',
  'offlinePaymentIntents',
  'offlineAudiences',
  'offlineAudienceMembers',
  'rateCounters',
  // Issue 28: the waitlist's entries and keys, and the seats freed for a line (seats/repository.ts).
  'waitlistEntries',
  'waitlistKeys',
  'waitlistFreedSeats',
  // Issue 28 item 4: the audit log, written only by the API (no client may add, change or delete an entry).
  'auditLog',
  'not-a-collection-yet',
];

/** Who asks: nobody signed in, a visitor signed in, and tokens that claim more (rules must not trust any of it). */
const CLIENTS: { name: string; context: (env: RulesTestEnvironment) => RulesTestContext }[] = [
  { name: 'an unauthenticated client', context: (env) => env.unauthenticatedContext() },
  { name: 'a signed-in client', context: (env) => env.authenticatedContext('visitor', { email: 'visitor@example.org', email_verified: true }) },
  {
    name: 'a signed-in admin (by e-mail and claims)',
    context: (env) => env.authenticatedContext('admin-uid', { email: 'admin@example.org', email_verified: true, admin: true, role: 'admin' }),
  },
];

describe.skipIf(!emulator || secondPass)(`firestore.rules on the Firestore emulator at ${emulator}`, () => {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    // The SDK logs every refused request; the refusals are what these tests expect.
    setLogLevel('silent');
    const [host, port] = emulator!.split(':');
    env = await initializeTestEnvironment({
      projectId: `demo-firestore-rules-${process.pid}`,
      firestore: { host, port: Number(port), rules: readFileSync(RULES_FILE, 'utf8') },
    });
  });
  afterAll(async () => {
    await env?.cleanup();
  });

  beforeEach(async () => {
    await env.clearFirestore();
    // One document in each collection (and one below it), written past the rules as the API's Admin SDK would.
    await env.withSecurityRulesDisabled(async (admin) => {
      const db = admin.firestore();
      for (const name of COLLECTIONS) {
        await setDoc(doc(db, name, 'existing'), { title: `a ${name} document`, eventId: 'e1', email: 'visitor@example.org', count: 1 });
        await setDoc(doc(db, name, 'existing', 'nested', 'child'), { title: 'below' });
      }
      await setDoc(doc(db, 'settings', 'theme'), { primaryColor: '#336699' });
    });
  });

  it('the seeded documents exist (so every refusal below is the rules, not a missing document)', async () => {
    await env.withSecurityRulesDisabled(async (admin) => {
      const db = admin.firestore();
      for (const name of COLLECTIONS) expect((await getDoc(doc(db, name, 'existing'))).data()?.title).toBe(`a ${name} document`);
      expect((await getDoc(doc(db, 'settings', 'theme'))).exists()).toBe(true);
    });
  });

  for (const client of CLIENTS) {
    describe(client.name, () => {
      it('cannot read any document, the theme included, or anything below one', async () => {
        const db = client.context(env).firestore();
        for (const name of COLLECTIONS) {
          await assertFails(getDoc(doc(db, name, 'existing')));
          await assertFails(getDoc(doc(db, name, 'missing')));
          await assertFails(getDoc(doc(db, name, 'existing', 'nested', 'child')));
        }
        await assertFails(getDoc(doc(db, 'settings', 'theme')));
      });

      it('cannot list or query any collection, nor query across collections', async () => {
        const db = client.context(env).firestore();
        for (const name of COLLECTIONS) {
          await assertFails(getDocs(collection(db, name)));
          await assertFails(getDocs(query(collection(db, name), where('email', '==', 'visitor@example.org'))));
          await assertFails(getDocs(query(collection(db, name), limit(1))));
        }
        await assertFails(getDocs(collectionGroup(db, 'nested')));
        await assertFails(getDocs(query(collectionGroup(db, 'rsvps'), where('eventId', '==', 'e1'))));
      });

      it('cannot create, replace, update or delete any document', async () => {
        const db = client.context(env).firestore();
        for (const name of COLLECTIONS) {
          await assertFails(setDoc(doc(db, name, 'new'), { title: 'from a client' }));
          await assertFails(addDoc(collection(db, name), { title: 'from a client' }));
          await assertFails(setDoc(doc(db, name, 'existing'), { title: 'replaced' }));
          await assertFails(setDoc(doc(db, name, 'existing'), { count: 2 }, { merge: true }));
          await assertFails(updateDoc(doc(db, name, 'existing'), { count: 2 }));
          await assertFails(deleteDoc(doc(db, name, 'existing')));
          await assertFails(setDoc(doc(db, name, 'existing', 'nested', 'child'), { title: 'replaced' }));
        }
        await assertFails(setDoc(doc(db, 'settings', 'theme'), { primaryColor: '#ff0000' }));
        await assertFails(updateDoc(doc(db, 'settings', 'theme'), { customCss: 'body { display: none }' }));
        await assertFails(deleteDoc(doc(db, 'settings', 'theme')));
        const batch = writeBatch(db);
        batch.set(doc(db, 'events', 'batched'), { title: 'batched' });
        batch.update(doc(db, 'rsvps', 'existing'), { status: 'checked_in' });
        await assertFails(batch.commit());
      });

      it('refused writes change nothing: every seeded document is as it was and nothing was added', async () => {
        const db = client.context(env).firestore();
        for (const name of ['events', 'rsvps', 'admins', 'settings']) {
          await assertFails(setDoc(doc(db, name, 'existing'), { title: 'replaced' }));
          await assertFails(deleteDoc(doc(db, name, 'existing')));
          await assertFails(setDoc(doc(db, name, 'new'), { title: 'from a client' }));
        }
        await env.withSecurityRulesDisabled(async (admin) => {
          const adminDb = admin.firestore();
          for (const name of COLLECTIONS) {
            const docs = await getDocs(collection(adminDb, name));
            expect(docs.docs.map((snapshot) => snapshot.id).sort(), name).toEqual(name === 'settings' ? ['existing', 'theme'] : ['existing']);
            expect(docs.docs.find((snapshot) => snapshot.id === 'existing')?.data().title).toBe(`a ${name} document`);
          }
        });
      });
    });
  }

  it('rules-disabled access (the Admin SDK path) still reads and writes: the refusals above are the rules', async () => {
    await env.withSecurityRulesDisabled(async (admin) => {
      const db = admin.firestore();
      await assertSucceeds(setDoc(doc(db, 'events', 'by-admin-sdk'), { title: 'ok' }));
      await assertSucceeds(getDoc(doc(db, 'events', 'by-admin-sdk')));
    });
  });
});
