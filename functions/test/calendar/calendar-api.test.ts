import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS } from '../../src/events/repository.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { ticketCalendarPath } from '../../src/shared/calendar-model.js';
import { RSVP_MESSAGES } from '../../src/shared/rsvps-model.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

async function register(eventId: string, who: Record<string, string> = { name: 'Ada Lovelace', email: 'ada@example.org' }): Promise<string> {
  const response = await api.request.post(`/api/events/${eventId}/rsvp`).send(who);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.rsvpId;
}

const calendarFile = (ticketId: string) => api.request.get(`/api${ticketCalendarPath(ticketId)}`).buffer(true).parse((res, done) => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (text += chunk));
  res.on('end', () => done(null, text));
});

describe('GET /checkin/{id}/calendar.ics', () => {
  it("serves the ticket's .ics as a private download: the event's time, place and title, the ticket link, no personal data", async () => {
    const event = await createTestEvent(api, { title: 'Owls, Bats; Stars', location: 'Kolob Terrace' });
    const ticketId = await register(event.id);
    const response = await calendarFile(ticketId);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="owls-bats-stars.ics"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = response.body as string;
    expect(text).toContain(`\r\nUID:${ticketId}@events.example.org\r\nSEQUENCE:0\r\n`);
    // 19:30 in Denver (MST, UTC-7) on 5 December is 02:30 UTC on the 6th; two hours long.
    expect(text).toContain('\r\nDTSTART:20261206T023000Z\r\nDTEND:20261206T043000Z\r\n');
    expect(text).toContain('\r\nSUMMARY:Owls\\, Bats\\; Stars\r\nLOCATION:Kolob Terrace\r\n');
    expect(text).toContain(`\r\nURL;VALUE=URI:https://events.example.org/checkin/${ticketId}\r\n`);
    expect(text).toContain('\r\nSTATUS:CONFIRMED\r\n');
    expect(text).not.toMatch(/ada|lovelace|ATTENDEE|ORGANIZER/i);
  });

  it("always carries the event's current SEQUENCE", async () => {
    const event = await createTestEvent(api);
    const ticketId = await register(event.id);
    await api.deps.store.runTransaction(async (tx) => tx.update(EVENTS, event.id, { calendarSequence: 3 }));
    expect((await calendarFile(ticketId)).body).toContain('\r\nSEQUENCE:3\r\n');
  });

  it('a cancelled ticket\'s file says STATUS:CANCELLED', async () => {
    const event = await createTestEvent(api);
    const ticketId = await register(event.id);
    await api.request.delete(`/api/rsvps/${ticketId}`).set(api.bearer('admin')).expect(200);
    const response = await calendarFile(ticketId);
    expect(response.status).toBe(200);
    expect(response.body).toContain('\r\nSTATUS:CANCELLED\r\n');
  });

  it('404 with the usual envelope for an unknown id, and for a hold that never became a ticket (cancelled, released or not)', async () => {
    const notFound = async (id: string) => {
      const response = await api.request.get(`/api${ticketCalendarPath(id)}`);
      expect(response.status, id).toBe(404);
      expect(response.body).toMatchObject({ success: false, code: 'TICKET_NOT_FOUND', message: RSVP_MESSAGES.ticketNotFound });
      expect(response.headers['cache-control']).toBe('private, no-store');
    };
    await notFound('no-such-ticket');
    const paid = await createTestEvent(api, { requiresPayment: true, ticketTypes: ['General'], ticketPrices: { General: 20 } });
    const hold = await register(paid.id);
    await notFound(hold);
    const released = await register(paid.id, { name: 'Bo Diddley', email: 'bo@example.org' });
    await api.deps.store.runTransaction(async (tx) => tx.update(RSVPS, released, { status: 'released' }));
    await notFound(released);
    await api.request.delete(`/api/rsvps/${hold}`).set(api.bearer('admin')).expect(200);
    await notFound(hold);
  });
});
