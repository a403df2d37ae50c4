import type { AuthEmulatorMailbox } from './auth/emulator-mail.js';
import type { IdentityVerifier } from './auth/port.js';
import type { FileStore } from './files/port.js';
import type { MailSender } from './mail/port.js';
import type { AudiencesPort } from './mailchimp/port.js';
import type { PaymentGateway } from './payments/port.js';
import type { Clock } from './clock.js';
import type { ClientAddressSource } from './http/client-address.js';
import type { RateLimitTuning } from './http/rate-limit.js';
import type { DocumentStore } from './store/port.js';

/** Everything the API depends on, chosen by configuration (see config.ts). */
export interface ApiDependencies {
  store: DocumentStore;
  identity: IdentityVerifier;
  files: FileStore;
  payments: PaymentGateway;
  mailer: MailSender;
  /** Mailchimp audiences: the real API, the offline demo (local runs), or absent: not configured (answers 503). */
  audiences?: AudiencesPort;
  clock: Clock;
  /** Where events happen; dates are read and formatted in this zone. */
  timeZone: string;
  /** The public site's origin, for links in e-mails and redirects to ticket pages. */
  siteUrl: string;
  /** Sender of every e-mail, e.g. 'Zion Events <events@example.org>'. */
  mailFrom: string;
  /** Public writes (RSVP, payment, contact) allowed per client address and minute, over all instances. */
  publicWritesPerMinute: number;
  /** Where a request's client address is read (the trusted proxies in front); default: the socket address. */
  clientAddress?: ClientAddressSource;
  /** How instances share the public-write count (default RATE_LIMIT_TUNING; tests count exactly). */
  rateLimitTuning?: RateLimitTuning;
  /**
   * Start delivering e-mail right after the commit that queued it (default).
   * Off, the queued jobs wait for the scheduled sweep or the Firestore trigger.
   */
  deliverMailOnCommit?: boolean;
  /** Local runs on the Auth emulator only: the e-mails Firebase Auth would send (verification links), for the local mailbox. */
  authEmulatorMail?: AuthEmulatorMailbox;
}
