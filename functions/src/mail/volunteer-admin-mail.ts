import { EVENTS } from '../events/repository.js';
import { escapeHtml } from '../http/local-page.js';
import type { MailJob } from '../outbox/outbox.js';
import { VOLUNTEER_SLUG } from '../shared/constants.js';
import { mapSearchUrl } from '../shared/map-model.js';
import { firstNameOf } from '../shared/reminders-model.js';
import type { DocumentStore } from '../store/port.js';
import { VOLUNTEER_MESSAGES_SENT, VOLUNTEER_ROLES, VOLUNTEER_SHIFTS, VOLUNTEER_SIGNUPS } from '../volunteers/repository.js';
import type { Composed } from './delivery.js';
import { renderOrDefault, type TemplateStore } from './template-store.js';
import { formatEventDate, type VolunteerConfirmationContext } from './templates/render.js';
import { shiftTimeText } from './volunteer-mail.js';

export interface VolunteerAdminMailDeps {
  store: DocumentStore;
  templates: TemplateStore;
  timeZone: string;
  siteUrl: string;
  from: string;
  logger: Pick<Console, 'error'>;
}

/**
 * Issue 29 item 3: the e-mails of the admins' Volunteers tab. 'Volunteer shift cancelled' (an
 * editable template) tells a person an admin cancelled their sign-up; a shift message is the
 * admin's own subject and plain text, sent as written (HTML-escaped in its HTML part).
 */
export function createVolunteerAdminMail({ store, templates, timeZone, siteUrl, from, logger }: VolunteerAdminMailDeps) {
  return {
    async composeCancelled(job: MailJob): Promise<Composed> {
      const signup = job.volunteerSignupId ? await store.get(VOLUNTEER_SIGNUPS, job.volunteerSignupId) : null;
      if (!signup) return { skip: 'Volunteer sign-up not found' };
      // Moved back or signed up again since? The e-mail still tells of the shift it was cancelled from.
      const [shift, role, event] = await Promise.all([
        store.get(VOLUNTEER_SHIFTS, signup.data.shiftId),
        store.get(VOLUNTEER_ROLES, signup.data.roleId),
        signup.data.eventId ? store.get(EVENTS, signup.data.eventId) : Promise.resolve(null),
      ]);
      if (!shift || !role) return { skip: 'Volunteer shift not found' };
      const context: VolunteerConfirmationContext = {
        rsvp: { name: signup.data.name, firstName: firstNameOf(signup.data.name), email: signup.data.email },
        volunteer: {
          role: role.data.title,
          eventTitle: event?.data.title ?? '',
          date: formatEventDate(shift.data.start, timeZone).formattedDate,
          time: shiftTimeText(shift.data.start, shift.data.end, timeZone),
          place: shift.data.place,
          mapUrl: mapSearchUrl(shift.data.place),
          url: `${siteUrl.replace(/\/+$/, '')}/${VOLUNTEER_SLUG}`,
        },
      };
      const rendered = renderOrDefault('volunteerCancelled', await templates.load('volunteerCancelled'), context, logger);
      return { message: { to: job.to, from, ...rendered } };
    },

    async composeMessage(job: MailJob): Promise<Composed> {
      const message = job.volunteerMessageId ? await store.get(VOLUNTEER_MESSAGES_SENT, job.volunteerMessageId) : null;
      if (!message) return { skip: 'Volunteer message not found' };
      const signup = job.volunteerSignupId ? await store.get(VOLUNTEER_SIGNUPS, job.volunteerSignupId) : null;
      // Cancelled between the click and the send: the message is no longer theirs.
      if (!signup || signup.data.status !== 'active') return { skip: 'The sign-up is cancelled' };
      const text = message.data.message;
      const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6;color:#2c2c2c;">${text
        .split(/\n{2,}/)
        .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
        .join('')}</body></html>`;
      return { message: { to: job.to, from, subject: message.data.subject, html, text } };
    },
  };
}
