import { describe, expect, it } from 'vitest';
import { audiencesFromEnvironment } from '../../src/config.js';
import type { DocumentStore } from '../../src/store/port.js';

const store = {} as DocumentStore;

describe('the audiences adapter chosen by configuration', () => {
  it('Mailchimp with a key; the offline demo only locally; otherwise not configured (never a fake in production)', async () => {
    expect(audiencesFromEnvironment({ MAILCHIMP_API_KEY: '0123456789abcdef0123456789abcdef-us21' }, false, store).kind).toBe('mailchimp');
    expect(audiencesFromEnvironment({ MAILCHIMP_API_KEY: '0123456789abcdef0123456789abcdef-us21' }, true, store).kind).toBe('mailchimp');
    expect(audiencesFromEnvironment({}, true, store).kind).toBe('offline');
    const production = audiencesFromEnvironment({ MAILCHIMP_API_KEY: '  ' }, false, store);
    expect(production.kind).toBe('unconfigured');
    await expect(production.listAudiences()).rejects.toMatchObject({ code: 'MAILCHIMP_NOT_CONFIGURED', message: expect.stringContaining('MAILCHIMP_API_KEY') });
  });

  it('a key without its data centre leaves Mailchimp not configured, saying why, instead of stopping the API', () => {
    const errors = console.error;
    console.error = () => {};
    try {
      const adapter = audiencesFromEnvironment({ MAILCHIMP_API_KEY: 'not-a-key' }, false, store);
      expect(adapter.kind).toBe('unconfigured');
      expect(adapter.notConfiguredMessage).toMatch(/^Mailchimp is not configured: MAILCHIMP_API_KEY does not look like a Mailchimp API key/);
    } finally {
      console.error = errors;
    }
  });
});
