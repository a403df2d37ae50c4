import { findEvent, toEventView } from '../events/repository.js';
import { newId } from '../ids.js';
import type { Clock } from '../clock.js';
import { RuleError } from '../rule-error.js';
import { findRsvp, readRsvpWithEvent, toRsvpView } from '../rsvps/repository.js';
import { confirmationMailKind } from '../rsvps/rules.js';
import { PROJECT_NAME } from '../shared/constants.js';
import { MAIL_MESSAGES, TEMPLATE_NAMES, isTemplateName, type EmailTemplate, type EmailTemplates, type TemplateName } from '../shared/mail-model.js';
import type { ContactMessage } from '../shared/mail.js';
import { MESSAGES } from '../shared/messages.js';
import { RSVP_MESSAGES } from '../shared/rsvps-model.js';
import type { DocumentStore } from '../store/port.js';
import type { ThemeService } from '../theme/service.js';
import { MAIL_JOBS, queueMail, type MailJob } from './outbox.js';
import type { MailMessage, MailSender } from './port.js';
import { ticketQrAttachment } from './qr.js';
import {
  DEFAULT_TEMPLATES,
  buildTemplateContext,
  renderContactMessage,
  renderContactReceipt,
  renderEmail,
  validateTemplate,
  type RenderedEmail,
  type TemplateContext,
} from './templates.js';

/** Stored template overrides: one document per template name. */
export const EMAIL_TEMPLATES = 'emailTemplates';

/** After this many attempts a job is marked 'failed'. */
export const MAX_ATTEMPTS = 8;
/** How long a claimed job belongs to its sender; after that another sender may take it over. */
export const LEASE_MS = 2 * 60 * 1000;
const MINUTE = 60 * 1000;

/** Back-off after the n-th failed attempt: 1 min, 2, 4, ... capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), 60 * MINUTE);
}

export interface DeliveryCounts {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
}

export interface MailServiceDeps {
  store: DocumentStore;
  mailer: MailSender;
  clock: Clock;
  /** The organisation's zone: dates in e-mails are formatted in it. */
  timeZone: string;
  /** The public site's base address, e.g. https://example.org (links in e-mails). */
  siteUrl: string;
  /** The sender, e.g. 'Zion Events <events@example.org>'. */
  from: string;
  /** The site's theme: the contact form's e-mails carry its name and contact address. */
  theme: Pick<ThemeService, 'get'>;
  logger?: Pick<Console, 'error'>;
}

type Claim = { id: string; job: MailJob; leaseId: string };
type Composed = { message: MailMessage } | { skip: string };

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000) || 'Unknown error';
}

function isTemplate(value: unknown): value is EmailTemplate {
  const data = value as Partial<EmailTemplate> | null;
  return typeof data?.subjectTemplate === 'string' && typeof data.htmlTemplate === 'string' && data.htmlTemplate.length > 0;
}

