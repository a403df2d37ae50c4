import { join, resolve } from 'node:path';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { ORGANISATION_TIME_ZONE } from './shared/constants.js';
import { firebaseIdentity } from './auth/firebase.js';
import { localFileStore } from './files/local.js';
import { cloudStorageFiles } from './files/cloud-storage.js';
import { systemClock, type ApiDependencies } from './ports.js';
import { firestoreStore } from './store/firestore.js';
import { openSqliteStore } from './store/sqlite.js';

/**
 * Chooses the adapters from configuration (DESIGN §3). Production is the
 * default: Firestore and Cloud Storage. `STORE_ADAPTER=sqlite` (set by
 * `npm start` and the tests) selects the offline store and files under
 * `DATA_DIR`. Nothing here looks at whether it runs under test.
 */
export function dependenciesFromEnvironment(env: NodeJS.ProcessEnv = process.env): ApiDependencies {
  const firebaseApp = getApps()[0] ?? initializeApp();
  const timeZone = env.ORGANISATION_TIME_ZONE || ORGANISATION_TIME_ZONE;
  const identity = firebaseIdentity(firebaseApp);
  if (env.STORE_ADAPTER === 'sqlite') {
    const dataDir = resolve(env.DATA_DIR || '.data');
    return {
      store: openSqliteStore(join(dataDir, 'store.sqlite')),
      files: localFileStore(join(dataDir, 'files')),
      identity,
      clock: systemClock,
      timeZone,
    };
  }
  if (env.STORE_ADAPTER && env.STORE_ADAPTER !== 'firestore') {
    throw new Error(`Unknown STORE_ADAPTER "${env.STORE_ADAPTER}": use "firestore" (default) or "sqlite".`);
  }
  return {
    store: firestoreStore(getFirestore(firebaseApp)),
    files: cloudStorageFiles(firebaseApp),
    identity,
    clock: systemClock,
    timeZone,
  };
}
