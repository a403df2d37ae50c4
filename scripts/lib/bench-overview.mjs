// The overview's records for `npm run bench` (issue 30 item 3): an event of 2,000 registrations spread
// over the past 30 days (paid, cancelled, refunded, half of those holding a seat checked in at two
// doors with their audit entries, as the API writes them), and a few smaller upcoming events beside it
// so the cards compare. Written straight into the store, many per transaction: seeding is not what is measured.
import { DateTime } from 'luxon';

const DAY_MS = 86_400_000;

/** An event input for `createEventService(...).create` through the API's schema (its defaults filled), on the local `date` ('YYYY-MM-DDTHH:mm'). */
function eventInput(lib, title, capacity, date) {
  return lib.eventInputSchema.parse({ ...lib.benchEventInput(title, capacity), date });
}

/**
 * Seeds the overview's events; answers the big event's id and how many registrations were written.
 * `lib` holds the built API's modules the bench already imported.
 */
export async function seedOverview({ deps, lib, registrations = 2000, others = 5, perOther = 100 }) {
  const { createEventService, RSVPS, newRsvp, newId, recordAudit, STORE_LIMITS } = lib;
  const events = createEventService(deps);
  const now = new Date();
  const local = DateTime.fromJSDate(now).setZone(deps.timeZone);
  // Tonight (two hours from now): its page has the door view, with its check-ins by door.
  const big = await events.create(eventInput(lib, 'Bench overview night', registrations + 500, local.plus({ hours: 2 }).toFormat("yyyy-MM-dd'T'HH:mm")));
  const smaller = [];
  for (let i = 0; i < others; i++) {
    smaller.push(await events.create(eventInput(lib, `Bench overview ${i + 1}`, 200, local.plus({ days: 3 + i * 4 }).set({ hour: 19, minute: 0 }).toFormat("yyyy-MM-dd'T'HH:mm"))));
  }
  const staff = { kind: 'staff', uid: 'bench', email: 'bench-door@example.org', role: 'staff' };
  const person = { address: '', city: '', state: '', zipCode: '', additionalInfo: '' };

  /** The i-th of `count` registrations of an event, created over the 30 days before now. */
  function record(eventId, i, count, withDoor) {
    const createdAt = new Date(now.getTime() - 30 * DAY_MS + Math.floor(((i + 0.5) * 30 * DAY_MS) / count) - 60_000);
    const rsvp = newRsvp({ id: eventId, confirmByEmail: false }, { ...person, name: `Overview Guest ${i}`, email: `overview${i}@example.org` }, 'General', 0, createdAt);
    if (i % 3 === 0) Object.assign(rsvp, { paymentStatus: 'paid', amountDue: 2500, amountPaid: 2500, paymentIntentId: `pi_bench_${eventId}_${i}`, paidAt: new Date(createdAt.getTime() + 300_000).toISOString() });
    if (i % 10 === 1) Object.assign(rsvp, { status: 'cancelled', cancelledAt: new Date(createdAt.getTime() + 2 * DAY_MS).toISOString(), cancelledBy: 'attendee' });
    if (i % 75 === 0) {
      const at = new Date(createdAt.getTime() + DAY_MS).toISOString();
      Object.assign(rsvp, { status: 'cancelled', paymentStatus: 'refunded', amountRefunded: 2500, refundedAt: at, cancelledAt: at });
    }
    const checkIn = withDoor && rsvp.status === 'confirmed' && i % 2 === 0;
    if (checkIn) Object.assign(rsvp, { checkedIn: true, checkedInAt: new Date(now.getTime() - ((i * 7919) % 7_200_000)).toISOString(), checkedInBy: staff.email });
    return { rsvp, door: checkIn ? (i % 4 === 0 ? 'Gate 1' : 'Gate 2') : null };
  }

  async function write(eventId, count, withDoor) {
    // Each registration writes its RSVP and, when checked in, its audit entry: half a commit's worth at a time.
    const batch = Math.floor(STORE_LIMITS.writesPerCommit / 2);
    for (let start = 0; start < count; start += batch) {
      await deps.store.runTransaction(async (tx) => {
        for (let i = start; i < Math.min(count, start + batch); i++) {
          const id = newId();
          const { rsvp, door } = record(eventId, i, count, withDoor);
          tx.create(RSVPS, id, rsvp);
          if (door) {
            const target = { type: 'rsvp', id, eventId, label: rsvp.name };
            recordAudit(tx, { actor: staff, action: 'checkin.checkedIn', target, checkIn: { door, scannedAt: null, syncedAt: rsvp.checkedInAt } }, new Date(rsvp.checkedInAt));
          }
        }
      });
    }
  }
  await write(big.id, registrations, true);
  for (const event of smaller) await write(event.id, perOther, false);
  return { eventId: big.id, events: others + 1, registrations: registrations + others * perOther };
}
