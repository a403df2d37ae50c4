import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TTL_FIELD, firestoreStore } from '../../src/store/firestore.js';
import type { DocumentStore } from '../../src/store/port.js';

/*
 * Firestore's TTL policies expire a document only when its TTL field is a timestamp. The documents
 * that expire keep `expiresAt` as an ISO string (as the SQLite store does), so the adapter mirrors it
 * into a timestamp `ttlAt` on every write path, and reads never show that field.
 */

const emulator = process.env.FIRESTORE_EMULATOR_HOST;
if (!emulator) console.log('firestore-ttl.test.ts is skipped: FIRESTORE_EMULATOR_HOST is not set');

describe.skipIf(!emulator)('expiring documents carry a timestamp for the TTL policy', () => {
  let app: App;
  let db: Firestore;
  let store: DocumentStore;
  beforeAll(() => {
    app = initializeApp({ projectId: `demo-ttl-${process.pid}` }, `ttl-${process.pid}`);
    db = getFirestore(app);
    store = firestoreStore(db);
  });
  afterAll(async () => {
    await store.close();
    await deleteApp(app);
  });

  const raw = async (id: string) => (await db.collection('rateCounters').doc(id).get()).data();
  const at = (iso: string) => Timestamp.fromMillis(Date.parse(iso));

  it('set, create, set in a transaction and update each write ttlAt from expiresAt; reads leave it out', async () => {
    await store.set('rateCounters', 'plain', { count: 1, expiresAt: '2026-11-28T15:02:00.000Z' });
    expect((await raw('plain'))?.[TTL_FIELD]).toEqual(at('2026-11-28T15:02:00.000Z'));
    expect((await store.get('rateCounters', 'plain'))?.data).toEqual({ count: 1, expiresAt: '2026-11-28T15:02:00.000Z' });

    await store.runTransaction(async (tx) => {
      tx.create('rateCounters', 'created', { count: 1, expiresAt: '2026-11-28T15:03:00.000Z' });
      tx.set('rateCounters', 'kept', { count: 2, expiresAt: '2026-11-28T15:04:00.000Z' });
    });
    expect((await raw('created'))?.[TTL_FIELD]).toEqual(at('2026-11-28T15:03:00.000Z'));
    expect((await raw('kept'))?.[TTL_FIELD]).toEqual(at('2026-11-28T15:04:00.000Z'));

    await store.runTransaction(async (tx) => {
      const doc = await tx.get('rateCounters', 'kept');
      tx.update('rateCounters', 'kept', { count: (doc!.data.count as number) + 1, expiresAt: '2026-11-28T16:00:00.000Z' });
    });
    expect((await raw('kept'))?.[TTL_FIELD]).toEqual(at('2026-11-28T16:00:00.000Z'));
    const read = await store.runTransaction(async (tx) => tx.query('rateCounters', { where: [['count', '==', 3]] }));
    expect(read.map((doc) => doc.data)).toEqual([{ count: 3, expiresAt: '2026-11-28T16:00:00.000Z' }]);

    // An update that leaves expiresAt alone keeps the timestamp; clearing expiresAt clears it.
    await store.runTransaction(async (tx) => tx.update('rateCounters', 'kept', { count: 4 }));
    expect((await raw('kept'))?.[TTL_FIELD]).toEqual(at('2026-11-28T16:00:00.000Z'));
    await store.runTransaction(async (tx) => tx.update('rateCounters', 'kept', { expiresAt: null }));
    expect((await raw('kept'))?.[TTL_FIELD]).toBeUndefined();

    // Documents without expiresAt get nothing.
    await store.set('rateCounters', 'none', { count: 1 });
    expect(await raw('none')).toEqual({ count: 1 });
  });
});
