// The API and site builds, run at once, each skipped when nothing it is built from changed.
// A build is up to date when its output folder holds a stamp whose inputs hash
// (file contents of every source, config and the lock file, plus the VITE_*
// environment for the site) equals today's, and whose output fingerprint
// (paths, sizes and times of the built files) equals the folder's: a build run
// by hand, a deleted file or any edited source means a rebuild, so a skipped
// build never serves stale code. Plain Node (node: modules only).
//
// `node scripts/lib/builds.mjs [--force]` builds from the command line.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const STAMP = '.build-stamp.json';

/** What each build reads and writes. Paths are relative to the repository root. */
export const TARGETS = [
  {
    name: 'API',
    output: 'functions/lib',
    inputs: ['functions/src', 'functions/package.json', 'functions/tsconfig.json', 'functions/tsconfig.build.json', 'tsconfig.base.json', 'package-lock.json'],
    // Each file transpiled on its own (4 s of CPU, not tsc's 8-9 s), the same output as tsc's:
    // `npm test` typechecks, and `npm run build` (deploy) runs tsc itself (transpile-api.mjs).
    command: [process.execPath, ['scripts/lib/transpile-api.mjs']],
  },
  {
    name: 'site',
    output: 'web/dist',
    // All of web/ (sources, public files, index.html, configs, any .env), the shared models it imports.
    inputs: ['web', 'functions/src/shared', 'tsconfig.base.json', 'package-lock.json', 'scripts/report-bundle-size.mjs'],
    envPrefix: 'VITE_',
    // The stack copies the demo images into dist/seed after the build.
    outputIgnore: ['seed'],
    command: ['npm', ['run', 'build', '--silent', '-w', 'web']],
  },
];

// web/dist-maps: the site build's source maps, kept beside web/dist (an output, never an input).
const NEVER_INPUT = new Set(['node_modules', '.git', 'dist-maps']);

/**
 * Every file under `path` (a file or a folder), sorted; folders named in
 * `skipNames` and the absolute paths in `skipPaths` (build outputs) are left out.
 */
function files(path, { skipNames = NEVER_INPUT, skipPaths = new Set() } = {}) {
  if (!existsSync(path) || skipPaths.has(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  const found = [];
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (skipNames.has(entry.name)) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) found.push(...files(child, { skipNames, skipPaths }));
    else if (entry.isFile() && !skipPaths.has(child)) found.push(child);
  }
  return found.sort();
}

/** The content hash of a target's inputs (and, for the site, its VITE_* environment). */
export function inputsHash(target, { root = ROOT, env = process.env } = {}) {
  const hash = createHash('sha256');
  // Outputs are never inputs (web/dist sits inside web/).
  const skipPaths = new Set([...TARGETS, target].map((each) => join(root, each.output)));
  for (const input of target.inputs) {
    for (const file of files(join(root, input), { skipPaths })) {
      hash.update(relative(root, file).split(sep).join('/'));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  if (target.envPrefix) {
    for (const name of Object.keys(env).filter((key) => key.startsWith(target.envPrefix)).sort()) hash.update(`${name}=${env[name]}\0`);
  }
  return hash.digest('hex');
}

/** Paths, sizes and modification times of the built files: any later change to the output shows. */
export function outputFingerprint(target, { root = ROOT } = {}) {
  const dir = join(root, target.output);
  const hash = createHash('sha256');
  const skipNames = new Set(target.outputIgnore ?? []);
  for (const file of files(dir, { skipNames, skipPaths: new Set([join(dir, STAMP)]) })) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${relative(dir, file).split(sep).join('/')}\0${size}\0${mtimeMs}\0`);
  }
  return hash.digest('hex');
}

function readStamp(target, root) {
  try {
    return JSON.parse(readFileSync(join(root, target.output, STAMP), 'utf8'));
  } catch {
    return null;
  }
}

/** Whether a target must be built, and why: { build: boolean, reason, inputs }. */
export function buildDecision(target, { root = ROOT, env = process.env } = {}) {
  const inputs = inputsHash(target, { root, env });
  const stamp = readStamp(target, root);
  if (!stamp) return { build: true, reason: 'not built yet', inputs };
  if (stamp.inputs !== inputs) return { build: true, reason: 'sources changed', inputs };
  if (stamp.output !== outputFingerprint(target, { root })) return { build: true, reason: 'output changed since the last build', inputs };
  return { build: false, reason: 'up to date', inputs };
}

/** Records that the output now matches these inputs (only after a successful build). */
export function recordBuild(target, inputs, { root = ROOT } = {}) {
  writeFileSync(join(root, target.output, STAMP), JSON.stringify({ inputs, output: outputFingerprint(target, { root }) }));
}

/** Runs a build command; resolves with its exit code (or signal). */
function run([command, args], { root, env }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env, shell: process.platform === 'win32' });
    child.once('error', (error) => resolve(error.message));
    child.once('exit', (code, signal) => resolve(code ?? signal));
  });
}

/**
 * Builds the API and the site at once (each only when its inputs changed, or
 * always, with force): they share nothing, and a first start waits for the
 * slower one only. Says what it did for each. Resolves false when a build failed.
 */
export async function buildAll({ force = false, root = ROOT, log = console.log, targets = TARGETS, env = process.env } = {}) {
  const results = await Promise.all(
    targets.map(async (target) => {
      const decision = buildDecision(target, { root, env });
      if (!force && !decision.build) {
        log(`${target.name} build up to date, skipped`);
        return true;
      }
      log(`Building the ${target.name} (${force ? 'full build' : decision.reason})...`);
      const started = Date.now();
      const status = await run(target.command, { root, env });
      if (status !== 0) {
        log(`The ${target.name} build failed (exit ${status}).`);
        return false;
      }
      recordBuild(target, decision.inputs, { root });
      log(`${target.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return true;
    }),
  );
  return results.every(Boolean);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit((await buildAll({ force: process.argv.includes('--force') })) ? 0 : 1);
}
