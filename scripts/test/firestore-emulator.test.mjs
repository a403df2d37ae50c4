// Google's Firestore emulator keeps `npm start -- --store firestore`'s data across a
// restart: an export written when it stops, loaded when it starts. Run on the real
// emulator when this machine has it (with Java); skipped, saying so, when not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findExport, findFirestoreEmulator, startFirestoreEmulator } from '../lib/firestore-emulator.mjs';

let dir;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'zion-firestore-export-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('findExport', () => {
  it('finds nothing where nothing was exported', () => {
    expect(findExport(undefined)).toBeNull();
    expect(findExport(join(dir, 'absent'))).toBeNull();
    expect(findExport(dir)).toBeNull();
  });

  it('finds the metadata file in the folder, or one folder down (the layout an export writes)', () => {
    mkdirSync(join(dir, 'firestore_export'));
    writeFileSync(join(dir, 'firestore_export', 'firestore_export.overall_export_metadata'), '');
    expect(findExport(dir)).toBe(join(dir, 'firestore_export', 'firestore_export.overall_export_metadata'));
    expect(findExport(join(dir, 'firestore_export'))).toBe(join(dir, 'firestore_export', 'firestore_export.overall_export_metadata'));
    expect(findExport(join(dir, 'firestore_export', 'firestore_export.overall_export_metadata'))).toBe(
      join(dir, 'firestore_export', 'firestore_export.overall_export_metadata'),
    );
  });
});

async function freePort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

const missing = findFirestoreEmulator().missing;
const PROJECT = 'demo-export-test';

async function documents(host) {
  const response = await fetch(`http://${host}/v1/projects/${PROJECT}/databases/(default)/documents/things`, { headers: { Authorization: 'Bearer owner' } });
  return ((await response.json()).documents ?? []).map((doc) => doc.name.split('/').at(-1)).sort();
}

async function add(host, id) {
  const response = await fetch(`http://${host}/v1/projects/${PROJECT}/databases/(default)/documents/things?documentId=${id}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ fields: { n: { integerValue: '1' } } }),
  });
  expect(response.ok).toBe(true);
}

describe.skipIf(missing)(`the emulator's data across a restart${missing ? ` (skipped: ${missing})` : ''}`, () => {
  it('is exported when it stops and loaded when it starts again', { timeout: 120_000 }, async () => {
    const exportDir = join(dir, 'firestore-export');
    const options = { port: await freePort(), projectId: PROJECT, importFrom: exportDir, exportOnExit: exportDir };
    const first = await startFirestoreEmulator(options);
    try {
      expect(await documents(first.host)).toEqual([]);
      await add(first.host, 'a');
    } finally {
      await first.stop();
    }
    expect(findExport(exportDir)).not.toBeNull();

    const second = await startFirestoreEmulator({ ...options, port: await freePort(), exportOnExit: undefined });
    try {
      expect(await documents(second.host)).toEqual(['a']);
    } finally {
      await second.stop();
    }
  });
});
