// `npm test`, `npm start` and `npm run e2e` on a fresh clone: they install the
// packages before anything imports one. Run against a copy of the scripts in a
// temporary folder with no node_modules, and a fake `npm` on PATH that records
// how it was called (nothing is really installed).
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureInstalled, installReason } from '../lib/bootstrap.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TOOLS = ['tsc', 'vite', 'firebase', 'vitest', 'eslint', 'playwright'];

let clone;
let fakeBin;
let npmLog;

/** A fake npm: records "<cwd> <args>"; with `installs`, leaves what an install leaves and succeeds, else fails with 7. */
function writeFakeNpm(installs) {
  const script = [
    '#!/bin/sh',
    'echo "$PWD $*" >> "$NPM_LOG"',
    installs
      ? `mkdir -p node_modules/.bin && touch node_modules/.package-lock.json && for t in ${TOOLS.join(' ')}; do touch node_modules/.bin/$t; done; exit 0`
      : 'exit 7',
  ].join('\n');
  writeFileSync(join(fakeBin, 'npm'), `${script}\n`);
  chmodSync(join(fakeBin, 'npm'), 0o755);
}

function npmCalls() {
  return existsSync(npmLog) ? readFileSync(npmLog, 'utf8').trim().split('\n') : [];
}

/** Runs one of the copied entry scripts with only the fake npm (and no node_modules) to find. */
function runScript(name) {
  return spawnSync(process.execPath, [join(clone, 'scripts', name)], {
    cwd: clone,
    encoding: 'utf8',
    env: { PATH: `${fakeBin}:/usr/bin:/bin`, NPM_LOG: npmLog, HOME: clone },
    timeout: 30_000,
  });
}

beforeEach(() => {
  clone = mkdtempSync(join(tmpdir(), 'zion-fresh-clone-'));
  cpSync(join(ROOT, 'scripts'), join(clone, 'scripts'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(clone, 'package.json'));
  cpSync(join(ROOT, 'package-lock.json'), join(clone, 'package-lock.json'));
  fakeBin = mkdtempSync(join(tmpdir(), 'zion-fake-npm-'));
  npmLog = join(fakeBin, 'calls.log');
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(clone, { recursive: true, force: true });
  rmSync(fakeBin, { recursive: true, force: true });
});

describe('a fresh clone (no node_modules)', () => {
  it.each(['test.mjs', 'start.mjs', 'e2e.mjs'])('%s runs npm ci in the clone before importing any package', (script) => {
    writeFakeNpm(false);
    const result = runScript(script);
    // The install was asked for, in the clone's root, and its failure stops the command.
    expect(npmCalls()).toEqual([`${clone.replace(/\/$/, '')} ci --no-audit --no-fund`]);
    expect(result.stdout).toContain('Installing packages (no packages installed yet)...');
    expect(result.stderr).toContain('npm ci failed (exit 7)');
    expect(result.stderr).not.toContain('ERR_MODULE_NOT_FOUND');
    expect(result.status).toBe(1);
  });

  it("npm test's last line still counts the failed install", () => {
    writeFakeNpm(false);
    const lines = runScript('test.mjs').stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('0 passed, 1 failed');
  });
});

describe('ensureInstalled', () => {
  beforeEach(() => {
    vi.stubEnv('PATH', `${fakeBin}:/usr/bin:/bin`);
    vi.stubEnv('NPM_LOG', npmLog);
  });

  it('installs once, then finds everything in place', () => {
    writeFakeNpm(true);
    const log = vi.fn();
    expect(ensureInstalled(clone, { log })).toBe(true);
    expect(log).toHaveBeenCalledWith('Installing packages (no packages installed yet)...');
    expect(installReason(clone)).toBeNull();
    expect(ensureInstalled(clone, { log })).toBe(false);
    expect(npmCalls()).toHaveLength(1);
  });

  it('installs again when package-lock.json is newer than the last install', () => {
    writeFakeNpm(true);
    ensureInstalled(clone, { log: () => {} });
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(clone, 'package-lock.json'), later, later);
    expect(installReason(clone)).toBe('package-lock.json changed since the last install');
    expect(ensureInstalled(clone, { log: () => {} })).toBe(true);
    expect(npmCalls()).toHaveLength(2);
  });

  it('installs again when a tool the commands run is missing', () => {
    mkdirSync(join(clone, 'node_modules', '.bin'), { recursive: true });
    writeFileSync(join(clone, 'node_modules', '.package-lock.json'), '{}');
    for (const tool of TOOLS.filter((name) => name !== 'tsc')) writeFileSync(join(clone, 'node_modules', '.bin', tool), '');
    expect(installReason(clone)).toBe('tsc is missing from node_modules');
  });

  it('a failed install throws with the exit code', () => {
    writeFakeNpm(false);
    expect(() => ensureInstalled(clone, { log: () => {} })).toThrow('npm ci failed (exit 7)');
  });
});
