import type { TestApi } from './api.js';

/*
 * The attendee's side of issue 25 seen from their inbox: the e-mails the local outbox delivered
 * to an address, and the 'Can't come?' link in them.
 */

export interface DeliveredMail {
  subject: string;
  html: string;
  text: string;
}

/** Every e-mail delivered to `to`, newest first, once the queued ones have been delivered. */
export async function mailsTo(api: TestApi, to: string): Promise<DeliveredMail[]> {
  // Another instance on the store may have taken a job this one queued: wait for every instance.
  await api.whenStoreIdle();
  await api.services.mail.deliverDue();
  const list = await api.request.get(`/api/mailbox?format=json&to=${encodeURIComponent(to)}`);
  return Promise.all(list.body.messages.map(async ({ id }: { id: string }) => (await api.request.get(`/api/mailbox/${id}?format=json`)).body.message));
}

/** The newest manage link e-mailed to `to` in a message whose subject starts with `subject`. */
export async function manageLinkIn(api: TestApi, to: string, subject = 'Your ticket') {
  for (const mail of (await mailsTo(api, to)).filter((m) => m.subject.startsWith(subject))) {
    const match = /https:\/\/events\.example\.org\/ticket\/([^/#"\s]+)\/manage#key=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (match) return { rsvpId: decodeURIComponent(match[1]!), key: match[2]!, mail };
  }
  throw new Error(`no manage link to ${to}`);
}
