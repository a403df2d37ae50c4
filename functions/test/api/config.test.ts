import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dependenciesFromEnvironment } from '../../src/config.js';
import { SOCKET_CLIENT_ADDRESS } from '../../src/http/client-address.js';

const base = { GCLOUD_PROJECT: 'demo-zion-events' };

describe('adapters chosen by configuration', () => {
  it('a local run uses SQLite, the offline gateway and the local outbox', async () => {
    const deps = dependenciesFromEnvironment({ ...base, STORE_ADAPTER: 'sqlite', DATA_DIR: mkdtempSync(join(tmpdir(), 'zion-config-')) });
    expect(deps.payments.provider).toBe('offline');
    expect(deps.mailer.kind).toBe('local-outbox');
    expect(deps.siteUrl).toBe('http://127.0.0.1:5000');
    expect(deps.publicWritesPerMinute).toBe(150);
    expect(deps.clientAddress).toEqual(SOCKET_CLIENT_ADDRESS);
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

  // npm start -- --store firestore: the Firestore store, on the emulator, with everything else local.
  it.each([{ STORE_ADAPTER: 'firestore' }, {}])('a run on the Firestore emulator is local (%j)', async (adapter) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'zion-config-'));
    const deps = dependenciesFromEnvironment({ ...base, ...adapter, FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080', DATA_DIR: dataDir });
    expect(deps.payments.provider).toBe('offline');
    expect(deps.mailer.kind).toBe('local-outbox');
    expect(deps.audiences?.kind).toBe('offline');
    expect(deps.siteUrl).toBe('http://127.0.0.1:5000');
    expect(deps.clientAddress).toEqual(SOCKET_CLIENT_ADDRESS);
    expect(await deps.files.put('logo.svg', Buffer.from('<svg/>'), 'image/svg+xml')).toBe('/api/files/logo.svg');
    expect(existsSync(join(dataDir, 'files', 'logo.svg'))).toBe(true);
    // The store is Firestore's, not the SQLite file.
    expect(existsSync(join(dataDir, 'store.sqlite'))).toBe(false);
  });

  it('the SQLite store wins over a Firestore emulator when asked for', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'zion-config-'));
    const deps = dependenciesFromEnvironment({ ...base, STORE_ADAPTER: 'sqlite', FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080', DATA_DIR: dataDir });
    expect(existsSync(join(dataDir, 'store.sqlite'))).toBe(true);
    await deps.store.close();
  });

  it('production on Firestore without the emulator still needs every key', () => {
    expect(() => dependenciesFromEnvironment({ ...base, STORE_ADAPTER: 'firestore' })).toThrow('STRIPE_SECRET_KEY is not set');
    expect(() => dependenciesFromEnvironment({ ...base, FIRESTORE_EMULATOR_HOST: ' ' })).toThrow('STRIPE_SECRET_KEY is not set');
  });

  it('a deployed function with FIRESTORE_EMULATOR_HOST set is refused', () => {
    expect(() => dependenciesFromEnvironment({ ...base, FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080', K_SERVICE: 'api' })).toThrow(
      'FIRESTORE_EMULATOR_HOST (127.0.0.1:8080) is for local runs only',
    );
    expect(() => dependenciesFromEnvironment({ ...base, STORE_ADAPTER: 'firestore', FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080', K_SERVICE: 'api' })).toThrow(
      'local runs only',
    );
  });

  it('the Functions emulator (K_SERVICE and FUNCTIONS_EMULATOR) may run on the Firestore emulator', () => {
    const deps = dependenciesFromEnvironment({
      ...base,
      STORE_ADAPTER: 'firestore',
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
      K_SERVICE: 'api',
      FUNCTIONS_EMULATOR: 'true',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'zion-config-')),
    });
    expect(deps.payments.provider).toBe('offline');
  });
});
