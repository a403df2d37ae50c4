import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { firestoreStore } from '../../src/store/firestore.js';
import { TransactionConflictError } from '../../src/store/port.js';

/** A Firestore whose transactions fail as the SDK fails them under contention it cannot get through. */
const failingWith = (error: Error) => ({ runTransaction: () => Promise.reject(error) }) as unknown as Firestore;

describe('the Firestore adapter under contention it cannot get through', () => {
  it('reports the SDK giving up after its retries as the port’s conflict (the API answers 503, not 500)', async () => {
    const store = firestoreStore(failingWith(new Error('Exceeded maximum number of retries allowed.')));
    await expect(store.runTransaction(async () => undefined)).rejects.toBeInstanceOf(TransactionConflictError);
  });

  it('reports ABORTED as a conflict too, and leaves other errors as they are', async () => {
    const aborted = Object.assign(new Error('10 ABORTED: Transaction lock timeout'), { code: 10 });
    await expect(firestoreStore(failingWith(aborted)).runTransaction(async () => undefined)).rejects.toBeInstanceOf(TransactionConflictError);
    const other = new Error('14 UNAVAILABLE');
    await expect(firestoreStore(failingWith(other)).runTransaction(async () => undefined)).rejects.toBe(other);
  });
});
