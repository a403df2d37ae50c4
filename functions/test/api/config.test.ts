import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dependenciesFromEnvironment } from '../../src/config.js';

const base = { GCLOUD_PROJECT: 'demo-zion-events' };

describe('adapters chosen by configuration', () => {
  it('a local run uses SQLite, the offline gateway and the local outbox', async () => {
    const deps = dependenciesFromEnvironment({ ...base, STORE_ADAPTER: 'sqlite', DATA_DIR: mkdtempSync(join(tmpdir(), 'zion-config-')) });
    expect(deps.payments.provider).toBe('offline');
    expect(deps.mailer.kind).toBe('local-outbox');
    expect(deps.siteUrl).toBe('http://127.0.0.1:5000');
    expect(deps.publicWritesPerMinute).toBe(150);
    expect(deps.clientAddress).toEqual({ header: 'x-forwarded-for', trustedHops: 0 });
    await deps.store.close();
  });

  it('a local run with Stripe and SendGrid keys uses the real adapters', async () => {
    const deps = dependenciesFromEnvironment({
      ...base,
      STORE_ADAPTER: 'sqlite',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'zion-config-')),
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      SENDGRID_API_KEY: 'SG.x',
    });
    expect(deps.payments.publicConfig()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_x' });
    expect(deps.mailer.kind).toBe('sendgrid');
    await deps.store.close();
  });

  it.each([
    [{}, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_live_x' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PUBLISHABLE_KEY: 'pk_x' }, 'MAIL_FROM'],
    [{ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PUBLISHABLE_KEY: 'pk_x', MAIL_FROM: 'a@b.org' }, 'SENDGRID_API_KEY'],
  ])('production without a key fails naming it (%j → %s)', (env, variable) => {
    expect(() => dependenciesFromEnvironment({ ...base, ...env })).toThrow(`${variable} is not set`);
  });

  it('the SQLite store is refused in a deployed function', () => {
    expect(() => dependenciesFromEnvironment({ ...base, STORE_ADAPTER: 'sqlite', K_SERVICE: 'api' })).toThrow('local runs only');
  });
});
