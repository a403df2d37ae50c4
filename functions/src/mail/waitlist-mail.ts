import type { Clock } from '../clock.js';
import { EVENTS, toEventDetails } from '../events/repository.js';
import type { Composed } from './delivery.js';
import { renderOrDefault, type TemplateStore } from './template-store.js';
import { eventUrl, formatDateTime, formatEventDate, type RenderedEmail, type TemplateContexts, type WaitlistJoinedContext, type WaitlistOfferContext } from './templates/render.js';
import type { MailJob } from '../outbox/outbox.js';
import { keptLinkKeys, linkKeyHash, newLinkKey } from '../rsvps/link-keys.js';
import { mapSearchUrl } from '../shared/map-model.js';
import { firstNameOf } from '../shared/reminders-model.js';
import { WAITLIST_SLUG } from '../shared/constants.js';
import type { DocumentStore } from '../store/port.js';
import { WAITLIST_ENTRIES, isInLine, positionsOf, readEntriesOfEvent, type WaitlistEntryDocument } from '../waitlist/repository.js';

/** The waitlist page of an entry; the key in the fragment (never in a request line, nor in a Referer). */
export function waitlistPageUrl(siteUrl: string, entryId: string, key: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/${WAITLIST_SLUG}/${encodeURIComponent(entryId)}#key=${key}`;
}

/** '1 seat', '2 seats, all together', '3 seats, or fewer'. */
export function seatsText(seats: number, together: boolean): string {
  if (seats === 1) return '1 seat';
  return `${seats} seats, ${together ? 'all together' : 'or fewer'}`;
}

export interface WaitlistMailDeps {
  store: DocumentStore;
  clock: Clock;
  templates: TemplateStore;
  timeZone: string;
  siteUrl: string;
  from: string;
  logger: Pick<Console, 'error'>;
}

/**
 * Issue 28 item 1: composes 'Waitlist joined'. A fresh page key is minted and only its hash kept on the
 * entry (rsvps/link-keys.ts), in a transaction that first checks the entry is still in line (one that
 * left before the mail went gets none).
 */
export function createWaitlistMail({ store, templates, timeZone, siteUrl, from, logger }: WaitlistMailDeps) {
  /** The stored template, or the default when the stored one no longer renders. */
  async function render<N extends 'waitlistJoined' | 'waitlistOffer'>(name: N, context: TemplateContexts[N]): Promise<RenderedEmail> {
    return renderOrDefault(name, await templates.load(name), context, logger);
  }

  /**
   * Mints a fresh page key for the job's entry and keeps only its hash, in a transaction that first
   * asks `notWanted` whether the e-mail still applies (a reason to skip, or null to send).
   */
  async function mintKey(job: MailJob, key: string, notWanted: (entry: WaitlistEntryDocument) => string | null) {
    const entryId = job.waitlistEntryId;
    if (!entryId) return { skip: 'The job names no waitlist entry' };
    return store.runTransaction(async (tx) => {
      const entry = await tx.get(WAITLIST_ENTRIES, entryId);
      if (!entry) return { skip: 'Waitlist entry not found' };
      const event = await tx.get(EVENTS, entry.data.eventId);
      if (!event) return { skip: 'Event not found' };
      const skip = notWanted(entry);
      if (skip) return { skip };
      tx.update(WAITLIST_ENTRIES, entry.id, { linkKeys: keptLinkKeys(entry.data.linkKeys, linkKeyHash(key)) });
      return { entry, event };
    });
  }

  return {
    /**
     * Issue 28 item 2: composes 'Waitlist offer' while the entry is still offered (one claimed, declined or
     * expired before the mail went gets none), minting a fresh page key as 'Waitlist joined' does.
     */
    async composeOffer(job: MailJob): Promise<Composed> {
      const key = newLinkKey();
      const found = await mintKey(job, key, (entry) => (entry.data.status !== 'offered' || !entry.data.offerExpiresAt ? `The entry is ${entry.data.status}, no offer to send` : null));
      if ('skip' in found) return { skip: found.skip ?? '' };
      const { entry } = found;
      const event = toEventDetails(found.event);
      const url = waitlistPageUrl(siteUrl, entry.id, key);
      const seats = entry.data.offerSeats ?? entry.data.seats;
      const context: WaitlistOfferContext = {
        event: { title: event.title, ...formatEventDate(event.date, timeZone), location: event.location, mapUrl: mapSearchUrl(event.location) },
        rsvp: { name: entry.data.name, firstName: firstNameOf(entry.data.name), email: entry.data.email },
        waitlist: { seats: entry.data.seats, url },
        offer: { seats, seatsText: seats === 1 ? '1 seat' : `${seats} seats`, expires: formatDateTime(new Date(entry.data.offerExpiresAt!), timeZone), claimUrl: url, declineUrl: url },
        urls: { event: eventUrl(siteUrl, event) },
      };
      return { message: { to: job.to, from, ...(await render('waitlistOffer', context)) } };
    },

    async compose(job: MailJob): Promise<Composed> {
      const key = newLinkKey();
      const found = await mintKey(job, key, (entry) => (isInLine(entry.data) ? null : `The entry is ${entry.data.status}, no longer in line`));
      if ('skip' in found) return { skip: found.skip ?? '' };
      const { entry } = found;
      // Counted outside the transaction (no lock on the whole line): the place as it is when the e-mail goes.
      const position = positionsOf(await readEntriesOfEvent(store, entry.data.eventId)).get(entry.id) ?? 0;
      const event = toEventDetails(found.event);
      const context: WaitlistJoinedContext = {
        event: { title: event.title, ...formatEventDate(event.date, timeZone), location: event.location, mapUrl: mapSearchUrl(event.location) },
        rsvp: { name: entry.data.name, firstName: firstNameOf(entry.data.name), email: entry.data.email },
        waitlist: { position, seats: entry.data.seats, seatsText: seatsText(entry.data.seats, entry.data.together), url: waitlistPageUrl(siteUrl, entry.id, key) },
        urls: { event: eventUrl(siteUrl, event) },
      };
      return { message: { to: job.to, from, ...(await render('waitlistJoined', context)) } };
    },
  };
}