export function createMailService(deps: MailServiceDeps) {
  const { store, mailer, clock, timeZone, siteUrl, from, theme } = deps;
  const logger = deps.logger ?? console;

  async function loadTemplate(name: TemplateName): Promise<EmailTemplate> {
    const doc = await store.get(EMAIL_TEMPLATES, name);
    return doc && isTemplate(doc.data)
      ? { subjectTemplate: doc.data.subjectTemplate, htmlTemplate: doc.data.htmlTemplate }
      : DEFAULT_TEMPLATES[name];
  }

  /** A stored template that no longer renders must not stop tickets: the default stands in. */
  function renderWithFallback(name: TemplateName, template: EmailTemplate, context: TemplateContext): RenderedEmail {
    try {
      return renderEmail(template, context);
    } catch (error) {
      logger.error(`The stored "${name}" e-mail template failed to render; the default was used`, error);
      return renderEmail(DEFAULT_TEMPLATES[name], context);
    }
  }

  /** Takes a due job (or one whose sender's lease ran out) in a transaction; null when someone else has it. */
  async function claim(id: string): Promise<Claim | 'failed' | null> {
    return store.runTransaction(async (tx) => {
      const doc = await tx.get<MailJob>(MAIL_JOBS, id);
      if (!doc) return null;
      const job = doc.data;
      const now = clock.now();
      const nowIso = now.toISOString();
      const due = job.status === 'pending' && job.nextAttemptAt <= nowIso;
      const abandoned = job.status === 'sending' && typeof job.leaseUntil === 'string' && job.leaseUntil <= nowIso;
      if (!due && !abandoned) return null;
      if (job.attempts >= MAX_ATTEMPTS) {
        tx.update(MAIL_JOBS, id, {
          status: 'failed',
          lastError: job.lastError ?? 'Delivery was interrupted too many times',
          leaseUntil: null,
          leaseId: null,
          finishedAt: nowIso,
        });
        return 'failed' as const;
      }
      const leaseId = newId();
      const claimed: MailJob = {
        ...job,
        status: 'sending',
        attempts: job.attempts + 1,
        leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
        leaseId,
      };
      tx.update(MAIL_JOBS, id, { status: claimed.status, attempts: claimed.attempts, leaseUntil: claimed.leaseUntil, leaseId });
      return { id, job: claimed, leaseId };
    });
  }

  /** Records the outcome; a failure or skip is only written while this sender still holds the job. */
  async function finish(claimed: Claim, fields: Partial<MailJob>, onlyIfHeld: boolean) {
    await store.runTransaction(async (tx) => {
      const doc = await tx.get<MailJob>(MAIL_JOBS, claimed.id);
      if (!doc) return;
      if (onlyIfHeld && (doc.data.status !== 'sending' || doc.data.leaseId !== claimed.leaseId)) return;
      tx.update(MAIL_JOBS, claimed.id, { ...fields, leaseUntil: null, leaseId: null });
    });
  }

  async function compose(job: MailJob): Promise<Composed> {
    if (job.kind === 'contact' || job.kind === 'contactReceipt') {
      if (!job.payload) return { skip: 'The job has no message' };
      const siteName = (await theme.get()).siteName || PROJECT_NAME;
      if (job.kind === 'contact') {
        const rendered = renderContactMessage({ siteName, ...job.payload });
        return { message: { to: job.to, from, replyTo: job.payload.email, ...rendered } };
      }
      const contactEmail = (await theme.get()).contactEmail;
      const rendered = renderContactReceipt({ siteName });
      return { message: { to: job.to, from, ...(contactEmail ? { replyTo: contactEmail } : {}), ...rendered } };
    }
    if (!job.rsvpId) return { skip: RSVP_MESSAGES.rsvpNotFound };
    const rsvp = await findRsvp(store, job.rsvpId);
    if (!rsvp) return { skip: RSVP_MESSAGES.rsvpNotFound };
    // A cancelled (or released, or unpaid) RSVP gets no ticket.
    if (rsvp.data.status !== 'confirmed') return { skip: `The RSVP is ${rsvp.data.status}` };
    const event = await findEvent(store, rsvp.data.eventId);
    if (!event) return { skip: MESSAGES.eventNotFound };
    const context = buildTemplateContext({
      event: toEventView(event),
      rsvp: toRsvpView(rsvp),
      siteUrl,
      timeZone,
    });
    const rendered = renderWithFallback(job.kind, await loadTemplate(job.kind), context);
    const attachments = job.kind === 'ticket' ? [await ticketQrAttachment(context.urls.checkIn)] : undefined;
    return { message: { to: job.to, from, ...rendered, ...(attachments ? { attachments } : {}) } };
  }

  async function deliver(claimed: Claim): Promise<keyof DeliveryCounts> {
    try {
      const composed = await compose(claimed.job);
      if ('skip' in composed) {
        await finish(claimed, { status: 'skipped', lastError: composed.skip, finishedAt: clock.now().toISOString() }, true);
        return 'skipped';
      }
      await mailer.send(composed.message);
    } catch (error) {
      const attempts = claimed.job.attempts;
      const nowMs = clock.now().getTime();
      if (attempts >= MAX_ATTEMPTS) {
        await finish(claimed, { status: 'failed', lastError: errorText(error), finishedAt: new Date(nowMs).toISOString() }, true);
        return 'failed';
      }
      await finish(
        claimed,
        { status: 'pending', lastError: errorText(error), nextAttemptAt: new Date(nowMs + retryDelayMs(attempts)).toISOString() },
        true,
      );
      return 'retried';
    }
    // Sent: recorded even if the lease ran out meanwhile, so nobody sends it again.
    await finish(claimed, { status: 'sent', sentAt: clock.now().toISOString(), lastError: null }, false);
    return 'sent';
  }

  /**
   * Sends what is due. Safe to run from several processes at once: every job
   * is claimed in a transaction before it is sent, and a claim lapses after
   * LEASE_MS, so a sender that crashed loses nothing.
   */
  async function deliverDue(limit = 50): Promise<DeliveryCounts> {
    const counts: DeliveryCounts = { sent: 0, retried: 0, failed: 0, skipped: 0 };
    const now = clock.now().toISOString();
    const [abandoned, due] = await Promise.all([
      store.query<MailJob>(MAIL_JOBS, { where: [['status', '==', 'sending'], ['leaseUntil', '<=', now]], orderBy: [['leaseUntil', 'asc']], limit }),
      store.query<MailJob>(MAIL_JOBS, { where: [['status', '==', 'pending'], ['nextAttemptAt', '<=', now]], orderBy: [['nextAttemptAt', 'asc']], limit }),
    ]);
    for (const candidate of [...abandoned, ...due].slice(0, limit)) {
      try {
        const claimed = await claim(candidate.id);
        if (claimed === 'failed') counts.failed++;
        else if (claimed) counts[await deliver(claimed)]++;
      } catch (error) {
        // The store failed around this job; its lease (if taken) lapses and a later run retries it.
        logger.error(`Mail job ${candidate.id} could not be processed`, error);
      }
    }
    return counts;
  }

  // kick(): at most one run in flight per process; kicks during a run ask for exactly one more.
  let running: Promise<void> | null = null;
  let again = false;

  function kick(): void {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliverDue();
        } catch (error) {
          logger.error('Mail delivery failed', error);
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
  }

  const templates = {
    defaults(): EmailTemplates {
      return structuredClone(DEFAULT_TEMPLATES);
    },

    /** Both templates: the stored override, else the default. */
    async get(): Promise<EmailTemplates> {
      const [ticket, rsvpConfirmation] = await Promise.all(TEMPLATE_NAMES.map((name) => loadTemplate(name)));
      return { ticket, rsvpConfirmation };
    },

    /** Saves one template (validated by the route) after checking it compiles and renders; answers both templates. */
    async save(name: string, template: EmailTemplate): Promise<EmailTemplates> {
      if (!isTemplateName(name)) throw new RuleError('UNKNOWN_TEMPLATE', MAIL_MESSAGES.unknownTemplate, 'not-found');
      validateTemplate(template);
      await store.set(EMAIL_TEMPLATES, name, {
        subjectTemplate: template.subjectTemplate,
        htmlTemplate: template.htmlTemplate,
        updatedAt: clock.now().toISOString(),
      });
      return templates.get();
    },
  };

  return {
    deliverDue,
    kick,
    /** Resolves when the current kick() run (if any) has finished; for tests and graceful shutdown. */
    whenIdle(): Promise<void> {
      return running ?? Promise.resolve();
    },
    templates,

    /** Queues the RSVP's e-mail again: its ticket, or the confirmation when the event issues no tickets. */
    async queueResend(rsvpId: string): Promise<{ kind: TemplateName; jobId: string; message: string }> {
      const now = clock.now();
      return store.runTransaction(async (tx) => {
        const { rsvp, event } = await readRsvpWithEvent(tx, rsvpId);
        if (!rsvp || rsvp.data.status !== 'confirmed') throw new RuleError('RSVP_NOT_FOUND', RSVP_MESSAGES.rsvpNotFound, 'not-found');
        if (!event) throw new RuleError('EVENT_NOT_FOUND', MESSAGES.eventNotFound, 'not-found');
        const kind = confirmationMailKind(event.data);
        const jobId = queueMail(tx, { kind, rsvpId, to: rsvp.data.email }, now);
        return { kind, jobId, message: kind === 'ticket' ? MAIL_MESSAGES.ticketQueued : MAIL_MESSAGES.confirmationQueued };
      });
    },

    /** The contact form: a message to the organisation (reply-to the visitor) and a receipt to the visitor. */
    async queueContact(input: ContactMessage, contactEmail: string): Promise<{ jobIds: [string, string] }> {
      if (!contactEmail?.trim()) throw new RuleError('CONTACT_UNAVAILABLE', MAIL_MESSAGES.contactUnavailable, 'conflict');
      const now = clock.now();
      const payload = { name: input.name, email: input.email, message: input.message, receivedAt: now.toISOString() };
      return store.runTransaction(async (tx) => {
        const toOrganisation = queueMail(tx, { kind: 'contact', to: contactEmail.trim(), payload }, now);
        const receipt = queueMail(tx, { kind: 'contactReceipt', to: input.email, payload }, now);
        return { jobIds: [toOrganisation, receipt] as [string, string] };
      });
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
