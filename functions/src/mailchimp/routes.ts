import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../auth/middleware.js';
import { HttpError } from '../http/errors.js';
import type { IdParams } from '../http/server.js';
import { parseWith } from '../http/validate.js';
import { ORGANISATION_TIME_ZONE } from '../shared/constants.js';
import { MAILCHIMP_MESSAGES, type MailchimpAudiencesReply, type MailchimpSyncReply } from '../shared/mailchimp-model.js';
import { mailchimpSyncSchema } from '../shared/mailchimp.js';
import { LOCAL_PAGE_CSP } from '../http/local-page.js';
import { audiencesPage } from './audiences-page.js';
import type { OfflineAudiences } from './offline.js';
import type { MailchimpService } from './service.js';

export interface MailchimpRouteOptions {
  /** Only for local runs: the offline adapter whose audiences the local page shows. */
  offline?: OfflineAudiences;
  timeZone?: string;
}

/** GET /mailchimp/audiences and POST /events/{id}/sync-mailchimp (admins); locally, the audiences page. */
export function mailchimpRoutes(api: FastifyInstance, mailchimp: MailchimpService, guards: AuthGuards, options: MailchimpRouteOptions = {}) {
  const admin = { preHandler: guards.requireRole('admin') };

  // Without a key in production: a plain 503 that says how to configure it, before any work.
  const assertConfigured = () => {
    if (mailchimp.kind === 'unconfigured') throw new HttpError(503, mailchimp.notConfiguredMessage ?? MAILCHIMP_MESSAGES.notConfigured, { code: 'MAILCHIMP_NOT_CONFIGURED' });
  };

  api.get('/mailchimp/audiences', admin, async (): Promise<MailchimpAudiencesReply> => {
    assertConfigured();
    return { success: true, audiences: await mailchimp.listAudiences() };
  });

  api.post<IdParams>('/events/:id/sync-mailchimp', admin, async (request): Promise<MailchimpSyncReply> => {
    const { audienceId } = parseWith(mailchimpSyncSchema, request.body);
    assertConfigured();
    return mailchimp.syncEvent(request.params.id, audienceId);
  });

  const offline = options.offline;
  if (!offline) return;
  const base = api.prefix;
  const timeZone = options.timeZone ?? ORGANISATION_TIME_ZONE;
  api.get<{ Querystring: { format?: unknown } }>('/audiences', async (request, reply) => {
    const audiences = await offline.browse();
    reply.header('Cache-Control', 'no-store');
    if (request.query.format === 'json') return { success: true, audiences };
    reply.header('Content-Security-Policy', LOCAL_PAGE_CSP);
    return reply.type('text/html; charset=utf-8').send(audiencesPage(audiences, base, timeZone));
  });
}
