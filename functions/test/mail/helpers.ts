import { inflateSync } from 'node:zlib';
import { EVENTS } from '../../src/events/repository.js';
import { MAIL_JOBS, queueMail, type MailKind, type MailJob } from '../../src/outbox/outbox.js';
import type { MailMessage, MailSender } from '../../src/mail/port.js';
import type { Clock } from '../../src/clock.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import type { EventRecord } from '../../src/shared/events-model.js';
import type { RsvpRecord } from '../../src/shared/rsvps-model.js';
import type { DocumentStore } from '../../src/store/port.js';
import type { EmailTemplate } from '../../src/shared/email-templates-model.js';
import { openTestStore } from '../support/store.js';

export const SITE_URL = 'https://zion.example.org';
export const FROM = 'Zion Events <events@zion.example.org>';
export const TIME_ZONE = 'America/Denver';

export function fixedClock(iso = '2026-11-21T12:00:00.000Z'): Clock & { set(iso: string): void; advance(ms: number): void } {
  let now = new Date(iso);
  return {
    now: () => now,
    set: (value: string) => (now = new Date(value)),
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
}

/** A fresh store (SQLite or the Firestore emulator: support/store.ts); `reopen()` opens a second connection (another "process"). */
export function tempStore() {
  return openTestStore();
}

/** A mailer that records what it sends; `fail` makes it throw. */
export function recordingMailer(options: { fail?: () => Error | null; delayMs?: number } = {}) {
  const sent: MailMessage[] = [];
  const mailer: MailSender & { sent: MailMessage[] } = {
    kind: 'local-outbox',
    sent,
    async send(message) {
      if (options.delayMs) await new Promise((done) => setTimeout(done, options.delayMs));
      const error = options.fail?.();
      if (error) throw error;
      sent.push(message);
    },
  };
  return mailer;
}

export function eventRecord(overrides: Partial<EventRecord> = {}): Omit<EventRecord, 'id'> {
  return {
    title: 'Night Sky Walk',
    description: 'Stars over the canyon.',
    // 02:30 UTC on Dec 6 is 7:30 PM on Saturday Dec 5 in Denver.
    date: '2026-12-06T02:30:00.000Z',
    endDate: null,
    registrationClosesAt: null,
    location: 'Canyon Junction Bridge',
    maxAttendees: null,
    ticketTypes: ['General'],
    ticketPrices: {},
    requiresPayment: false,
    eventType: 'free',
    eventImage: '',
    mailchimpAudienceId: '',
    mailchimpTags: [],
    tags: [],
    isActive: true,
    isArchived: false,
    eventStatus: 'active',
    generateTickets: true,
    rsvpOnlyMode: false,
    allowAdditionalInfo: false,
    customUrl: 'night-sky-walk',
    maxRegistrationsPerEmail: 4,
    confirmByEmail: false,
    reminderOffsetsHours: [24, 2],
    refundUntilHoursBefore: 48,
    attendeeCount: 1,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export function rsvpRecord(eventId: string, overrides: Partial<RsvpRecord> = {}): Omit<RsvpRecord, 'id'> {
  return {
    eventId,
    name: 'Alex Rivera',
    email: 'alex@example.org',
    address: '',
    city: '',
    state: '',
    zipCode: '',
    ticketType: 'General',
    additionalInfo: '',
    status: 'confirmed',
    paymentStatus: 'free',
    amountDue: 0,
    amountPaid: 0,
    amountRefunded: 0,
    refundedAt: null,
    paymentIntentId: null,
    holdExpiresAt: null,
    createdAt: '2026-11-20T00:00:00.000Z',
    checkedIn: false,
    checkedInAt: null,
    checkedInBy: null,
    cancelledAt: null,
    cancelledBy: null,
    refundRequestedAt: null,
    transferredTo: null,
    transferredFrom: null,
    transferredAt: null,
    ...overrides,
  };
}

let counter = 0;

/** Stores an event and a confirmed RSVP; returns their ids. */
export async function seedRsvp(
  store: DocumentStore,
  options: { event?: Partial<EventRecord>; rsvp?: Partial<RsvpRecord> } = {},
): Promise<{ eventId: string; rsvpId: string }> {
  counter++;
  const eventId = `event-${counter}`;
  const rsvpId = `rsvp${counter}-Tk7Qm2Xb9LpV4sWc`;
  await store.set(EVENTS, eventId, eventRecord(options.event));
  await store.set(RSVPS, rsvpId, rsvpRecord(eventId, options.rsvp));
  return { eventId, rsvpId };
}

export async function queueJob(store: DocumentStore, job: { kind: MailKind; rsvpId: string; to?: string }, now: Date): Promise<string> {
  return store.runTransaction(async (tx) => queueMail(tx, { kind: job.kind, rsvpId: job.rsvpId, to: job.to ?? 'alex@example.org' }, now));
}

export async function jobOf(store: DocumentStore, id: string): Promise<MailJob> {
  const doc = await store.get<MailJob>(MAIL_JOBS, id);
  if (!doc) throw new Error(`no job ${id}`);
  return doc.data;
}

/** A minimal PNG reader: the header fields and the decoded RGBA-or-grey pixels (enough to check a QR code). */
export function decodePng(png: Buffer) {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!png.subarray(0, 8).equals(signature)) throw new Error('not a PNG');
  let offset = 8;
  let header: { width: number; height: number; bitDepth: number; colorType: number } | undefined;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), bitDepth: data[8], colorType: data[9] };
    }
    if (type === 'IDAT') idat.push(data);
    if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!header) throw new Error('no IHDR');
  if (header.bitDepth !== 8) throw new Error(`unsupported bit depth ${header.bitDepth}`);
  const channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[header.colorType];
  if (!channels) throw new Error(`unsupported colour type ${header.colorType}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = header.width * channels;
  const pixels = Buffer.alloc(stride * header.height);
  for (let y = 0; y < header.height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? pixels[y * stride + x - channels] : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const upLeft = y > 0 && x >= channels ? pixels[(y - 1) * stride + x - channels] : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = Math.floor((left + up) / 2);
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[y * stride + x] = (line[x] + predictor) & 0xff;
    }
  }
  return { ...header, channels, isDark: (x: number, y: number) => pixels[y * stride + x * channels] < 128 };
}

/**
 * The attack as found (issue 23): about 800 bytes that rendered 100 MB in 16.6 s with 1.17 GB of
 * memory. Nine nested {{#each}} over the whole context (four values each) repeat the body 4^9 times.
 */
export const AMPLIFYING_TEMPLATE: EmailTemplate = {
  subjectTemplate: 'Your ticket',
  htmlTemplate:
    '{{#each @root}}'.repeat(9) +
    '<tr><td style="padding:8px 32px;font-family:Georgia,serif;font-size:16px;line-height:1.6;color:#2c2c2c;">{{event.title}}, {{event.formattedDate}} at {{event.formattedTime}}: {{event.location}}</td></tr>\n'.repeat(3) +
    '{{/each}}'.repeat(9),
};
