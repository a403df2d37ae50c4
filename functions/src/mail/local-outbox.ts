import { newId } from '../ids.js';
import { systemClock, type Clock } from '../clock.js';
import type { MailboxEntry } from '../shared/mail-model.js';
import { collection, type DocumentStore } from '../store/port.js';
import type { MailMessage, MailSender } from './port.js';


/** A message as the local outbox keeps it: attachments as base64 so the document stays JSON. */
export type StoredMailboxMessage = {
  to: string;
  /** Lower-cased `to`, for the `?to=` filter. */
  toKey: string;
  from: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string | null;
  attachments: { filename: string; contentType: string; contentId: string | null; content: string }[];
  sentAt: string;
  /** The outbox job it delivers, if any; also its document id, so a redelivery replaces rather than repeats it. */
  jobId?: string | null;
};

export const MAILBOX = collection<StoredMailboxMessage>('mailbox');

export type MailboxMessage = StoredMailboxMessage & { id: string };

/**
 * The offline mail adapter (DESIGN §3): every message lands in the store's
 * 'mailbox' collection instead of the Internet, readable in the local mailbox page.
 */
export function localOutbox(store: DocumentStore, clock: Clock = systemClock) {
  const outbox = {
    kind: 'local-outbox' as const,

    async send(message: MailMessage): Promise<void> {
      const record: StoredMailboxMessage = {
        to: message.to,
        toKey: message.to.trim().toLowerCase(),
        from: message.from,
        replyTo: message.replyTo ?? null,
        subject: message.subject,
        html: message.html,
        text: message.text ?? null,
        attachments: (message.attachments ?? []).map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          contentId: attachment.contentId ?? null,
          content: attachment.content.toString('base64'),
        })),
        sentAt: clock.now().toISOString(),
        jobId: message.jobId ?? null,
      };
      await store.set(MAILBOX, message.jobId ?? newId(), record);
    },

    /** Newest first; `to` filters by recipient (case-insensitive). */
    async list(options: { to?: string; limit?: number } = {}): Promise<MailboxEntry[]> {
      const to = options.to?.trim().toLowerCase();
      const docs = await store.query(MAILBOX, {
        where: to ? [['toKey', '==', to]] : [],
        orderBy: [['sentAt', 'desc']],
        limit: options.limit ?? 200,
      });
      return docs.map((doc) => ({ id: doc.id, to: doc.data.to, subject: doc.data.subject, sentAt: doc.data.sentAt }));
    },

    async get(id: string): Promise<MailboxMessage | null> {
      const doc = await store.get(MAILBOX, id);
      return doc ? { id: doc.id, ...doc.data } : null;
    },
  };
  return outbox satisfies MailSender;
}

export type LocalOutbox = ReturnType<typeof localOutbox>;

/** GET /mailbox/{id}?format=json: every field listed; attachments by their size, not their bytes. */
export function toMailboxMessageView(message: MailboxMessage) {
  return {
    id: message.id,
    to: message.to,
    from: message.from,
    replyTo: message.replyTo,
    subject: message.subject,
    html: message.html,
    text: message.text,
    attachments: message.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      contentId: attachment.contentId,
      size: Buffer.from(attachment.content, 'base64').length,
    })),
    sentAt: message.sentAt,
  };
}

/** The message's HTML with its cid: images swapped for data: URLs, so a browser can show it. */
export function inlineCidImages(message: Pick<StoredMailboxMessage, 'html' | 'attachments'>): string {
  const byId = new Map(message.attachments.filter((a) => a.contentId).map((a) => [a.contentId!, a]));
  return message.html.replace(/(["'(])cid:([^"')\s]+)/gi, (whole, quote: string, contentId: string) => {
    const attachment = byId.get(contentId);
    if (!attachment || !/^image\/(png|jpe?g|gif|webp)$/i.test(attachment.contentType)) return whole;
    return `${quote}data:${attachment.contentType};base64,${attachment.content}`;
  });
}
