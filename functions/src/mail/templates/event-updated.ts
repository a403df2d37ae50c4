import Handlebars from 'handlebars';
import { DETAILS, FONT, button, layout } from './layout.js';
import { oneLine, type RenderedEmail } from './render.js';

/*
 * 'Event updated' (issue 25 item 2): an admin moved an event, and each ticket holder is told the
 * new date, time and place, with the calendar file that replaces their entry. Fixed wording, not
 * admin-editable; it repeats nothing the attendee typed but their own name, to their own address.
 */

const updatedTemplates = Handlebars.create();

export interface EventUpdatedContext {
  /** mapUrl: the location's map search (issue 26 item 5), '' when there is no location. */
  event: { title: string; formattedDate: string; formattedTime: string; location: string; mapUrl: string };
  rsvp: { name: string };
  /** What changed, said in a sentence, e.g. 'The date and time have changed.' */
  changed: string;
  /** Ours alone (the site's address and a ticket id). */
  ticketUrl: string;
}

const html = updatedTemplates.compile<EventUpdatedContext>(
  layout({
    title: 'Event updated: {{event.title}}',
    preheader: '{{changed}}',
    eyebrow: 'Event updated',
    body: `        <tr>
          <td style="padding:24px 32px 8px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hello {{rsvp.name}},</p>
            <p style="margin:0 0 18px;">{{changed}} Here is the event as it now stands; your ticket stays valid.</p>
          </td>
        </tr>
${DETAILS}
        <tr>
          <td style="padding:20px 32px 8px;">
            ${button('{{ticketUrl}}', 'View my ticket')}
          </td>
        </tr>
        <tr>
          <td style="padding:12px 32px 28px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0;">The attached calendar file (.ics) updates the entry already in your calendar.</p>
          </td>
        </tr>`,
  }),
  { strict: false },
);

/** The sentence of what changed. */
export function describeEventChanges(changes: readonly string[]): string {
  const date = changes.includes('date');
  const place = changes.includes('location');
  if (date && place) return 'The date, time and place of this event have changed.';
  if (place) return 'The place of this event has changed.';
  return 'The date and time of this event have changed.';
}

export function renderEventUpdated(context: EventUpdatedContext): RenderedEmail {
  const { event } = context;
  return {
    subject: oneLine(`Event updated: ${event.title}`),
    html: html(context),
    text: `Hello ${context.rsvp.name},\n\n${context.changed} Here is the event as it now stands; your ticket stays valid.\n\n${event.title}\n${event.formattedDate}, ${event.formattedTime}\n${event.location}${event.mapUrl ? ` (map: ${event.mapUrl})` : ''}\n\nView my ticket: ${context.ticketUrl}\n\nThe attached calendar file (.ics) updates the entry already in your calendar.`,
  };
}
