import type { Clock } from '../clock.js';
import type { MailchimpAudience } from '../shared/mailchimp-model.js';
import { collection, type DocumentStore } from '../store/port.js';
import { audienceNotFound, subscriberHash, type AudiencesPort, type MemberOutcome } from './port.js';

/*
 * The offline audiences adapter (DESIGN §3, local runs and tests only; config.ts never
 * chooses it in production): two demo audiences whose members are kept in the store and
 * shown on the local audiences page, behaving like Mailchimp where the site can tell: a new
 * member is created with its status_if_new (pending with consent: Mailchimp would now e-mail
 * its confirmation, which this demo does not send), and an existing member's status never changes.
 */

export type StoredAudience = { name: string; createdAt: string };
/**
 * A member's status, as Mailchimp has them. The site only ever creates 'pending' or
 * 'transactional' members; 'subscribed' comes from the person's own confirmation, and
 * 'unsubscribed' or 'cleaned' from them or Mailchimp: a status we never raise.
 */
export type OfflineMemberStatus = 'subscribed' | 'pending' | 'transactional' | 'unsubscribed' | 'cleaned';
export type StoredAudienceMember = {
  audienceId: string;
  email: string;
  /** The subscriber hash (MD5 of the lower-cased e-mail), as Mailchimp keys members. */
  hash: string;
  status: OfflineMemberStatus;
  firstName: string;
  lastName: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
};

export const OFFLINE_AUDIENCES = collection<StoredAudience>('offlineAudiences');
export const OFFLINE_AUDIENCE_MEMBERS = collection<StoredAudienceMember>('offlineAudienceMembers');

/** The demo audiences of local runs. */
export const DEMO_AUDIENCES = [
  { id: 'demo-volunteers', name: 'Zion Volunteers (demo)' },
  { id: 'demo-newsletter', name: 'Canyon Newsletter (demo)' },
] as const;

/** Mailchimp's refusal of an address it takes for fake; the demo refuses the reserved .invalid domain. */
export function offlineRefusal(email: string): string | null {
  return /\.invalid$/i.test(email.trim()) ? `${email} looks fake or invalid, please enter a real email address.` : null;
}

/** Writes the demo audiences that are missing (the seed, and a store from before them). */
export async function seedDemoAudiences(store: DocumentStore, now: Date): Promise<void> {
  for (const audience of DEMO_AUDIENCES) {
    if (!(await store.get(OFFLINE_AUDIENCES, audience.id))) await store.set(OFFLINE_AUDIENCES, audience.id, { name: audience.name, createdAt: now.toISOString() });
  }
}

export type OfflineAudienceView = MailchimpAudience & { members: (Omit<StoredAudienceMember, 'audienceId'> & { id: string })[] };

export function offlineAudiences(store: DocumentStore, clock: Clock) {
  async function audiences() {
    let docs = await store.query(OFFLINE_AUDIENCES);
    if (!docs.length) {
      await seedDemoAudiences(store, clock.now());
      docs = await store.query(OFFLINE_AUDIENCES);
    }
    return docs.sort((a, b) => a.data.name.localeCompare(b.data.name));
  }

  /** Like Mailchimp's member_count: subscribed members only (pending and transactional contacts are not counted). */
  async function memberCount(audienceId: string) {
    return (await store.query(OFFLINE_AUDIENCE_MEMBERS, { where: [['audienceId', '==', audienceId], ['status', '==', 'subscribed']] })).length;
  }

  const adapter = {
    kind: 'offline' as const,

    async listAudiences(): Promise<MailchimpAudience[]> {
      return Promise.all((await audiences()).map(async (doc) => ({ id: doc.id, name: doc.data.name, memberCount: await memberCount(doc.id) })));
    },

    async upsertMembers(audienceId: string, members: Parameters<AudiencesPort['upsertMembers']>[1]): Promise<MemberOutcome[]> {
      await audiences();
      if (!(await store.get(OFFLINE_AUDIENCES, audienceId))) throw audienceNotFound();
      const outcomes: MemberOutcome[] = [];
      for (const member of members) {
        const refusal = offlineRefusal(member.email);
        if (refusal) {
          outcomes.push({ email: member.email, ok: false, reason: refusal });
          continue;
        }
        const email = member.email.trim().toLowerCase();
        const hash = subscriberHash(email);
        const id = `${audienceId}_${hash}`;
        await store.runTransaction(async (tx) => {
          const existing = await tx.get(OFFLINE_AUDIENCE_MEMBERS, id);
          const nowIso = clock.now().toISOString();
          if (!existing) {
            tx.create(OFFLINE_AUDIENCE_MEMBERS, id, {
              audienceId,
              email,
              hash,
              status: member.statusIfNew,
              firstName: member.firstName,
              lastName: member.lastName,
              tags: [...member.tags],
              createdAt: nowIso,
              updatedAt: nowIso,
            });
            return;
          }
          // Like Mailchimp's status_if_new without status: an existing member keeps their status
          // (an unsubscribe stays one; a tick on our form never raises it); tags are only added.
          const tags = [...existing.data.tags, ...member.tags.filter((tag) => !existing.data.tags.includes(tag))];
          const changed =
            existing.data.firstName !== member.firstName || existing.data.lastName !== member.lastName || tags.length !== existing.data.tags.length;
          if (changed) tx.update(OFFLINE_AUDIENCE_MEMBERS, id, { firstName: member.firstName, lastName: member.lastName, tags, updatedAt: nowIso });
        });
        outcomes.push({ email: member.email, ok: true });
      }
      return outcomes;
    },

    /** The local audiences page: every audience with its members, newest change first. */
    async browse(): Promise<OfflineAudienceView[]> {
      return Promise.all(
        (await audiences()).map(async (doc) => {
          const members = await store.query(OFFLINE_AUDIENCE_MEMBERS, { where: [['audienceId', '==', doc.id]] });
          return {
            id: doc.id,
            name: doc.data.name,
            memberCount: members.filter((member) => member.data.status === 'subscribed').length,
            members: members
              .sort((a, b) => b.data.updatedAt.localeCompare(a.data.updatedAt) || a.data.email.localeCompare(b.data.email))
              .map(({ id, data: { audienceId: _audience, ...member } }) => ({ id, ...member })),
          };
        }),
      );
    },
  };
  return adapter satisfies AudiencesPort;
}

export type OfflineAudiences = ReturnType<typeof offlineAudiences>;
