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
        const link = kind === 'PASSWORD_RESET' || kind === 'VERIFY_EMAIL' ? siteActionLink(code.oobLink) : code.oobLink;
        mails.push({ id: code.oobCode, to: code.email, kind, subject: SUBJECTS[kind as AuthMailKind] ?? kind, link });
      }
      // The emulator lists them in the order they were made.
      return mails.reverse();
    },
  };
}

/** The site's page that takes Firebase Auth's action links (docs/configuration.md: the action URL set in the Firebase console). */
export const ACTION_PATH = '/admin';

/**
 * A password reset or address verification link as a real project sends it (issue 27 item 1). In
 * production the Firebase console's e-mail templates send action links to the site's own page (the
 * action URL, set to {site}/admin), which asks for the new password or verifies the address; the
 * emulator's own page only explains how to put a password in its address. So locally the link goes
 * to the site it was asked from (its continueUrl), with the same code, as the console's setting
 * would send it. Without a continue address (asked from elsewhere) the emulator's link is kept.
 */
export function siteActionLink(emulatorLink: string): string {
  try {
    const query = new URL(emulatorLink).searchParams;
    const back = query.get('continueUrl');
    if (!back) return emulatorLink;
    const site = new URL(back);
    if (site.protocol !== 'http:' && site.protocol !== 'https:') return emulatorLink;
    const link = new URL(ACTION_PATH, site.origin);
    for (const key of ['mode', 'oobCode', 'apiKey', 'lang', 'continueUrl']) {
      const value = query.get(key);
      if (value !== null) link.searchParams.set(key, value);
    }
    return link.toString();
  } catch {
    return emulatorLink;
  }
}
