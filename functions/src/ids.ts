import { randomFillSync } from 'node:crypto';

/**
 * Random bytes drawn from a pooled buffer: one system call per 256 ids rather
 * than one per id (ids are made on every registration, the hot path).
 */
const POOL_SIZE = 16 * 256;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;

function randomBytes16(): Buffer {
  if (offset + 16 > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + 16));
  // Never hand out the same bytes twice.
  pool.fill(0, offset, offset + 16);
  offset += 16;
  return bytes;
}

/**
 * A random URL-safe id: 16 bytes = 128 bits, unguessable (DESIGN §2 asks at least 120 bits for tickets).
 * Redrawn rather than altered, so every id stays uniform over the ids allowed; the two rules below
 * leave about 127.98 bits.
 */
export function newId(): string {
  for (;;) {
    const id = randomBytes16().toString('base64url');
    // Firestore refuses ids of the form __x__ (about one in 17 million of these would be one).
    if (id.startsWith('__') && id.endsWith('__')) continue;
    // Never starts with a character a spreadsheet reads as a formula (issue 23 item 11): of = + - @,
    // base64url has only '-' (one in 64 ids). Ticket ids go into the CSV export as they are.
    if (id.startsWith('-')) continue;
    return id;
  }
}
