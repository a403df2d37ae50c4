import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILCHIMP_JOBS } from '../../src/outbox/mailchimp-jobs.js';
import { offlineAudiences, OFFLINE_AUDIENCE_MEMBERS } from '../../src/mailchimp/offline.js';
import { AudienceError, type AudiencesPort } from '../../src/mailchimp/port.js';
import { createMailchimpService } from '../../src/mailchimp/service.js';
import { LEASE_MS as MAILCHIMP_LEASE_MS, MAX_ATTEMPTS as MAILCHIMP_MAX_ATTEMPTS, retryDelayMs as mailchimpRetryDelayMs } from '../../src/outbox/leased-jobs.js';
import { MAILCHIMP_MESSAGES } from '../../src/shared/mailchimp-model.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';

/*
 * The automatic sync is durable (issue 11, DESIGN §4): its job is written in the RSVP's own
 * transaction, so a process that dies between the commit and the sync loses nothing; a
 * worker claims a job with a lease and retries with back-off.
 */

const START = '2026-11-21T12:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(START) + ms).toISOString();
const quiet = { error: () => {} };

/** An adapter whose calls never come back until `crash()`: the process syncing died mid-call. */
function dyingAdapter() {
  let crash!: (error: Error) => void;
  const never = new Promise<never>((_, reject) => {
    crash = reject;
  });
  never.catch(() => {});
  const calls: string[] = [];
  const adapter: AudiencesPort = {
    kind: 'offline',
    listAudiences: async () => [],
    upsertMembers: (_audience, members) => {
      calls.push(...members.map((m) => m.email));
      return never;
    },
  };
  return { adapter, calls, crash: () => crash(new Error('the process died')) };
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('timed out');
}

describe('a crash between the RSVP and the sync', () => {
  const dying = dyingAdapter();
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ audiences: () => dying.adapter });
  });
  afterAll(async () => {
    dying.crash();
    await api.close();
  });

  it('the job committed with the RSVP is taken over by another worker once the lease lapses, and synced once', async () => {
    const event = await createTestEvent(api, { title: 'Owl Prowl', mailchimpAudienceId: 'demo-volunteers' });
    const reply = await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Olive Owl', email: 'olive@example.org', keepInformed: true });
    expect(reply.status).toBe(201);
    const rsvpId = reply.body.rsvpId as string;
    // The kick after the commit claimed the job, and its process "dies" in the middle of the call.
    const [job] = await waitFor(
      () => api.deps.store.query(MAILCHIMP_JOBS, { where: [['rsvpId', '==', rsvpId]] }),
      (jobs) => jobs[0]?.data.status === 'syncing' && dying.calls.length > 0,
    );
    expect(job.data).toMatchObject({ change: 'registered', audienceId: 'demo-volunteers', attempts: 1, leaseUntil: at(MAILCHIMP_LEASE_MS) });
    expect(dying.calls).toEqual(['olive@example.org']);

    // Another process on the same store: it leaves a held job alone until the lease lapses.
    const restarted = createMailchimpService({ store: api.deps.store, audiences: offlineAudiences(api.deps.store, api.clock), clock: api.clock, logger: quiet });
    expect(await restarted.syncDue()).toEqual({ synced: 0, retried: 0, failed: 0, skipped: 0 });
    api.clock.set(at(MAILCHIMP_LEASE_MS));
    expect(await restarted.syncDue()).toEqual({ synced: 1, retried: 0, failed: 0, skipped: 0 });
    const members = await api.deps.store.query(OFFLINE_AUDIENCE_MEMBERS, { where: [['email', '==', 'olive@example.org']] });
    expect(members.map((m) => [m.data.audienceId, m.data.status])).toEqual([['demo-volunteers', 'pending']]);
    expect((await api.deps.store.get(MAILCHIMP_JOBS, job.id))?.data).toMatchObject({ status: 'synced', attempts: 2, leaseUntil: null, syncedAt: at(MAILCHIMP_LEASE_MS) });

    // The first worker's late failure cannot overwrite the outcome: it no longer holds the lease.
    dying.crash();
    await api.services.mailchimp.whenIdle();
    expect((await api.deps.store.get(MAILCHIMP_JOBS, job.id))?.data.status).toBe('synced');
    expect(await restarted.syncDue()).toEqual({ synced: 0, retried: 0, failed: 0, skipped: 0 });
  });
});

