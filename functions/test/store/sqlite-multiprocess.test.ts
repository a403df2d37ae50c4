import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/sqlite.js';

/**
 * The in-process queue keeps one process's transactions from racing; across
 * processes (the Functions emulator runs several workers on one SQLite file)
 * only the version check at commit does. This runs the real adapter in
 * separate Node processes against one file.
 *
 * Node 20 cannot run TypeScript and tsx is not installed, so the adapter is
 * compiled to a temporary folder with the TypeScript compiler the project
 * already has; a `node_modules` link there lets it find libsql.
 */

const PROCESSES = 4;
const INCREMENTS = 25;
const ROUNDS = 2;

const here = dirname(fileURLToPath(import.meta.url));
const storeSources = join(here, '../../src/store');
const childScript = join(here, 'sqlite-multiprocess.child.mjs');

let workDir: string;
let adapterUrl: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'store-multiprocess-'));
  const out = join(workDir, 'store');
  mkdirSync(out);
  for (const name of readdirSync(storeSources).filter((file) => file.endsWith('.ts'))) {
    const { outputText } = ts.transpileModule(readFileSync(join(storeSources, name), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      fileName: name,
    });
    writeFileSync(join(out, name.replace(/\.ts$/, '.js')), outputText);
  }
  writeFileSync(join(workDir, 'package.json'), JSON.stringify({ type: 'module' }));
  const nodeModules = dirname(dirname(createRequire(import.meta.url).resolve('libsql')));
  symlinkSync(nodeModules, join(workDir, 'node_modules'), 'junction');
  adapterUrl = pathToFileURL(join(out, 'sqlite.js')).href;
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

type Child = ChildProcessByStdio<Writable, Readable, Readable>;

function startChild(file: string): { child: Child; ready: Promise<void>; done: Promise<{ attempts: number }> } {
  const child = spawn(process.execPath, [childScript, adapterUrl, file, String(INCREMENTS)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (stdout.startsWith('ready\n')) markReady();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<{ attempts: number }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      markReady();
      if (code !== 0) return reject(new Error(`child ${child.pid} exited with ${code}:\n${stderr || stdout}`));
      resolve(JSON.parse(stdout.split('\n').filter(Boolean).at(-1)!) as { attempts: number });
    });
  });
  return { child, ready, done };
}

describe('sqlite store across processes', () => {
  it(
    `${PROCESSES} processes × ${INCREMENTS} read-modify-write transactions on one document lose no update`,
    async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const file = join(workDir, `round-${round}.sqlite`);
        const children = Array.from({ length: PROCESSES }, () => startChild(file));
        await Promise.all(children.map(({ ready }) => ready));
        for (const { child } of children) child.stdin.end('go\n');
        const results = await Promise.all(children.map(({ done }) => done));

        const store = openSqliteStore(file);
        try {
          const counter = await store.get<{ count: number }>('counters', 'shared');
          expect(counter?.data, `round ${round}`).toEqual({ count: PROCESSES * INCREMENTS });
        } finally {
          await store.close();
        }
        // More attempts than commits: the processes really did conflict, and the conflicts were retried.
        const attempts = results.reduce((sum, { attempts }) => sum + attempts, 0);
        expect(attempts, `round ${round}`).toBeGreaterThan(PROCESSES * INCREMENTS);
      }
    },
    60_000,
  );

  it('importing the store loads no SQLite driver; opening a store does (production imports it and uses Firestore)', async () => {
    const probe = `
      import { createRequire } from 'node:module';
      const loaded = () => Object.keys(createRequire(${JSON.stringify(adapterUrl)}).cache).some((path) => /[\\\\/]libsql[\\\\/]/.test(path));
      const { openSqliteStore } = await import(${JSON.stringify(adapterUrl)});
      const afterImport = loaded();
      const store = openSqliteStore(':memory:');
      await store.close();
      console.log(JSON.stringify({ afterImport, afterOpen: loaded() }));`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', probe], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(code, err).toBe(0);
    expect(JSON.parse(out)).toEqual({ afterImport: false, afterOpen: true });
  });

  it('opening waits for a lock another process holds, instead of failing with SQLITE_BUSY', async () => {
    const file = join(workDir, 'locked.sqlite');
    // Another process holds the new file's write lock for 400 ms; the store opens meanwhile.
    const script = `
      const Database = require(${JSON.stringify(createRequire(import.meta.url).resolve('libsql'))});
      const db = new Database(${JSON.stringify(file)});
      db.exec('BEGIN EXCLUSIVE');
      console.log('locked');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400);
      db.exec('COMMIT');
      db.close();
    `;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    const store = openSqliteStore(file);
    try {
      await store.set('notes', 'n', { opened: true });
      expect((await store.get('notes', 'n'))?.data).toEqual({ opened: true });
    } finally {
      await store.close();
      await new Promise((resolve) => child.once('close', resolve));
    }
  });

  it('a process that never closes its store still exits once its work is done, with its writes kept', async () => {
    const file = join(workDir, 'unclosed.sqlite');
    // Enough commits for the background checkpoint thread to start; the script then simply ends.
    const script = `
      const { openSqliteStore } = await import(${JSON.stringify(adapterUrl)});
      const store = openSqliteStore(${JSON.stringify(file)});
      for (let i = 0; i < 50; i++) await store.set('notes', 'n' + i, { i });
      await new Promise((resolve) => setTimeout(resolve, 300));
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 10_000);
      child.once('close', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    expect(code, stderr || 'still running after 10 s').toBe(0);
    const store = openSqliteStore(file);
    try {
      expect(await store.query('notes')).toHaveLength(50);
    } finally {
      await store.close();
    }
  }, 20_000);

  it('close() while the background checkpoint is busy finishes in a process with nothing else to do (not exit 13)', async () => {
    const file = join(workDir, 'closing.sqlite');
    // A large log, so the checkpoint is still copying when close() asks its thread to stop.
    const script = `
      const { openSqliteStore } = await import(${JSON.stringify(adapterUrl)});
      const store = openSqliteStore(${JSON.stringify(file)});
      const big = 'x'.repeat(2000);
      for (let round = 0; round < 5; round++) {
        // 5,000 documents a round, in commits of at most 500 writes (limits.ts) started together, so they share one SQLite transaction.
        await Promise.all(Array.from({ length: 10 }, (_, part) => store.runTransaction(async (tx) => {
          for (let i = part * 500; i < part * 500 + 500; i++) tx.create('things', round + '-' + i, { big });
        })));
      }
      await new Promise((resolve) => setTimeout(resolve, 105));
      await store.close();
      console.log('closed');
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect({ code, output: output.trim() }).toEqual({ code: 0, output: 'closed' });
  }, 60_000);
});
