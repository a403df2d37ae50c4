import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { confirmPaymentSchema, createPaymentIntentSchema, offlineConfirmSchema } from '../shared/payments.js';
import { HttpError } from '../http/errors.js';
import { parseWith } from '../http/validate.js';
import type { IdParams } from '../http/server.js';
import type { PaymentGateway } from './port.js';
import { CardDeclinedError, type OfflineGateway } from './offline.js';
import type { PaymentService } from './service.js';
import { optionalReasonBody } from '../shared/audit.js';
import { staffActor } from '../audit/actors.js';

/**
 * Verifies a provider notification on its raw bytes and applies it. Stripe's
 * webhook and the offline gateway's card form both come through here.
 */
async function applyNotification(gateway: PaymentGateway, payments: PaymentService, rawBody: Buffer, signature: string | undefined) {
  let event;
  try {
    event = gateway.verifyWebhook(rawBody, signature);
  } catch {
    throw new HttpError(400, 'Invalid webhook signature', { code: 'INVALID_WEBHOOK_SIGNATURE' });
  }
  await payments.handleEvent(event);
  return event;
}

/** Provider notifications are signed over their exact bytes: the largest one we read. */
const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/** The webhook route must see the raw body: in a scope of its own, where every body is read as bytes. */
export function paymentWebhookRoutes(api: FastifyInstance, gateway: PaymentGateway, payments: PaymentService) {
  api.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));
    raw.post('/stripe-webhook', async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      await applyNotification(gateway, payments, body, Array.isArray(signature) ? signature[0] : signature);
      return { received: true };
    });
  });
}

export function paymentRoutes(
  api: FastifyInstance,
  gateway: PaymentGateway,
  payments: PaymentService,
  options: { publicWriteLimit: preHandlerAsyncHookHandler; requireAdmin: preHandlerAsyncHookHandler },
) {
  const limited = { preHandler: options.publicWriteLimit };

  // Cancel and refund (admins): 409 when there is nothing to refund, 502 when the provider refused.
  api.post<IdParams>('/rsvps/:id/refund', { preHandler: options.requireAdmin }, async (request) =>
    payments.refundRsvp(request.params.id, { actor: staffActor(request.viewer!), ...parseWith(optionalReasonBody, request.body) }),
  );

  api.get('/payments/config', async () => ({ success: true, ...gateway.publicConfig() }));

  api.post('/create-payment-intent', limited, async (request) => payments.createIntent(parseWith(createPaymentIntentSchema, request.body)));

  api.post('/payments/confirm', limited, async (request) => {
    const { paymentIntentId, clientSecret } = parseWith(confirmPaymentSchema, request.body);
    return payments.confirm(paymentIntentId, clientSecret);
  });

  if (gateway.provider === 'offline') {
    const offline = gateway as OfflineGateway;
    api.post<IdParams>('/offline-payments/:id/confirm', limited, async (request) => {
      const card = parseWith(offlineConfirmSchema, request.body);
      let result;
      try {
        result = await offline.confirmCard(request.params.id, card);
      } catch (error) {
        if (error instanceof CardDeclinedError) throw new HttpError(402, error.message, { code: error.code });
        throw error;
      }
      const event = await applyNotification(gateway, payments, Buffer.from(result.payload), result.signature);
      if (result.outcome === 'declined') throw new HttpError(402, result.message, { code: 'CARD_DECLINED' });
      return { success: true, status: 'succeeded', paymentIntentId: event.intent?.id ?? request.params.id };
    });
  }
}
