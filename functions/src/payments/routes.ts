import express, { type RequestHandler, type Router } from 'express';
import { confirmPaymentSchema, createPaymentIntentSchema, offlineConfirmSchema } from '../shared/payments.js';
import { HttpError } from '../http/errors.js';
import { parseWith } from '../http/validate.js';
import type { PaymentGateway } from './port.js';
import { CardDeclinedError, type OfflineGateway } from './offline.js';
import type { PaymentService } from './service.js';

/**
 * Verifies a provider notification on its raw bytes and applies it. Stripe's
 * webhook and the offline gateway's card form both come through here.
 */
async function applyNotification(gateway: PaymentGateway, payments: PaymentService, rawBody: Buffer, signature: string | undefined) {
  let event;
  try {
    event = gateway.verifyWebhook(rawBody, signature);
  } catch {
    throw new HttpError(400, 'Invalid webhook signature');
  }
  await payments.handleEvent(event);
  return event;
}

/** The webhook route must see the raw body: it is mounted before the JSON parser. */
export function paymentWebhookRoutes(router: Router, gateway: PaymentGateway, payments: PaymentService) {
  router.post('/stripe-webhook', express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {
    // Cloud Functions has already read the body and keeps the bytes in rawBody.
    const raw = (req as { rawBody?: Buffer }).rawBody ?? (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    await applyNotification(gateway, payments, raw, req.get('stripe-signature'));
    res.json({ received: true });
  });
}

export function paymentRoutes(router: Router, gateway: PaymentGateway, payments: PaymentService, options: { publicWriteLimit: RequestHandler }) {

  router.get('/payments/config', (_req, res) => {
    res.json({ success: true, ...gateway.publicConfig() });
  });

  router.post('/create-payment-intent', options.publicWriteLimit, async (req, res) => {
    res.json(await payments.createIntent(parseWith(createPaymentIntentSchema, req.body)));
  });

  router.post('/payments/confirm', options.publicWriteLimit, async (req, res) => {
    res.json(await payments.confirm(parseWith(confirmPaymentSchema, req.body).paymentIntentId));
  });

  if (gateway.provider === 'offline') {
    const offline = gateway as OfflineGateway;
    router.post('/offline-payments/:id/confirm', options.publicWriteLimit, async (req, res) => {
      const card = parseWith(offlineConfirmSchema, req.body);
      let result;
      try {
        result = await offline.confirmCard(String(req.params.id), card);
      } catch (error) {
        if (error instanceof CardDeclinedError) throw new HttpError(402, error.message);
        throw error;
      }
      const event = await applyNotification(gateway, payments, Buffer.from(result.payload), result.signature);
      if (result.outcome === 'declined') throw new HttpError(402, result.message);
      res.json({ success: true, status: 'succeeded', paymentIntentId: event.intent.id });
    });
  }
}

