// npm run reset: forget local data; the next `npm start` seeds the demo content again.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dataDir = join(fileURLToPath(new URL('..', import.meta.url)), '.data');
await rm(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}. The next npm start seeds the demo content again.`);
