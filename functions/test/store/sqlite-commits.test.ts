import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { endianness, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentStore } from '../../src/store/port.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { backgroundCheckpoints, CHECKPOINT_DELAY_MS } from '../../src/store/sqlite-checkpointer.js';

/**
 * How the SQLite store commits: transactions of one turn of the event loop
 * share one SQLite commit (group commit), nothing is reported done or shown
 * before that commit, and the write-ahead log is checkpointed by a background
 * thread rather than inside a request.
 */

let dir: string;
let file: string;
let store: DocumentStore;
let peer: Database.Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'store-commits-'));
  file = join(dir, 'store.sqlite');
  store = openSqliteStore(file);
  // A plain connection, as another process would read the file.
  peer = new Database(file);
  peer.pragma('query_only = 1');
});

afterEach(async () => {
  peer.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const committedIds = () => (peer.prepare("SELECT id FROM documents WHERE collection = 'seats' ORDER BY id").all() as { id: string }[]).map((row) => row.id);

/** The connection's automatic checkpoint threshold, in pages (0: off). */
const autocheckpointPages = (db: Database.Database) => (db.prepare('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number }).wal_autocheckpoint;

/**
 * Whether every frame in the write-ahead log has been copied into the database, read from the
 * wal-index (the -shm file) without touching the database: its header's mxFrame (byte 16) and
 * the checkpoint's nBackfill (byte 96), both in the machine's byte order (sqlite.org/walformat.html).
 */
function walFullyCheckpointed(): boolean {
  const index = readFileSync(`${file}-shm`);
  const read = (offset: number) => (endianness() === 'LE' ? index.readUInt32LE(offset) : index.readUInt32BE(offset));
  return read(96) === read(16);
}

/** Lets every queued microtask run, without giving the event loop a turn. */
async function drainMicrotasks() {
  for (let i = 0; i < 200; i++) await Promise.resolve();
}

async function book(id: string) {
  return store.runTransaction(async (tx) => {
    const counter = await tx.get<{ taken: number }>('counters', 'seats');
    tx.set('counters', 'seats', { taken: (counter?.data.taken ?? 0) + 1 });
    tx.create('seats', id, { holder: id });
    return id;
  });
}

describe('sqlite store commits', () => {
  it('transactions of one turn are applied in order but none is done, or visible, before their shared commit', async () => {
    const settled: string[] = [];
    const bookings = ['a', 'b', 'c', 'd', 'e'].map((id) => book(id).then(() => settled.push(id)));
    await drainMicrotasks();
    // All five have been applied (each read the counter the previous one wrote), but not committed.
    expect(settled).toEqual([]);
    expect(committedIds()).toEqual([]);
    await Promise.all(bookings);
    expect(committedIds()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect((await store.get<{ taken: number }>('counters', 'seats'))?.data.taken).toBe(5);
  });

  it('a read outside a transaction waits for the commit rather than showing uncommitted writes', async () => {
    const booking = book('a');
    await drainMicrotasks();
    expect(committedIds()).toEqual([]);
    // Started while the write is applied but not committed: answers once it is committed.
    const read = await store.get('seats', 'a');
    expect(read?.data).toEqual({ holder: 'a' });
    expect(committedIds()).toEqual(['a']);
    await booking;
  });

  it('a failed commit check undoes only its own transaction in a shared commit', async () => {
    await store.set('seats', 'taken', { holder: 'first' });
    const results = await Promise.allSettled([book('a'), book('taken'), book('b')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedIds()).toEqual(['a', 'b', 'taken']);
    expect((await store.get('seats', 'taken'))?.data).toEqual({ holder: 'first' });
    // The failed one's counter increment was undone with it.
    expect((await store.get<{ taken: number }>('counters', 'seats'))?.data.taken).toBe(2);
  });

  it('checkpoints the write-ahead log in the background, so it stops growing', async () => {
    const walSize = () => statSync(`${file}-wal`).size;
    const writeRound = async (round: number) => {
      await Promise.all(Array.from({ length: 200 }, (_, i) => book(`r${round}-${String(i).padStart(3, '0')}`)));
      // Wait for the background checkpoint (however slow a loaded machine makes the thread): the
      // next round then starts the log from its beginning again. Without one, this times out.
      await expect.poll(walFullyCheckpointed, { timeout: 15_000, interval: CHECKPOINT_DELAY_MS }).toBe(true);
    };
    await writeRound(0);
    const afterFirstRound = walSize();
    for (let round = 1; round < 8; round++) await writeRound(round);
    expect(committedIds()).toHaveLength(1600);
    // Without checkpoints the log would hold all eight rounds; SQLite's own checkpoint is off.
    expect(walSize()).toBeLessThanOrEqual(afterFirstRound * 2);
  }, 60_000);

  it("hands checkpoints back to SQLite when the background thread cannot do them", async () => {
    const db = new Database(join(dir, 'other.sqlite'));
    db.pragma('journal_mode = WAL');
    // The thread opens its own connection to this path, which cannot exist.
    const checkpointer = backgroundCheckpoints(db, join(dir, 'missing', 'folder', 'store.sqlite'), 1_000);
    try {
      expect(autocheckpointPages(db)).toBe(0);
      checkpointer.afterCommit();
      await expect.poll(() => autocheckpointPages(db), { timeout: 5_000 }).toBe(1000);
    } finally {
      await checkpointer.stop();
      db.close();
    }
  });
});
