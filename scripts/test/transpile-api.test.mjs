import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transpileApi } from '../lib/transpile-api.mjs';

// The local API build transpiles file by file; deploys build with tsc. They must write the same files.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let dir;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'transpile-api-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Every file under `folder`, as paths relative to `base` (the folder itself at the top). */
function filesUnder(folder, base = folder) {
  const found = [];
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) found.push(...filesUnder(path, base));
    else found.push(relative(base, path));
  }
  return found.sort();
}

describe('the API transpiled file by file', () => {
  it("writes exactly what tsc writes for functions/src: every .js and .js.map, byte for byte", () => {
    const fast = join(dir, 'fast');
    const compiled = join(dir, 'tsc');
    transpileApi({ outDir: fast });
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'functions/tsconfig.build.json', '--noCheck', '--outDir', compiled], { cwd: ROOT, encoding: 'utf8' });
    expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
    const files = filesUnder(compiled);
    expect(files.length).toBeGreaterThan(100);
    expect(filesUnder(fast)).toEqual(files);
    for (const file of files) expect(readFileSync(join(fast, file), 'utf8'), file).toBe(readFileSync(join(compiled, file), 'utf8'));
  }, 60_000);

  it('a syntax error fails the build, naming the file, line and column, and writes nothing', () => {
    // A copy of the API's configuration around two sources, one of them broken.
    const root = join(dir, 'broken');
    mkdirSync(join(root, 'functions', 'src'), { recursive: true });
    for (const file of ['tsconfig.base.json', 'functions/tsconfig.json', 'functions/tsconfig.build.json']) copyFileSync(join(ROOT, file), join(root, file));
    writeFileSync(join(root, 'functions/src/good.ts'), 'export const good: number = 1;\n');
    writeFileSync(join(root, 'functions/src/bad.ts'), 'export const ok = 1;\nexport const = ;\n');
    expect(() => transpileApi({ root })).toThrow(/The API does not compile:\n.*bad\.ts\(2,14\): Variable declaration expected\./);
    expect(existsSync(join(root, 'functions', 'lib'))).toBe(false);
  });
});

