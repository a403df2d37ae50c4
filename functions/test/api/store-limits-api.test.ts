import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { TransactionConflictError } from '../../src/store/port.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('what the store refuses is a clear answer, never a 500', () => {
  it('text Firestore cannot store (a lone surrogate) is refused with 400, and nothing is stored', async () => {
    const event = await createTestEvent(api);
    const response = await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Ann Lee', email: 'ann@example.org', city: 'Spring \ud800 dale' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, code: 'INVALID_INPUT', message: MESSAGES.invalidInput });
    expect(await api.deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] })).toEqual([]);
  });
});

describe('contention the store could not get through', () => {
  it('is a 503 asking to try again in a moment, never a 500, and nothing is stored', async () => {
    const event = await createTestEvent(api);
    const store = api.deps.store;
    const runTransaction = store.runTransaction;
    // As the Firestore adapter reports a transaction whose retries ran out against other writers.
    store.runTransaction = async () => {
      throw new TransactionConflictError();
    };
    try {
      const response = await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Ann Lee', email: 'ann.busy@example.org' });
      expect(response.status).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.body).toEqual({ success: false, code: 'BUSY', message: MESSAGES.busy });
    } finally {
      store.runTransaction = runTransaction;
    }
    expect(await api.deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] })).toEqual([]);
  });
});
