import { MailService, type MailDataRequired } from '@sendgrid/mail';
import type { MailMessage, MailSender } from './port.js';

export interface SendgridOptions {
  apiKey: string;
  /** The verified sender, used when a message has no `from` of its own. */
  from?: string;
  /** Per-request timeout in milliseconds. */
  timeoutMs?: number;
}

interface SendgridErrorShape {
  code?: number;
  message?: string;
  response?: { body?: unknown };
}

/** "SendGrid 400: The from address does not match a verified Sender Identity." */
function describeSendgridError(error: unknown): string {
  const shape = (error ?? {}) as SendgridErrorShape;
  const body = shape.response?.body as { errors?: { message?: string; field?: string | null }[] } | string | undefined;
  const details =
    typeof body === 'object' && Array.isArray(body?.errors)
      ? body.errors
          .map((item) => [item.message, item.field ? `(${item.field})` : ''].filter(Boolean).join(' '))
          .filter(Boolean)
          .join('; ')
      : typeof body === 'string'
        ? body.slice(0, 500)
        : '';
  const status = typeof shape.code === 'number' ? ` ${shape.code}` : '';
  return `SendGrid${status}: ${details || shape.message || 'request failed'}`;
}

/** The production mail adapter: SendGrid's v3 mail/send API (DESIGN §3). */
export function sendgridMailer(options: SendgridOptions): MailSender {
  if (!options.apiKey) throw new Error('SENDGRID_API_KEY is not set: the SendGrid mail adapter needs an API key.');
  const client = new MailService();
  client.setApiKey(options.apiKey);
  client.setTimeout(options.timeoutMs ?? 15_000);

  return {
    kind: 'sendgrid',
    async send(message: MailMessage) {
      const from = message.from || options.from;
      if (!from) throw new Error('SendGrid: no sender address (set MAIL_FROM)');
      const content = [
        ...(message.text ? [{ type: 'text/plain', value: message.text }] : []),
        { type: 'text/html', value: message.html },
      ];
      // The library snake-cases top-level keys only: an attachment's camelCase `contentId`
      // would reach the API unchanged and be ignored, so the wire name is given here.
      const attachments = message.attachments?.map((attachment) => ({
        content: attachment.content.toString('base64'),
        filename: attachment.filename,
        type: attachment.contentType,
        disposition: attachment.contentId ? 'inline' : 'attachment',
        ...(attachment.contentId ? { content_id: attachment.contentId } : {}),
      })) as MailDataRequired['attachments'];
      let response;
      try {
        [response] = await client.send({
          to: message.to,
          from,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          subject: message.subject,
          content: content as [{ type: string; value: string }],
          ...(attachments?.length ? { attachments } : {}),
          // The outbox job id travels with the message (custom args reach SendGrid's event
          // webhook and activity feed; the header reaches the recipient's copy), so a
          // redelivery after a crash is recognisable: delivery is at-least-once.
          ...(message.jobId ? { customArgs: { mail_job_id: message.jobId }, headers: { 'X-Mail-Job-Id': message.jobId } } : {}),
        });
      } catch (error) {
        throw new Error(describeSendgridError(error), { cause: error });
      }
      if (response.statusCode < 200 || response.statusCode >= 300) {
        throw new Error(describeSendgridError({ code: response.statusCode, response: { body: response.body } }));
      }
    },
  };
}
