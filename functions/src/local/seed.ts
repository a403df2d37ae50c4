import { readdir } from 'node:fs/promises';
import { DateTime } from 'luxon';
import { eventInputSchema } from '../shared/events.js';
import { roleSchema } from '../shared/session.js';
import type { Role } from '../shared/session-model.js';
import { themeSchema } from '../shared/theme.js';
import { grantRole } from '../admins/roles.js';
import { createEventService } from '../events/service.js';
import { newId } from '../ids.js';
import { seedDemoAudiences } from '../mailchimp/offline.js';
import type { ApiDependencies } from '../ports.js';
import { SPONSORS } from '../sponsors/service.js';
import { resolveTheme } from '../theme/rules.js';
import { createThemeService, SETTINGS } from '../theme/service.js';
import { addVolunteerRole, addVolunteerShift } from '../volunteers/setup.js';
import { seedRegistrationHistory, type SeedHistory } from './seed-history.js';

/** The demo content of local runs (emulators/seed/content.json). */
export interface SeedContent {
  accounts: { email: string; password: string; role: Role; displayName?: string }[];
  theme: Record<string, unknown>;
  /** `history`: registrations over the past weeks (issue 30: the overview's lines), see seed-history.ts. */
  events: { daysFromNow: number; time: string; archived?: boolean; event: Record<string, unknown>; history?: SeedHistory }[];
  sponsors: { name: string; logo: string }[];
  /** Issue 29: volunteer roles of a seeded event (by title), each shift on that event's day (times in the organisation's zone). */
  volunteers?: {
    event: string;
    roles: { title: string; description: string; freeTicket?: boolean; shifts: { start: string; end: string; place: string; capacity: number; minimum: number }[] }[];
  }[];
}

const SEED_MARKER = 'seed';

export async function isSeeded(deps: Pick<ApiDependencies, 'store'>) {
  return (await deps.store.get(SETTINGS, SEED_MARKER)) !== null;
}

/**
 * Fills an empty store with the demo theme, events, sponsors and roles. Event
 * dates are relative to today (in the organisation's zone) so the demo always
 * has upcoming events. Everything passes through the same schemas and services
 * as the API, so the seed can never hold data the API would refuse.
 */
export async function seedDemoContent(
  deps: Pick<ApiDependencies, 'store' | 'clock' | 'timeZone'> & Partial<Pick<ApiDependencies, 'payments'>>,
  content: SeedContent,
  imagesDir: string,
) {
  // The demo images are served as static files by Hosting (the stack copies
  // them into the site's /seed/ folder); check each one exists so a broken seed writes nothing.
  const available = new Set(await readdir(imagesDir));
  const referenced = JSON.stringify(content).match(/\/seed\/[\w-]+\.svg/g) ?? [];
  const missing = [...new Set(referenced)].map((path) => path.slice('/seed/'.length)).filter((name) => !available.has(name));
  if (missing.length) throw new Error(`Seed images missing from ${imagesDir}: ${missing.join(', ')}`);

  await createThemeService(deps.store).save(themeSchema.parse(resolveTheme(content.theme)));

  const events = createEventService(deps);
  const today = DateTime.fromJSDate(deps.clock.now()).setZone(deps.timeZone).startOf('day');
  const seeded = new Map<string, { id: string; day: DateTime }>();
  const histories: { event: { id: string; ticketTypes: string[]; requiresPayment: boolean }; history: SeedHistory }[] = [];
  for (const item of content.events) {
    const [hour, minute] = item.time.split(':').map(Number);
    const date = today.plus({ days: item.daysFromNow }).set({ hour, minute }).toFormat("yyyy-MM-dd'T'HH:mm");
    const created = await events.create(eventInputSchema.parse({ ...item.event, date }));
    if (item.archived) await events.archive(created.id);
    seeded.set(String(item.event.title), { id: created.id, day: today.plus({ days: item.daysFromNow }) });
    if (item.history) histories.push({ event: created, history: item.history });
  }

  const now = deps.clock.now();
  // Paid tickets are paid through the offline test gateway (local runs); with another gateway a paid event keeps no history.
  for (const { event, history } of histories) await seedRegistrationHistory(deps, event, history, now);
  for (const group of content.volunteers ?? []) {
    const event = seeded.get(group.event);
    if (!event) throw new Error(`Seed volunteers name an event that is not seeded: ${group.event}`);
    const at = (time: string) => {
      const [hour, minute] = time.split(':').map(Number);
      return event.day.set({ hour, minute }).toUTC().toISO() ?? '';
    };
    for (const [order, role] of group.roles.entries()) {
      const roleId = await addVolunteerRole(deps.store, { title: role.title, description: role.description, eventId: event.id, order, freeTicket: role.freeTicket ?? false }, now);
      for (const shift of role.shifts) await addVolunteerShift(deps.store, { ...shift, roleId, start: at(shift.start), end: at(shift.end) }, now);
    }
  }

  for (const [index, sponsor] of content.sponsors.entries()) {
    await deps.store.set(SPONSORS, newId(), { name: sponsor.name, logo: sponsor.logo, createdAt: new Date(now.getTime() + index).toISOString() });
  }

  for (const account of content.accounts) {
    await grantRole(deps.store, { email: account.email, role: roleSchema.parse(account.role), addedBy: 'seed', now });
  }
  // The offline Mailchimp adapter's two demo audiences (the local audiences page shows their members).
  await seedDemoAudiences(deps.store, now);
  await deps.store.set(SETTINGS, SEED_MARKER, { seededAt: now.toISOString() });
}
