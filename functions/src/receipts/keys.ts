import { keptLinkKeys, linkKeyHash, linkKeyMatches, newLinkKey } from '../rsvps/link-keys.js';
import { collection, type DocumentStore } from '../store/port.js';
import { receiptPath } from '../shared/receipt-model.js';

/*
 * The secret of an order's printable receipt (issue 26 item 2), secured like the 'Can't come?' links
 * (rsvps/link-keys.ts): 256 random bits, only their SHA-256 hashes stored, beside the order (not on
 * it: minting a key must not rewrite the order while it is being paid or refunded). The raw key is
 * only in the e-mail and on the paid success page, in the link's fragment (#key=…), so it reaches
 * neither the server's access logs nor a Referer header.
 */

/**
 * Where a key was handed out. Each keeps its own newest few: the success page asks again on every
 * visit and must not push out the key of the e-mail.
 */
export type ReceiptKeyOrigin = 'mail' | 'page';
export type ReceiptKeys = { orderId: string; hashes: Partial<Record<ReceiptKeyOrigin, string[]>> };
export const RECEIPT_KEYS = collection<ReceiptKeys>('receiptKeys');

/** A fresh link to the order's printable receipt; its key's hash kept beside the order. */
export async function mintReceiptLink(store: DocumentStore, siteUrl: string, orderId: string, origin: ReceiptKeyOrigin): Promise<string> {
  const key = newLinkKey();
  await store.runTransaction(async (tx) => {
    const kept = await tx.get(RECEIPT_KEYS, orderId);
    const hashes = kept?.data.hashes ?? {};
    tx.set(RECEIPT_KEYS, orderId, { orderId, hashes: { ...hashes, [origin]: keptLinkKeys(hashes[origin], linkKeyHash(key)) } });
  });
  return `${siteUrl.replace(/\/+$/, '')}${receiptPath(orderId, key)}`;
}

/** Whether `key` opens the order's receipt (compared in constant time). */
export async function receiptKeyMatches(store: DocumentStore, orderId: string, key: string): Promise<boolean> {
  const kept = await store.get(RECEIPT_KEYS, orderId);
  if (!kept) return false;
  return linkKeyMatches([...(kept.data.hashes.mail ?? []), ...(kept.data.hashes.page ?? [])], key);
}
