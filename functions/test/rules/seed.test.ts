import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEventService } from '../../src/events/service.js';
import { isSeeded, seedDemoContent, type SeedContent } from '../../src/local/seed.js';
import type { ApiDependencies } from '../../src/ports.js';
import { openTestStore } from '../support/store.js';
import { createThemeService } from '../../src/theme/service.js';
import { EVENTS } from '../../src/events/repository.js';
import { ADMINS } from '../../src/admins/roles.js';
import { SPONSORS } from '../../src/sponsors/service.js';
import { VOLUNTEER_ROLES, VOLUNTEER_SHIFTS } from '../../src/volunteers/repository.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { seatsTaken } from '../../src/seats/repository.js';
import { offlineGateway } from '../../src/payments/offline.js';
import { createOverviewService } from '../../src/overview/service.js';
import { dayOf } from '../../src/overview/rules.js';
import { OVERVIEW_MESSAGES } from '../../src/shared/overview-model.js';

const seedDir = fileURLToPath(new URL('../../../emulators/seed', import.meta.url));
const content = JSON.parse(readFileSync(join(seedDir, 'content.json'), 'utf8')) as SeedContent;

function freshDeps(): Pick<ApiDependencies, 'store' | 'clock' | 'timeZone'> {
  return {
    store: openTestStore().store,
    clock: { now: () => new Date('2026-11-21T12:00:00Z') },
    timeZone: 'America/Denver',
  };
}

describe('demo seed', () => {
  it('has the content the foundation issue asks for', async () => {
    const deps = freshDeps();
    await seedDemoContent(deps, content, join(seedDir, 'images'));
    expect(await isSeeded(deps)).toBe(true);
    const events = createEventService(deps);
    const all = await events.list({ archived: 'all' }, true);
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all.some((e) => !e.requiresPayment && e.maxAttendees !== null)).toBe(true);
    expect(all.some((e) => !e.requiresPayment && e.maxAttendees === null)).toBe(true);
    expect(all.some((e) => e.requiresPayment && e.ticketTypes.length >= 2 && Object.keys(e.ticketPrices).length >= 2)).toBe(true);
    expect(all.some((e) => !e.isActive && !e.isArchived)).toBe(true);
    expect(all.some((e) => e.isArchived)).toBe(true);
    expect(all.some((e) => e.customUrl)).toBe(true);
    expect(all.every((e) => e.eventImage.startsWith('/seed/'))).toBe(true);
    expect((await events.list({}, false)).every((e) => e.isActive && !e.isArchived && e.date > '2026-11-21')).toBe(true);
    expect(await deps.store.query(SPONSORS)).toHaveLength(3);
    // Issue 29: the restoration day's three volunteer roles, two shifts each, on the event's day.
    const restoration = all.find((e) => e.title === 'Riverside Restoration Day')!;
    const roles = await deps.store.query(VOLUNTEER_ROLES, { where: [['eventId', '==', restoration.id]] });
    expect(roles.map((role) => role.data.title).sort()).toEqual(['First aid', 'Planting crew', 'Water station']);
    const shifts = await deps.store.query(VOLUNTEER_SHIFTS, { where: [['eventId', '==', restoration.id]] });
    expect(shifts).toHaveLength(6);
    for (const role of roles) expect(shifts.filter((s) => s.data.roleId === role.id)).toHaveLength(2);
    expect(shifts.every((s) => s.data.start.slice(0, 10) === restoration.date.slice(0, 10) && s.data.end > s.data.start && s.data.filled === 0)).toBe(true);
    expect((await deps.store.get(ADMINS, 'admin@example.org'))?.data).toMatchObject({ role: 'admin', status: 'Active' });
    expect((await deps.store.get(ADMINS, 'staff@example.org'))?.data).toMatchObject({ role: 'staff', status: 'Active' });
    const theme = await createThemeService(deps.store).get();
    expect(theme.activeSlides).toEqual(['slide1', 'slide2', 'slide3']);
    expect(theme.sliderImages.slide1).toBe('/seed/slide1.svg');
    await deps.store.close();
  });

  it('carries registrations over the past weeks for the overview (issue 30), none on the events the journeys count', async () => {
    const base = freshDeps();
    const deps = { ...base, payments: offlineGateway(base.store, 'whsec_seed') };
    await seedDemoContent(deps, content, join(seedDir, 'images'));
    const now = deps.clock.now();
    const events = await createEventService(deps).list({ archived: 'all' }, true);
    const byTitle = (title: string) => events.find((event) => event.title === title)!;
    for (const item of content.events) {
      const event = byTitle(String(item.event.title));
      const rsvps = (await deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] })).map((doc) => doc.data);
      if (!item.history) {
        expect(rsvps, event.title).toHaveLength(0);
        continue;
      }
      const { registrations, selfCancelled = 0, refunded = 0 } = item.history;
      expect(rsvps, event.title).toHaveLength(registrations);
      expect(rsvps.every((rsvp) => rsvp.createdAt < now.toISOString()), event.title).toBe(true);
      expect(new Set(rsvps.map((rsvp) => dayOf(rsvp.createdAt, deps.timeZone))).size, event.title).toBeGreaterThanOrEqual(10);
      expect(rsvps.filter((rsvp) => rsvp.cancelledBy === 'attendee')).toHaveLength(selfCancelled);
      expect(rsvps.filter((rsvp) => rsvp.paymentStatus === 'refunded')).toHaveLength(event.requiresPayment ? refunded : 0);
      const holding = rsvps.filter((rsvp) => rsvp.status === 'confirmed');
      expect(holding).toHaveLength(registrations - selfCancelled - (event.requiresPayment ? refunded : 0));
      // The seats moved with them: the event's count is the tickets holding one.
      const doc = await deps.store.get(EVENTS, event.id);
      expect((await seatsTaken(deps.store, [doc!])).get(event.id) ?? 0).toBe(holding.length);
      if (event.requiresPayment) expect(holding.every((rsvp) => rsvp.paymentStatus === 'paid' && rsvp.amountPaid > 0 && rsvp.paidAt! > rsvp.createdAt)).toBe(true);
    }
    // The journeys count the stargazing night's and the condor dinner's seats: the first has none seeded.
    expect(content.events.find((item) => item.event.customUrl === 'stargazing')!.history).toBeUndefined();
    // The cards tell which sells and which does not: the photo walk nearly full, the stargazing night slow beside the bighorn watch.
    const cards = (await createOverviewService(deps).overview()).events;
    expect(cards.find((card) => card.title.startsWith('Photo Walk'))!.warning?.text).toBe(OVERVIEW_MESSAGES.nearlyFull);
    expect(cards.find((card) => card.title.startsWith('Night Sky'))!.warning?.text).toBe(OVERVIEW_MESSAGES.slowToFill);
    expect(cards.find((card) => card.title.startsWith('Desert Bighorn'))!.last7Days.some((day) => day.count > 0)).toBe(true);
    await deps.store.close();
  });

  it('writes nothing when an image is missing', async () => {
    const deps = freshDeps();
    const broken = { ...content, sponsors: [{ name: 'Ghost', logo: '/seed/ghost.svg' }] };
    await expect(seedDemoContent(deps, broken, join(seedDir, 'images'))).rejects.toThrow('ghost.svg');
    expect(await deps.store.query(EVENTS)).toHaveLength(0);
    expect(await isSeeded(deps)).toBe(false);
    await deps.store.close();
  });
});
