import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inlineCidImages, localOutbox } from '../../src/mail/local-outbox.js';
import { fixedClock, tempStore } from './helpers.js';

let env: ReturnType<typeof tempStore>;
beforeEach(() => {
  env = tempStore();
});
afterEach(() => env.close());

describe('localOutbox', () => {
  it('keeps every message in the store; list is newest first and filters by recipient', async () => {
    const clock = fixedClock('2026-11-21T12:00:00.000Z');
    const outbox = localOutbox(env.store, clock);
    expect(outbox.kind).toBe('local-outbox');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await outbox.send({
      to: 'Alex@Example.org',
      from: 'Zion Events <events@example.org>',
      replyTo: 'hello@example.org',
      subject: 'First',
      html: '<img src="cid:ticket-qr">',
      text: 'first',
      attachments: [{ filename: 'ticket-qr.png', contentType: 'image/png', content: png, contentId: 'ticket-qr' }],
    });
    clock.advance(1000);
    await outbox.send({ to: 'robin@example.org', from: 'events@example.org', subject: 'Second', html: '<p>2</p>' });
    clock.advance(1000);
    await outbox.send({ to: 'alex@example.org', from: 'events@example.org', subject: 'Third', html: '<p>3</p>' });

    const all = await outbox.list();
    expect(all.map((entry) => entry.subject)).toEqual(['Third', 'Second', 'First']);
    expect(all[2]).toEqual({ id: expect.any(String), to: 'Alex@Example.org', subject: 'First', sentAt: '2026-11-21T12:00:00.000Z' });
    expect((await outbox.list({ to: 'ALEX@example.org' })).map((entry) => entry.subject)).toEqual(['Third', 'First']);
    expect(await outbox.list({ to: 'nobody@example.org' })).toEqual([]);

    const first = await outbox.get(all[2].id);
    expect(first).toMatchObject({
      id: all[2].id,
      to: 'Alex@Example.org',
      from: 'Zion Events <events@example.org>',
      replyTo: 'hello@example.org',
      subject: 'First',
      html: '<img src="cid:ticket-qr">',
      text: 'first',
      sentAt: '2026-11-21T12:00:00.000Z',
      attachments: [{ filename: 'ticket-qr.png', contentType: 'image/png', contentId: 'ticket-qr', content: png.toString('base64') }],
    });
    expect(await outbox.get(all[1].id)).toMatchObject({ replyTo: null, text: null, attachments: [] });
    expect(await outbox.get('missing')).toBeNull();
  });

  it('inlineCidImages swaps known cid: images for data: URLs and leaves the rest alone', () => {
    const html = `<img src="cid:ticket-qr"><img src='cid:other'><a href="cid:doc">x</a>`;
    const attachments = [
      { filename: 'q.png', contentType: 'image/png', contentId: 'ticket-qr', content: 'AAAA' },
      { filename: 'd.pdf', contentType: 'application/pdf', contentId: 'doc', content: 'BBBB' },
    ];
    expect(inlineCidImages({ html, attachments })).toBe(`<img src="data:image/png;base64,AAAA"><img src='cid:other'><a href="cid:doc">x</a>`);
  });
});
