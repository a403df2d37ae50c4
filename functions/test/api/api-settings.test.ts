import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_SETTING_DEFAULTS, apiRuntimeSettings } from '../../src/api-settings.js';

describe('the api function runtime settings (API_* variables)', () => {
  it('unset or empty variables give the documented defaults', () => {
    expect(apiRuntimeSettings({})).toEqual({ minInstances: 0, maxInstances: 20, concurrency: 80, memory: '512MiB', cpu: 1, timeoutSeconds: 60 });
    expect(apiRuntimeSettings({ API_MIN_INSTANCES: '', API_MEMORY: '  ', API_CPU: '' })).toEqual(API_SETTING_DEFAULTS);
  });

  it('reads every setting, spaces trimmed', () => {
    expect(
      apiRuntimeSettings({
        API_MIN_INSTANCES: ' 3 ',
        API_MAX_INSTANCES: '50',
        API_CONCURRENCY: '120',
        API_MEMORY: '2GiB',
        API_CPU: '2',
        API_TIMEOUT_SECONDS: '120',
      }),
    ).toEqual({ minInstances: 3, maxInstances: 50, concurrency: 120, memory: '2GiB', cpu: 2, timeoutSeconds: 120 });
  });

  it.each([
    [{ API_MIN_INSTANCES: '-1' }, 'API_MIN_INSTANCES must be a whole number from 0 to 1000, not "-1".'],
    [{ API_MIN_INSTANCES: 'two' }, 'API_MIN_INSTANCES must be a whole number from 0 to 1000, not "two".'],
    [{ API_MAX_INSTANCES: '0' }, 'API_MAX_INSTANCES must be a whole number from 1 to 1000, not "0".'],
    [{ API_MAX_INSTANCES: '2.5' }, 'API_MAX_INSTANCES must be a whole number from 1 to 1000, not "2.5".'],
    [{ API_CONCURRENCY: '1e3' }, 'API_CONCURRENCY must be a whole number from 1 to 1000, not "1e3".'],
    [{ API_CONCURRENCY: '1001' }, 'API_CONCURRENCY must be a whole number from 1 to 1000, not "1001".'],
    [{ API_TIMEOUT_SECONDS: '3601' }, 'API_TIMEOUT_SECONDS must be a whole number from 1 to 3600, not "3601".'],
    [{ API_MIN_INSTANCES: '30' }, 'API_MIN_INSTANCES (30) cannot be more than API_MAX_INSTANCES (20).'],
    [{ API_MEMORY: '512MB' }, 'API_MEMORY must be one of 128MiB, 256MiB, 512MiB, 1GiB, 2GiB, 4GiB, 8GiB, 16GiB, 32GiB, not "512MB".'],
    [{ API_MEMORY: 'toString' }, 'API_MEMORY must be one of 128MiB, 256MiB, 512MiB, 1GiB, 2GiB, 4GiB, 8GiB, 16GiB, 32GiB, not "toString".'],
    [{ API_CPU: '3' }, 'API_CPU must be one of 1, 2, 4, 6, 8, not "3".'],
    [{ API_CPU: '0.5' }, 'API_CPU must be one of 1, 2, 4, 6, 8, not "0.5".'],
    [{ API_MEMORY: '8GiB' }, 'API_MEMORY 8GiB does not fit API_CPU 1: Cloud Run allows 128 to 4096 MiB with 1 CPU.'],
    [{ API_CPU: '4' }, 'API_MEMORY 512MiB does not fit API_CPU 4: Cloud Run allows 2048 to 16384 MiB with 4 CPU.'],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => apiRuntimeSettings(env)).toThrow(message);
  });
});

describe('the deployed api function', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('is declared with the settings from the environment', async () => {
    vi.stubEnv('API_MIN_INSTANCES', '2');
    vi.stubEnv('API_MAX_INSTANCES', '40');
    vi.stubEnv('API_CONCURRENCY', '60');
    vi.stubEnv('API_MEMORY', '1GiB');
    vi.stubEnv('API_TIMEOUT_SECONDS', '90');
    vi.resetModules();
    const { api } = await import('../../src/index.js');
    const endpoint = (api as unknown as { __endpoint: Record<string, unknown> }).__endpoint;
    expect(endpoint).toMatchObject({
      minInstances: 2,
      maxInstances: 40,
      concurrency: 60,
      availableMemoryMb: 1024,
      cpu: 1,
      timeoutSeconds: 90,
      region: ['us-central1'],
    });
  });

  it('a bad value stops the functions from loading (and so the deploy)', async () => {
    vi.stubEnv('API_MEMORY', 'lots');
    vi.resetModules();
    await expect(import('../../src/index.js')).rejects.toThrow('API_MEMORY must be one of');
  });
});
