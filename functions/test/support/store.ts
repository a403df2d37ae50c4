import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { firestoreStore } from '../../src/store/firestore.js';
import type { DocumentStore } from '../../src/store/port.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { recordingQueries } from './query-recorder.js';

/**
 * Which store the suites run on. `npm test` runs the functions suites twice: on
 * SQLite (the local default) and, with ZION_TEST_STORE=firestore, on Google's
 * Firestore emulator at FIRESTORE_EMULATOR_HOST (production's store).
 */
export const TEST_STORE: 'sqlite' | 'firestore' = process.env.ZION_TEST_STORE === 'firestore' ? 'firestore' : 'sqlite';

if (TEST_STORE === 'firestore' && !process.env.FIRESTORE_EMULATOR_HOST) {
  throw new Error('ZION_TEST_STORE=firestore needs FIRESTORE_EMULATOR_HOST (npm test starts the emulator and sets both).');
}

// The Firestore client looks for Google's metadata server to find credentials; the emulator needs none,
// and each failed look-up prints a MetadataLookupWarning.
process.env.METADATA_SERVER_DETECTION ??= 'none';

let apps = 0;

/**
 * A store of its own for one test or test API: a fresh SQLite file, or a fresh
 * project id in the Firestore emulator (projects there share nothing, so tests
 * stay independent without clearing anything). `reopen()` opens another
 * connection to the same data, as a second instance of the API would have.
 */
export function openTestStore(): { store: DocumentStore; reopen(): DocumentStore; close(): Promise<void> } {
  const opened: DocumentStore[] = [];
  const firebaseApps: App[] = [];
  let open: () => DocumentStore;
  let cleanUp = () => {};
  if (TEST_STORE === 'firestore') {
    const projectId = `demo-test-${randomBytes(6).toString('hex')}`;
    open = () => {
      apps += 1;
      // A firebase-admin app per connection: a second connection is a separate client, as in another instance.
      const app = initializeApp({ projectId }, `test-store-${apps}`);
      firebaseApps.push(app);
      return firestoreStore(getFirestore(app));
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'zion-store-'));
    const file = join(dir, 'store.sqlite');
    open = () => openSqliteStore(file);
    cleanUp = () => rmSync(dir, { recursive: true, force: true });
  }
  const reopen = () => {
    const store = recordingQueries(open());
    opened.push(store);
    return store;
  };
  return {
    store: reopen(),
    reopen,
    async close() {
      for (const store of opened.splice(0)) await store.close();
      for (const app of firebaseApps.splice(0)) await deleteApp(app);
      cleanUp();
    },
  };
}
