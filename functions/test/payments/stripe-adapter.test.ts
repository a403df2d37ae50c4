import nock from 'nock';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeGateway } from '../../src/payments/stripe.js';
import { useRecordedHttp } from '../support/recorded-http.js';

const config = { secretKey: 'sk_test_recorded', webhookSecret: 'whsec_recorded', publishableKey: 'pk_test_recorded' };

/** A PaymentIntent as Stripe's API returns it (recorded shape, trimmed). */
const recordedIntent = {
  id: 'pi_3RecordedIntent',
  object: 'payment_intent',
  amount: 3500,
  amount_received: 0,
  client_secret: 'pi_3RecordedIntent_secret_abc',
  currency: 'usd',
  metadata: { rsvpId: 'rsvp_1', eventId: 'evt_1' },
  status: 'requires_payment_method',
  livemode: false,
};

useRecordedHttp();

describe('Stripe adapter (recorded HTTP)', () => {
  it('creates an intent for the exact amount, with metadata and an idempotency key', async () => {
    let body = '';
    let headers: Record<string, string | string[]> = {};
    nock('https://api.stripe.com')
      .post('/v1/payment_intents', (raw) => {
        body = typeof raw === 'string' ? raw : new URLSearchParams(raw).toString();
        return true;
      })
      .reply(function reply() {
        headers = this.req.headers;
        return [200, recordedIntent];
      });
    const gateway = stripeGateway(config);
    const intent = await gateway.createIntent({
      amount: 3500,
      currency: 'usd',
      metadata: { rsvpId: 'rsvp_1', eventId: 'evt_1' },
      receiptEmail: 'mary@example.org',
      idempotencyKey: 'rsvp-rsvp_1-3500',
    });
    expect(intent).toEqual({
      id: 'pi_3RecordedIntent',
      clientSecret: 'pi_3RecordedIntent_secret_abc',
      amount: 3500,
      amountReceived: 0,
      currency: 'usd',
      status: 'requires_payment_method',
      metadata: { rsvpId: 'rsvp_1', eventId: 'evt_1' },
    });
    const params = new URLSearchParams(body);
    expect(params.get('amount')).toBe('3500');
    expect(params.get('currency')).toBe('usd');
    expect(params.get('metadata[rsvpId]')).toBe('rsvp_1');
    expect(params.get('receipt_email')).toBe('mary@example.org');
    expect(headers['idempotency-key']).toBe('rsvp-rsvp_1-3500');
    expect(String(headers.authorization)).toBe('Bearer sk_test_recorded');
  });

  it('retrieves an intent, and answers null for an unknown one', async () => {
    nock('https://api.stripe.com')
      .get('/v1/payment_intents/pi_3RecordedIntent')
      .query(true)
      .reply(200, { ...recordedIntent, status: 'succeeded', amount_received: 3500 })
      .get('/v1/payment_intents/pi_missing')
      .query(true)
      .reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
    const gateway = stripeGateway(config, new Stripe(config.secretKey, { maxNetworkRetries: 0 }));
    expect(await gateway.retrieveIntent('pi_3RecordedIntent')).toMatchObject({ status: 'succeeded', amountReceived: 3500 });
    expect(await gateway.retrieveIntent('pi_missing')).toBeNull();
  });

  it("reads the card's brand and last four from the intent's latest charge (issue 26 item 2)", async () => {
    let query = '';
    // The fields of a Charge as Stripe expands it on the intent (API 2025), trimmed.
    const latestCharge = {
      id: 'ch_3RecordedCharge',
      object: 'charge',
      payment_method_details: { type: 'card', card: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2030, funding: 'credit' } },
    };
    nock('https://api.stripe.com')
      .get('/v1/payment_intents/pi_3RecordedIntent')
      .query((parsed) => {
        query = JSON.stringify(parsed);
        return true;
      })
      .reply(200, { ...recordedIntent, status: 'succeeded', amount_received: 3500, latest_charge: latestCharge })
      .get('/v1/payment_intents/pi_3NoCard')
      .query(true)
      .reply(200, { ...recordedIntent, id: 'pi_3NoCard', status: 'succeeded', latest_charge: { id: 'ch_x', object: 'charge', payment_method_details: { type: 'us_bank_account' } } })
      .get('/v1/payment_intents/pi_3NotExpanded')
      .query(true)
      .reply(200, { ...recordedIntent, id: 'pi_3NotExpanded', latest_charge: 'ch_3RecordedCharge' });
    const gateway = stripeGateway(config, new Stripe(config.secretKey, { maxNetworkRetries: 0 }));
    expect((await gateway.retrieveIntent('pi_3RecordedIntent'))?.card).toEqual({ brand: 'mastercard', last4: '4444' });
    // The charge is asked for expanded: an id alone carries no card.
    expect(query).toContain('latest_charge');
    // Paid another way: no card details to show.
    expect((await gateway.retrieveIntent('pi_3NoCard'))?.card).toBeNull();
    expect(await gateway.retrieveIntent('pi_3NotExpanded')).not.toHaveProperty('card');
  });

  it('refunds by payment intent, idempotently', async () => {
    let body = '';
    let key: unknown;
    nock('https://api.stripe.com')
      .post('/v1/refunds', (raw) => {
        body = typeof raw === 'string' ? raw : new URLSearchParams(raw).toString();
        return true;
      })
      .reply(function reply() {
        key = this.req.headers['idempotency-key'];
        return [200, { id: 're_1', object: 'refund', status: 'succeeded' }];
      });
    await stripeGateway(config).refund('pi_3RecordedIntent', 'refund-pi_3RecordedIntent');
    expect(new URLSearchParams(body).get('payment_intent')).toBe('pi_3RecordedIntent');
    expect(key).toBe('refund-pi_3RecordedIntent');
  });

  it('a refund Stripe refuses rejects with Stripe’s reason', async () => {
    nock('https://api.stripe.com')
      .post('/v1/refunds')
      .reply(400, { error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'Charge ch_1 has been charged back; refunds are not possible.' } });
    const gateway = stripeGateway(config, new Stripe(config.secretKey, { maxNetworkRetries: 0 }));
    await expect(gateway.refund('pi_3RecordedIntent', 'rsvp-refund-r1')).rejects.toThrow('Charge ch_1 has been charged back; refunds are not possible.');
  });

  it('a refund Stripe records as failed rejects with its failure reason', async () => {
    nock('https://api.stripe.com')
      .post('/v1/refunds')
      .reply(200, { id: 're_2', object: 'refund', status: 'failed', failure_reason: 'expired_or_canceled_card' });
    await expect(stripeGateway(config).refund('pi_3RecordedIntent', 'rsvp-refund-r2')).rejects.toThrow('expired_or_canceled_card');
  });

  it('a retry after the idempotency key expired, for a charge already refunded, succeeds without a second refund', async () => {
    nock('https://api.stripe.com')
      .post('/v1/refunds')
      .reply(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge ch_1 has already been refunded.' } });
    const gateway = stripeGateway(config, new Stripe(config.secretKey, { maxNetworkRetries: 0 }));
    await expect(gateway.refund('pi_3RecordedIntent', 'rsvp-refund-r3')).resolves.toBeUndefined();
  });

  it('cancels an unpaid intent (an admin cancelled its RSVP)', async () => {
    let body = '';
    nock('https://api.stripe.com')
      .post('/v1/payment_intents/pi_3RecordedIntent/cancel', (raw) => {
        body = typeof raw === 'string' ? raw : new URLSearchParams(raw).toString();
        return true;
      })
      .reply(200, { ...recordedIntent, status: 'canceled', cancellation_reason: 'abandoned' });
    await expect(stripeGateway(config).cancelIntent('pi_3RecordedIntent')).resolves.toBeUndefined();
    expect(new URLSearchParams(body).get('cancellation_reason')).toBe('abandoned');
  });

  it('an intent Stripe already cancelled counts as cancelled; a paid one rejects with Stripe’s reason', async () => {
    const unexpectedState = (status: string) => ({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${status}.`,
        payment_intent: { ...recordedIntent, status },
      },
    });
    nock('https://api.stripe.com')
      .post('/v1/payment_intents/pi_cancelled/cancel')
      .reply(400, unexpectedState('canceled'))
      .post('/v1/payment_intents/pi_paid/cancel')
      .reply(400, unexpectedState('succeeded'));
    const gateway = stripeGateway(config, new Stripe(config.secretKey, { maxNetworkRetries: 0 }));
    await expect(gateway.cancelIntent('pi_cancelled')).resolves.toBeUndefined();
    await expect(gateway.cancelIntent('pi_paid')).rejects.toThrow('it has a status of succeeded');
  });

  it('verifies webhook signatures with Stripe’s own scheme', () => {
    const gateway = stripeGateway(config);
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { ...recordedIntent, status: 'succeeded', amount_received: 3500 } } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: config.webhookSecret });
    expect(gateway.verifyWebhook(Buffer.from(payload), header)).toMatchObject({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      intent: { id: 'pi_3RecordedIntent', status: 'succeeded', amountReceived: 3500, metadata: { rsvpId: 'rsvp_1' } },
    });
    const wrong = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => gateway.verifyWebhook(Buffer.from(payload), wrong)).toThrow();
    expect(() => gateway.verifyWebhook(Buffer.from(payload.replace('3500', '1')), header)).toThrow();
    expect(() => gateway.verifyWebhook(Buffer.from(payload), undefined)).toThrow();
  });

  it('reads charge.refunded (the confirmation of a refund an attendee\'s cancel asked for) as a refund of its intent', () => {
    const gateway = stripeGateway(config);
    // The fields of a Charge object as Stripe sends it in charge.refunded (API 2025), trimmed.
    const charge = { id: 'ch_3Recorded', object: 'charge', amount: 3500, amount_refunded: 3500, refunded: true, payment_intent: 'pi_3RecordedIntent', currency: 'usd' };
    const payload = JSON.stringify({ id: 'evt_refund_1', object: 'event', type: 'charge.refunded', data: { object: charge } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: config.webhookSecret });
    expect(gateway.verifyWebhook(Buffer.from(payload), header)).toEqual({
      id: 'evt_refund_1',
      type: 'charge.refunded',
      refund: { intentId: 'pi_3RecordedIntent', amount: 3500, amountRefunded: 3500 },
    });
  });

  it('surfaces Stripe errors', async () => {
    nock('https://api.stripe.com')
      .post('/v1/payment_intents')
      .reply(400, { error: { type: 'invalid_request_error', message: 'Amount must be at least $0.50 usd' } });
    const gateway = stripeGateway(config, new Stripe(config.secretKey, { maxNetworkRetries: 0 }));
    await expect(gateway.createIntent({ amount: 1, currency: 'usd', metadata: {}, idempotencyKey: 'k' })).rejects.toThrow('Amount must be at least');
  });
});
