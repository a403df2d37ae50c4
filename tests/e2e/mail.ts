import { expect } from '@playwright/test';
import { API } from './support.js';

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; contentId?: string; size: number }[];
}

/** Waits for the local outbox to hold a message to `to` (delivery runs right after the commit). */
export async function waitForMail(to: string, subject?: RegExp, timeout = 20_000): Promise<MailboxMessage> {
  let found: { id: string; subject: string } | undefined;
  await expect
    .poll(
      async () => {
        const reply = (await (await fetch(`${API}/mailbox?format=json&to=${encodeURIComponent(to)}`)).json()) as {
          messages: { id: string; subject: string }[];
        };
        found = reply.messages.find((message) => !subject || subject.test(message.subject));
        return Boolean(found);
      },
      { timeout, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  const { message } = (await (await fetch(`${API}/mailbox/${found!.id}?format=json`)).json()) as { message: MailboxMessage };
  return { ...message, id: found!.id };
}

export function uniqueEmail(label: string) {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.org`;
}

/** The invitation link of an e-mail (its HTML escapes '=' and '&' in attributes). */
export function invitationLink(html: string): string {
  const decoded = html.replace(/&#x3D;/gi, '=').replace(/&amp;/g, '&');
  const link = /href="([^"]*\/admin\?invite=[^"]+)"/.exec(decoded)?.[1];
  if (!link) throw new Error('no invitation link in the e-mail');
  return link;
}
