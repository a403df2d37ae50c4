import { z } from 'zod';

/**
 * POST /orders/{id}/receipt (issue 26 item 2): the key of the receipt's link. A missing or malformed
 * key is read as '' and answered like a wrong one (not found), never with a hint of what is expected.
 */
export const receiptKeySchema = z.object({ key: z.string().max(200).catch('') }).catch({ key: '' });
