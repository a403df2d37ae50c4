/** An e-mail as the mail port sends it. */
export interface MailMessage {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  html: string;
  text?: string;
  /** Inline images are referenced from the HTML as cid:{contentId}. */
  attachments?: { filename: string; contentType: string; content: Buffer; contentId?: string }[];
  /**
   * The outbox job this message delivers. Delivery is at-least-once (a sender
   * that crashes after the provider accepted a message sends it again), so every
   * send carries it: a repeat can be recognised downstream.
   */
  jobId?: string;
}

/** SendGrid in production; the local outbox (kept in the store, read in the mailbox page) otherwise. */
export interface MailSender {
  readonly kind: 'sendgrid' | 'local-outbox';
  send(message: MailMessage): Promise<void>;
}
