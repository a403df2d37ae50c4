// The sign-in configuration kept on the device: a page opened without a network (the door phone
// reloaded offline) still starts the sign-in library from the last copy it received.
import { describe, expect, it } from 'vitest';
import { FIREBASE_CONFIG_URL, loadSignInConfig, SIGN_IN_CONFIG_KEY } from './firebase.js';

const CONFIG = { apiKey: 'key-1', authDomain: 'zion.example.org', projectId: 'zion-events', appId: '1:2:web:3' };
const OLDER = { apiKey: 'key-0', authDomain: 'old.example.org', projectId: 'zion-old', appId: '1:2:web:0' };

function storage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const answers = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });
const offline = async () => {
  throw new TypeError('Failed to fetch');
};

describe('loadSignInConfig', () => {
  it('takes the configuration from the network and keeps it on the device, replacing an older copy', async () => {
    const kept = storage({ [SIGN_IN_CONFIG_KEY]: JSON.stringify(OLDER) });
    const asked: { url: string; init: RequestInit | undefined }[] = [];
    const fetchConfig = (async (url: string, init?: RequestInit) => {
      asked.push({ url, init });
      return new Response(JSON.stringify(CONFIG), { status: 200 });
    }) as typeof fetch;
    await expect(loadSignInConfig(fetchConfig, kept)).resolves.toEqual(CONFIG);
    expect(JSON.parse(kept.items.get(SIGN_IN_CONFIG_KEY)!)).toEqual(CONFIG);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url).toBe(FIREBASE_CONFIG_URL);
    expect(asked[0]!.init).toMatchObject({ credentials: 'omit' });
    // With a kept copy, a network that hangs ends in that copy, not in a page that waits for ever.
    expect(asked[0]!.init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('a first visit, with nothing kept, waits for a slow network rather than giving up', async () => {
    const kept = storage();
    let signal: AbortSignal | null | undefined = null;
    const fetchConfig = (async (_url: string, init?: RequestInit) => {
      signal = init?.signal;
      return new Response(JSON.stringify(CONFIG), { status: 200 });
    }) as typeof fetch;
    await expect(loadSignInConfig(fetchConfig, kept)).resolves.toEqual(CONFIG);
    expect(signal).toBeUndefined();
    expect(JSON.parse(kept.items.get(SIGN_IN_CONFIG_KEY)!)).toEqual(CONFIG);
  });

  it('without a network, starts from the copy the device kept', async () => {
    const kept = storage({ [SIGN_IN_CONFIG_KEY]: JSON.stringify(CONFIG) });
    await expect(loadSignInConfig(offline as typeof fetch, kept)).resolves.toEqual(CONFIG);
    expect(JSON.parse(kept.items.get(SIGN_IN_CONFIG_KEY)!)).toEqual(CONFIG);
  });

  it('when the network does not answer in time, starts from the kept copy', async () => {
    const kept = storage({ [SIGN_IN_CONFIG_KEY]: JSON.stringify(CONFIG) });
    const timedOut = (async () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    }) as typeof fetch;
    await expect(loadSignInConfig(timedOut, kept)).resolves.toEqual(CONFIG);
  });

  it('without a network and without a kept copy, fails with the network error', async () => {
    await expect(loadSignInConfig(offline as typeof fetch, storage())).rejects.toThrow('Failed to fetch');
    await expect(loadSignInConfig(offline as typeof fetch, undefined)).rejects.toThrow('Failed to fetch');
  });

  it('a kept copy that is not a configuration is not used', async () => {
    for (const junk of ['{not json', '"a string"', JSON.stringify({ projectId: 'no-key' }), 'null']) {
      await expect(loadSignInConfig(offline as typeof fetch, storage({ [SIGN_IN_CONFIG_KEY]: junk }))).rejects.toThrow('Failed to fetch');
    }
  });

  it('a site that answers without a configuration is an error, even with a kept copy, and the copy stays', async () => {
    const kept = storage({ [SIGN_IN_CONFIG_KEY]: JSON.stringify(CONFIG) });
    await expect(loadSignInConfig(answers(404, { error: 'not found' }) as typeof fetch, kept)).rejects.toThrow('Could not load the sign-in configuration (404)');
    expect(JSON.parse(kept.items.get(SIGN_IN_CONFIG_KEY)!)).toEqual(CONFIG);
  });

  it('an answer that is not a configuration (a captive portal\'s page) is not kept: the kept copy is used, or it is an error', async () => {
    const portal = async () => new Response('<html><body>Accept the terms to get online</body></html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    const kept = storage({ [SIGN_IN_CONFIG_KEY]: JSON.stringify(CONFIG) });
    await expect(loadSignInConfig(portal as typeof fetch, kept)).resolves.toEqual(CONFIG);
    expect(JSON.parse(kept.items.get(SIGN_IN_CONFIG_KEY)!)).toEqual(CONFIG);

    const nothing = storage();
    await expect(loadSignInConfig(portal as typeof fetch, nothing)).rejects.toThrow('Could not load the sign-in configuration');
    await expect(loadSignInConfig(answers(200, { projectId: 'no-key' }) as typeof fetch, nothing)).rejects.toThrow('Could not load the sign-in configuration');
    expect(nothing.items.size).toBe(0);
  });

  it('a device that refuses to keep the copy still starts online', async () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    };
    await expect(loadSignInConfig(answers(200, CONFIG) as typeof fetch, refusing)).resolves.toEqual(CONFIG);
  });
});
