import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { IdParams } from '../http/server.js';
import { parseWith } from '../http/validate.js';
import { receiptKeySchema } from '../shared/receipts.js';
import type { ReceiptService } from './service.js';

/** Issue 26 item 2: an order's printable receipt; the key in the body, never in the address (like the manage links). */
export function receiptRoutes(api: FastifyInstance, receipts: ReceiptService, options: { publicWriteLimit: preHandlerAsyncHookHandler }) {
  api.post<IdParams>('/orders/:id/receipt', { preHandler: options.publicWriteLimit }, async (request, reply) => {
    // A receipt names a buyer and their card: no shared cache keeps it.
    reply.header('Cache-Control', 'private, no-store');
    return receipts.view(request.params.id, parseWith(receiptKeySchema, request.body ?? {}).key);
  });
}
