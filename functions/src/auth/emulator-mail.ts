/*
 * The e-mails Firebase Auth sends itself (the address verification of issue 23 item 5, and
 * any other action link), as the Auth emulator keeps them in local runs: it sends nothing and
 * lists each link at GET /emulator/v1/projects/{project}/oobCodes instead. The local mailbox
 * page shows them beside the outbox's messages, so a local run can follow a verification link
 * as a person would from their inbox. Production never builds this: Firebase sends the mail.
 */

/** What a Firebase Auth e-mail is for (the emulator's requestType). */
export type AuthMailKind = 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'EMAIL_SIGNIN' | 'RECOVER_EMAIL' | 'VERIFY_AND_CHANGE_EMAIL';

/** One e-mail Firebase Auth would have sent: to whom, what for, and its link. */
export interface AuthEmulatorMail {
  /** The action code; it identifies the e-mail (the emulator keeps no time). */
  id: string;
  to: string;
  kind: string;
  subject: string;
  link: string;
}

/** The subject Firebase's default templates give each kind. */
const SUBJECTS: Record<AuthMailKind, string> = {
  VERIFY_EMAIL: 'Verify your email',
  PASSWORD_RESET: 'Reset your password',
  EMAIL_SIGNIN: 'Sign in',
  RECOVER_EMAIL: 'Your sign-in email was changed',
  VERIFY_AND_CHANGE_EMAIL: 'Verify your new email',
};

type OobCode = { email?: unknown; oobCode?: unknown; oobLink?: unknown; requestType?: unknown };

export interface AuthEmulatorMailbox {
  /**
   * The pending e-mails, newest first; `to` filters by recipient (case ignored). A link the
   * emulator has used (a verified address) is no longer listed: it forgets used codes.
   * Rejects when the emulator does not answer.
   */
  list(to?: string): Promise<AuthEmulatorMail[]>;
}

export function authEmulatorMailbox(options: {
  /** FIREBASE_AUTH_EMULATOR_HOST, e.g. 127.0.0.1:9099. */
  host: string;
  projectId: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): AuthEmulatorMailbox {
  const fetchImpl = options.fetch ?? fetch;
  const url = `http://${options.host}/emulator/v1/projects/${encodeURIComponent(options.projectId)}/oobCodes`;
  return {
    async list(to) {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 3000) });
      if (!response.ok) throw new Error(`The Auth emulator answered ${response.status} at ${url}`);
      const body = (await response.json()) as { oobCodes?: OobCode[] };
      const wanted = to?.trim().toLowerCase();
      const mails: AuthEmulatorMail[] = [];
      for (const code of body.oobCodes ?? []) {
        if (typeof code.email !== 'string' || typeof code.oobLink !== 'string' || typeof code.oobCode !== 'string') continue;
        if (wanted && code.email.toLowerCase() !== wanted) continue;
        const kind = typeof code.requestType === 'string' ? code.requestType : 'OTHER';
        mails.push({ id: code.oobCode, to: code.email, kind, subject: SUBJECTS[kind as AuthMailKind] ?? kind, link: code.oobLink });
      }
      // The emulator lists them in the order they were made.
      return mails.reverse();
    },
  };
}
