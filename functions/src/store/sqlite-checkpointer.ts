import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'libsql';

/** How long commits may gather in the write-ahead log before a background checkpoint copies them over. */
export const CHECKPOINT_DELAY_MS = 100;

// The worker is inline code (not a file next to this one) so it runs the same
// from compiled JS, from the TypeScript sources under vitest, and in the emulator.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
parentPort.on('message', (message) => {
  if (message === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  // PASSIVE never waits for, nor blocks, the writer or any reader.
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage('checkpointed');
  } catch (error) {
    parentPort.postMessage('failed: ' + error.message);
  }
});
`;

export interface Checkpointer {
  /** Call after every commit: a checkpoint follows within CHECKPOINT_DELAY_MS. */
  afterCommit(): void;
  stop(): Promise<void>;
}

/**
 * Checkpoints the write-ahead log from a worker thread. SQLite's automatic
 * checkpoint runs inside whichever commit crosses 1,000 pages: it copies those
 * pages into the database file and syncs both files, stalling every request
 * queued behind that commit for tens of milliseconds. In a thread of its own
 * the checkpoint uses the otherwise idle core and the request loop never waits
 * for the disk. If the thread cannot run, SQLite's automatic checkpoint comes
 * back, so the log never grows without bound.
 */
export function backgroundCheckpoints(db: Database.Database, file: string, busyTimeoutMs: number): Checkpointer {
  db.pragma('wal_autocheckpoint = 0');
  let worker: Worker | undefined;
  let failed = false;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let dirty = false;

  function fallBackToAutomatic() {
    failed = true;
    worker = undefined;
    if (db.open) db.pragma('wal_autocheckpoint = 1000');
  }

  function start() {
    try {
      worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { file, busyTimeoutMs, driver: createRequire(import.meta.url).resolve('libsql') },
        // Not the parent's options: with --input-type=module the source above would not be CommonJS.
        execArgv: [],
      });
    } catch {
      fallBackToAutomatic();
      return;
    }
    worker.on('message', (message: string) => {
      running = false;
      if (message !== 'checkpointed') {
        // A thread that cannot checkpoint must not let the log grow: hand the job back to SQLite.
        void stopWorker();
        fallBackToAutomatic();
        return;
      }
      if (dirty) schedule();
    });
    worker.on('error', fallBackToAutomatic);
    worker.on('exit', () => {
      if (worker) fallBackToAutomatic();
    });
    // After the listeners: adding a 'message' listener refs the worker again, and it must never keep a process alive.
    worker.unref();
  }

  /** Lets the thread finish a running checkpoint and close its connection. */
  async function stopWorker() {
    const stopping = worker;
    worker = undefined;
    if (!stopping) return;
    const exited = new Promise((resolve) => stopping.once('exit', resolve));
    // The worker is unref'd: while close() waits for it (a checkpoint of a large log can take a
    // while), it must hold the process open, or a process with nothing else left to do ends
    // with close() still pending (exit code 13, unsettled top-level await: the benchmark did).
    stopping.ref();
    stopping.postMessage('stop');
    await exited;
  }

  function schedule() {
    if (timer || failed) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (!worker) start();
      if (!worker || running) return;
      running = true;
      dirty = false;
      worker.postMessage('checkpoint');
    }, CHECKPOINT_DELAY_MS);
    timer.unref();
  }

  return {
    afterCommit() {
      dirty = true;
      if (!running) schedule();
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      failed = true;
      await stopWorker();
    },
  };
}
