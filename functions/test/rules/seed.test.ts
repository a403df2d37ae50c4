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

  it('writes nothing when an image is missing', async () => {
    const deps = freshDeps();
    const broken = { ...content, sponsors: [{ name: 'Ghost', logo: '/seed/ghost.svg' }] };
    await expect(seedDemoContent(deps, broken, join(seedDir, 'images'))).rejects.toThrow('ghost.svg');
    expect(await deps.store.query(EVENTS)).toHaveLength(0);
    expect(await isSeeded(deps)).toBe(false);
    await deps.store.close();
  });
});
