import type { Clock } from '../clock.js';
import { EventNotFoundError, findEvent } from '../events/repository.js';
import { listRsvpsOfEvent } from '../rsvps/repository.js';
import { syncSummary, type MailchimpAudience, type MailchimpSyncReply } from '../shared/mailchimp-model.js';
import type { DocumentStore } from '../store/port.js';
import type { AudiencesPort } from './port.js';
import { membersOfEvent } from './rules.js';
import { createMailchimpWorker } from './worker.js';

export interface MailchimpServiceDeps {
  store: DocumentStore;
  audiences: AudiencesPort;
  clock: Clock;
  logger?: Pick<Console, 'error'>;
}

/** The audiences (GET /mailchimp/audiences), the dashboard's sync of an event, and the automatic sync's worker. */
export function createMailchimpService({ store, audiences, clock, logger = console }: MailchimpServiceDeps) {
  const worker = createMailchimpWorker({ store, audiences, clock, logger });
  return {
    kind: audiences.kind,
    notConfiguredMessage: audiences.notConfiguredMessage,
    ...worker,

    listAudiences(): Promise<MailchimpAudience[]> {
      return audiences.listAudiences();
    },

    /**
     * Upserts every confirmed attendee of the event into the audience (one member per
     * e-mail address, consent deciding a new member's status) and says how each fared.
     * Upserts are keyed by the subscriber hash, so repeating the sync changes nothing.
     */
    async syncEvent(eventId: string, audienceId: string): Promise<MailchimpSyncReply> {
      const event = await findEvent(store, eventId);
      if (!event) throw new EventNotFoundError();
      const members = membersOfEvent(event.data, (await listRsvpsOfEvent(store, event.id)).map((doc) => doc.data));
      const outcomes = await audiences.upsertMembers(audienceId, members);
      const results = {
        success: outcomes.filter((outcome) => outcome.ok).length,
        failed: outcomes.flatMap((outcome) => (outcome.ok ? [] : [{ email: outcome.email, reason: outcome.reason }])),
      };
      return { success: true, message: syncSummary(results), results };
    },
  };
}
export type MailchimpService = ReturnType<typeof createMailchimpService>;
