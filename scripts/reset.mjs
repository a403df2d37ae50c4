// npm run reset: forget local data (the SQLite store, the Firestore emulator's saved
// export, uploaded files, the Auth emulator's accounts); the next `npm start` seeds
// the demo content again, on either store. Stop `npm start` first: when it stops,
// the Firestore emulator saves its data again.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_DATA_DIR, FIRESTORE_EXPORT_DIR } from './lib/stack.mjs';

const firestoreExport = join(DEFAULT_DATA_DIR, FIRESTORE_EXPORT_DIR);
const hadFirestore = existsSync(firestoreExport);
await rm(DEFAULT_DATA_DIR, { recursive: true, force: true });
console.log(`Removed ${DEFAULT_DATA_DIR}${hadFirestore ? ` (with the Firestore emulator's data)` : ''}. The next npm start seeds the demo content again.`);