describe('retries with back-off', () => {
  let failing = true;
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({
      audiences: (store, clock) => {
        const offline = offlineAudiences(store, clock);
        return {
          ...offline,
          upsertMembers: (audienceId, members) =>
            failing ? Promise.reject(new AudienceError('MAILCHIMP_FAILED', MAILCHIMP_MESSAGES.unavailable, true)) : offline.upsertMembers(audienceId, members),
        };
      },
    });
  });
  afterAll(() => api.close());

  it('a provider failure is retried 1 min, 2 min … later until it goes through', async () => {
    api.clock.set(START);
    const event = await createTestEvent(api, { title: 'Lizard Walk', mailchimpAudienceId: 'demo-newsletter' });
    const { rsvpId } = (await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Liz Ard', email: 'liz@example.org' })).body;
    await api.services.mailchimp.whenIdle();
    const read = async () => (await api.deps.store.query(MAILCHIMP_JOBS, { where: [['rsvpId', '==', rsvpId]] }))[0];
    expect((await read()).data).toMatchObject({ status: 'pending', attempts: 1, lastError: MAILCHIMP_MESSAGES.unavailable, nextAttemptAt: at(mailchimpRetryDelayMs(1)) });
    expect(mailchimpRetryDelayMs(1)).toBe(60_000);
    expect(mailchimpRetryDelayMs(2)).toBe(120_000);
    expect(mailchimpRetryDelayMs(20)).toBe(3_600_000);

    expect(await api.services.mailchimp.syncDue()).toMatchObject({ retried: 0 }); // not due yet
    api.clock.set(at(60_000));
    expect(await api.services.mailchimp.syncDue()).toMatchObject({ retried: 1 });
    expect((await read()).data).toMatchObject({ status: 'pending', attempts: 2, nextAttemptAt: at(60_000 + 120_000) });

    failing = false;
    api.clock.set(at(180_000));
    expect(await api.services.mailchimp.syncDue()).toMatchObject({ synced: 1 });
    expect((await read()).data).toMatchObject({ status: 'synced', attempts: 3, lastError: null });
  });

  it('after the last attempt the job is failed, and a refused member is failed at once (no retry)', async () => {
    failing = true;
    api.clock.set(START);
    const event = await createTestEvent(api, { title: 'Spring Count', mailchimpAudienceId: 'demo-newsletter' });
    const { rsvpId } = (await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Sam', email: 'sam@example.org' })).body;
    await api.services.mailchimp.whenIdle();
    const read = async (id: string) => (await api.deps.store.query(MAILCHIMP_JOBS, { where: [['rsvpId', '==', id]] }))[0].data;
    let now = Date.parse(START);
    for (let attempt = 1; attempt < MAILCHIMP_MAX_ATTEMPTS; attempt++) {
      now += mailchimpRetryDelayMs(attempt);
      api.clock.set(new Date(now).toISOString());
      await api.services.mailchimp.syncDue();
    }
    expect(await read(rsvpId)).toMatchObject({ status: 'failed', attempts: MAILCHIMP_MAX_ATTEMPTS, lastError: MAILCHIMP_MESSAGES.unavailable });

    failing = false;
    const refused = (await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Zed', email: 'zed@nowhere.invalid' })).body.rsvpId;
    await api.services.mailchimp.whenIdle();
    expect(await read(refused)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'zed@nowhere.invalid looks fake or invalid, please enter a real email address.' });
  });
});
