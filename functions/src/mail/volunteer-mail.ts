import { DateTime } from 'luxon';
import { volunteerShiftCalendarFile } from '../calendar/shift-calendar.js';
import type { Clock } from '../clock.js';
import { EVENTS } from '../events/repository.js';
import type { MailJob } from '../outbox/outbox.js';
import { keptLinkKeys, linkKeyHash, newLinkKey } from '../rsvps/link-keys.js';
import { VOLUNTEER_SLUG } from '../shared/constants.js';
import { mapSearchUrl } from '../shared/map-model.js';
import { firstNameOf, startsInPhrase } from '../shared/reminders-model.js';
import type { DocumentStore } from '../store/port.js';
import { VOLUNTEER_ROLES, VOLUNTEER_SHIFTS, VOLUNTEER_SIGNUPS } from '../volunteers/repository.js';
import { volunteerPassUrl } from '../shared/volunteer-door-model.js';
import type { Composed } from './delivery.js';
import { ticketQrAttachment } from './qr.js';
import { VOLUNTEER_QR_CONTENT_ID } from './templates/volunteer.js';
import { renderOrDefault, type TemplateStore } from './template-store.js';
import { formatEventDate, type VolunteerConfirmationContext, type VolunteerReminderContext } from './templates/render.js';

/** The sign-up page of a volunteer; the key in the fragment (never in a request line, nor in a Referer). */
export function volunteerSignupUrl(siteUrl: string, signupId: string, key: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/${VOLUNTEER_SLUG}/signup/${encodeURIComponent(signupId)}#key=${key}`;
}

/** '8:00 AM – 11:00 AM MDT' in the organisation's time zone (the zone named once, at the end). */
export function shiftTimeText(start: string, end: string, timeZone: string): string {
  const from = DateTime.fromISO(start, { zone: 'utc' }).setZone(timeZone).setLocale('en-US');
  const to = DateTime.fromISO(end, { zone: 'utc' }).setZone(timeZone).setLocale('en-US');
  if (!from.isValid || !to.isValid) return '';
  return `${from.toFormat('h:mm a')} – ${to.toFormat('h:mm a ZZZZ')}`;
}

export interface VolunteerMailDeps {
  store: DocumentStore;
  clock: Clock;
  templates: TemplateStore;
  timeZone: string;
  siteUrl: string;
  from: string;
  logger: Pick<Console, 'error'>;
}

/**
 * Issue 29: composes 'Volunteer confirmation'. A fresh page key is minted and only its hash kept on
 * the sign-up (rsvps/link-keys.ts), in a transaction that first checks the sign-up is still active
 * (one cancelled before the mail went gets none).
 */
export function createVolunteerMail({ store, clock, templates, timeZone, siteUrl, from, logger }: VolunteerMailDeps) {
  /**
   * Mints a fresh page key on a sign-up still active (its hash kept on the sign-up) and reads what
   * the e-mail shows; a skip reason when the sign-up is gone, cancelled, or (a reminder) its shift has started.
   */
  async function readForMail(job: MailJob, options: { beforeStart: boolean }) {
    const signupId = job.volunteerSignupId;
    if (!signupId) return { skip: 'The job names no volunteer sign-up' };
    const key = newLinkKey();
    // Only the sign-up is read and written in the transaction: the shift's document is the counter
    // a rush queues on, so the e-mail reads it (and its role and event) outside, as plain text.
    const found = await store.runTransaction(async (tx) => {
      const signup = await tx.get(VOLUNTEER_SIGNUPS, signupId);
      if (!signup) return { skip: 'Volunteer sign-up not found' };
      if (signup.data.status !== 'active') return { skip: 'The sign-up is cancelled' };
      tx.update(VOLUNTEER_SIGNUPS, signup.id, { linkKeys: keptLinkKeys(signup.data.linkKeys, linkKeyHash(key)) });
      return { signup };
    });
    if ('skip' in found) return { skip: found.skip ?? '' };
    const { signup } = found;
    const [shift, role, event] = await Promise.all([
      store.get(VOLUNTEER_SHIFTS, signup.data.shiftId),
      store.get(VOLUNTEER_ROLES, signup.data.roleId),
      signup.data.eventId ? store.get(EVENTS, signup.data.eventId) : Promise.resolve(null),
    ]);
    if (!shift || !role) return { skip: 'Volunteer shift not found' };
    if (options.beforeStart && Date.parse(shift.data.start) <= clock.now().getTime()) return { skip: 'The shift has started' };
    const context: VolunteerConfirmationContext = {
      rsvp: { name: signup.data.name, firstName: firstNameOf(signup.data.name), email: signup.data.email },
      volunteer: {
        role: role.data.title,
        eventTitle: event?.data.title ?? '',
        date: formatEventDate(shift.data.start, timeZone).formattedDate,
        time: shiftTimeText(shift.data.start, shift.data.end, timeZone),
        place: shift.data.place,
        mapUrl: mapSearchUrl(shift.data.place),
        url: volunteerSignupUrl(siteUrl, signup.id, key),
        passCode: signup.id,
      },
    };
    return { signup, shift, role, event, context };
  }

  return {
    /** Issue 29: 'Volunteer reminder', before the shift (queued by volunteers/reminders.ts). */
    async composeReminder(job: MailJob): Promise<Composed> {
      const found = await readForMail(job, { beforeStart: true });
      if ('skip' in found) return { skip: found.skip ?? '' };
      const context: VolunteerReminderContext = {
        rsvp: found.context.rsvp,
        volunteer: { ...found.context.volunteer, startsIn: startsInPhrase(Date.parse(found.shift.data.start) - clock.now().getTime()) },
      };
      const rendered = renderOrDefault('volunteerReminder', await templates.load('volunteerReminder'), context, logger);
      return { message: { to: job.to, from, ...rendered } };
    },

    async compose(job: MailJob): Promise<Composed> {
      const found = await readForMail(job, { beforeStart: false });
      if ('skip' in found) return { skip: found.skip ?? '' };
      const { signup, shift, role, event, context } = found;
      const rendered = renderOrDefault('volunteerConfirmation', await templates.load('volunteerConfirmation'), context, logger);
      // The shift as a calendar entry (issue 29): the tickets' .ics builder, the shift's own times and place.
      const calendar = volunteerShiftCalendarFile({
        signupId: signup.id,
        volunteerPageUrl: `${siteUrl.replace(/\/+$/, '')}/${VOLUNTEER_SLUG}`,
        role: role.data.title,
        eventTitle: event?.data.title ?? '',
        shift: shift.data,
        cancelled: false,
        now: clock.now(),
      });
      // The pass (issue 29 item 5): the QR code the door scans, inline as a ticket's; then the shift's .ics.
      const attachments = [
        await ticketQrAttachment(volunteerPassUrl(siteUrl, signup.id), VOLUNTEER_QR_CONTENT_ID),
        { filename: calendar.filename, contentType: calendar.contentType, content: Buffer.from(calendar.text, 'utf8') },
      ];
      return { message: { to: job.to, from, ...rendered, attachments } };
    },
  };
}
