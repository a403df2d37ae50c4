import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('what the store refuses is a clear answer, never a 500', () => {
  it('text Firestore cannot store (a lone surrogate) is refused with 400, and nothing is stored', async () => {
    const event = await createTestEvent(api);
    const response = await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Ann \ud800 Lee', email: 'ann@example.org' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, code: 'INVALID_INPUT', message: MESSAGES.invalidInput });
    expect(await api.deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] })).toEqual([]);
  });
});
