// `npm start -- --store firestore` and `npm run e2e -- --store firestore [playwright args]`:
// the option's parsing, and the environment each store gives the API.
import { describe, expect, it } from 'vitest';
import { FIRESTORE_EMULATOR_HOST, PROJECT_ID, storeEnv } from '../lib/stack.mjs';
import { parseStoreOption } from '../lib/store-option.mjs';

describe('--store', () => {
  it('is SQLite by default', () => {
    expect(parseStoreOption([])).toEqual({ store: 'sqlite', rest: [] });
  });

  it.each([[['--store', 'firestore']], [['--store=firestore']]])('%j chooses Firestore', (args) => {
    expect(parseStoreOption(args)).toEqual({ store: 'firestore', rest: [] });
  });

  it('leaves the other arguments, in order, for Playwright', () => {
    expect(parseStoreOption(['tests/e2e/theme.spec.ts', '--store', 'firestore', '--headed', '-g', 'logo'])).toEqual({
      store: 'firestore',
      rest: ['tests/e2e/theme.spec.ts', '--headed', '-g', 'logo'],
    });
    expect(parseStoreOption(['--store=sqlite', 'x.spec.ts'])).toEqual({ store: 'sqlite', rest: ['x.spec.ts'] });
  });

  it.each([
    [['--store'], '--store needs a value: sqlite or firestore.'],
    [['--store', '--headed'], '--store needs a value'],
    [['--store', 'mongo'], 'Unknown store "mongo": use --store sqlite or --store firestore (sqlite is the default).'],
    [['--store='], 'Unknown store ""'],
    [['--store', 'firestore', '--store=sqlite'], '--store given twice (firestore, sqlite).'],
  ])('%j is refused in one line', (args, message) => {
    const { error } = parseStoreOption(args);
    expect(error).toContain(message);
    expect(error).not.toContain('\n');
  });
});

describe('the environment of each store', () => {
  it('SQLite: STORE_ADAPTER=sqlite and the data folder', () => {
    expect(storeEnv('/tmp/data')).toEqual({ STORE_ADAPTER: 'sqlite', DATA_DIR: '/tmp/data', GCLOUD_PROJECT: PROJECT_ID });
  });

  it("Firestore: the emulator's address on firebase.json's port, and the data folder for files", () => {
    expect(storeEnv('/tmp/data', 'firestore')).toEqual({
      STORE_ADAPTER: 'firestore',
      DATA_DIR: '/tmp/data',
      GCLOUD_PROJECT: 'demo-zion-events',
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
    });
    expect(FIRESTORE_EMULATOR_HOST).toBe('127.0.0.1:8080');
  });

  it('refuses a store it does not know', () => {
    expect(() => storeEnv('/tmp/data', 'mongo')).toThrow('Unknown store "mongo"');
  });
});
