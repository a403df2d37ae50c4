// What the door journeys share (checkin, door-offline, door-words): an event of their own, its
// registrations, a ticket as the API shows it, the door's status line, and a browser with a camera.
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './browser.js';
import { uniqueEmail } from './mail.js';
import { api, idToken } from './support.js';

export interface Ticket {
  checkedIn: boolean;
  checkedInAt: string | null;
  checkedInBy: string | null;
}

/** A free event dated tomorrow, only for the calling test, so other journeys' attendees do not mix in. */
export async function doorEvent(label: string) {
  const date = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 16);
  const { event } = await api<{ event: { id: string; title: string } }>('/events', {
    method: 'POST',
    token: await idToken(),
    body: JSON.stringify({ title: `${label} ${Date.now()}`, date, location: 'Zion Lodge' }),
  });
  return event;
}

/** Registers `name` (with an address of their own) for the event; answers the ticket id. */
export async function register(eventId: string, name: string): Promise<string> {
  const reply = await api<{ rsvpId: string }>(`/events/${eventId}/rsvp`, {
    method: 'POST',
    body: JSON.stringify({ name, email: uniqueEmail(name.toLowerCase().replace(/\W+/g, '-')) }),
  });
  return reply.rsvpId;
}

/** The ticket as its public page's data shows it. */
export async function ticket(id: string): Promise<Ticket> {
  return (await api<{ ticket: Ticket }>(`/checkin/${id}?format=json`)).ticket;
}

/** The door's status line (what the last lookup or check-in said). */
export const doorStatus = (page: Page) => page.locator('.checkin-status');

/**
 * A browser whose camera plays `video` (a y4m file): Chromium's fake capture device stands in for
 * a door phone's camera, and the permission prompt is answered yes.
 */
export function launchWithCamera(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}
