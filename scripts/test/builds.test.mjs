// The build-skip decision behind a warm `npm start`: a build is skipped only when
// the contents of everything it is built from, and its output, are as they were.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAMP, TARGETS, buildAll, buildDecision, recordBuild } from '../lib/builds.mjs';

const SITE = TARGETS.find((target) => target.name === 'site');
const API = TARGETS.find((target) => target.name === 'API');
let root;

function write(path, text) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** What a site build leaves: files in web/dist, then the stamp. */
function buildSite(env = {}) {
  const { inputs } = buildDecision(SITE, { root, env });
  write('web/dist/index.html', '<script src="/assets/index-abc.js"></script>');
  write('web/dist/assets/index-abc.js', 'console.log(1)');
  recordBuild(SITE, inputs, { root });
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'zion-builds-'));
  write('package-lock.json', '{"lockfileVersion":3}');
  write('tsconfig.base.json', '{}');
  write('scripts/report-bundle-size.mjs', '// budget');
  write('web/index.html', '<div id="root"></div>');
  write('web/vite.config.ts', 'export default {}');
  write('web/src/main.tsx', 'render()');
  write('functions/src/shared/constants.ts', 'export const A = 1;');
  write('functions/src/app.ts', 'export {}');
  write('functions/tsconfig.json', '{}');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build-skip decision', () => {
  it('builds what was never built, then skips it while nothing changed', () => {
    expect(buildDecision(SITE, { root, env: {} })).toMatchObject({ build: true, reason: 'not built yet' });
    buildSite();
    expect(buildDecision(SITE, { root, env: {} })).toMatchObject({ build: false, reason: 'up to date' });
  });

  it.each([
    ['a site source', 'web/src/main.tsx', 'render(); more()'],
    ['a new site file', 'web/src/extra.ts', 'export {}'],
    ['index.html', 'web/index.html', '<div id="app"></div>'],
    ['the Vite config', 'web/vite.config.ts', 'export default { base: "/x/" }'],
    ['a shared model the site imports', 'functions/src/shared/constants.ts', 'export const A = 2;'],
    ['the lock file (other package versions)', 'package-lock.json', '{"lockfileVersion":3,"x":1}'],
    ['the bundle budget script', 'scripts/report-bundle-size.mjs', '// budget 2'],
  ])('rebuilds the site when %s changes', (_what, path, text) => {
    buildSite();
    write(path, text);
    expect(buildDecision(SITE, { root, env: {} })).toMatchObject({ build: true, reason: 'sources changed' });
  });

  it('keys on contents, not times: touching a file leaves the build up to date', () => {
    buildSite();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'web/src/main.tsx'), later, later);
    expect(buildDecision(SITE, { root, env: {} }).build).toBe(false);
  });

  it('a deleted source is a change', () => {
    write('web/src/gone.ts', 'export {}');
    buildSite();
    rmSync(join(root, 'web/src/gone.ts'));
    expect(buildDecision(SITE, { root, env: {} })).toMatchObject({ build: true, reason: 'sources changed' });
  });

  it("the site's VITE_ environment is an input; other variables are not", () => {
    buildSite({ VITE_FLAG: 'a' });
    expect(buildDecision(SITE, { root, env: { VITE_FLAG: 'a', HOME: '/elsewhere' } }).build).toBe(false);
    expect(buildDecision(SITE, { root, env: { VITE_FLAG: 'b' } })).toMatchObject({ build: true, reason: 'sources changed' });
  });

  it('an output changed or removed since the build (a build by hand, a cleaned folder) means a rebuild', () => {
    buildSite();
    write('web/dist/assets/index-abc.js', 'console.log(2)');
    expect(buildDecision(SITE, { root, env: {} })).toMatchObject({ build: true, reason: 'output changed since the last build' });
    buildSite();
    rmSync(join(root, 'web/dist'), { recursive: true });
    expect(buildDecision(SITE, { root, env: {} })).toMatchObject({ build: true, reason: 'not built yet' });
  });

  it('the demo images the stack copies into dist/seed, and the output itself, do not count', () => {
    buildSite();
    write('web/dist/seed/hero.webp', 'image');
    expect(buildDecision(SITE, { root, env: {} }).build).toBe(false);
  });

  it('the API build follows its own sources only', () => {
    const { inputs } = buildDecision(API, { root, env: {} });
    write('functions/lib/app.js', 'export {}');
    recordBuild(API, inputs, { root });
    write('web/src/main.tsx', 'changed()');
    expect(buildDecision(API, { root, env: {} }).build).toBe(false);
    write('functions/src/app.ts', 'export const changed = true;');
    expect(buildDecision(API, { root, env: {} })).toMatchObject({ build: true, reason: 'sources changed' });
  });
});

describe('buildAll', () => {
  /** A target whose build appends to runs.log and writes its output. */
  const fake = {
    name: 'thing',
    output: 'out',
    inputs: ['src'],
    command: [process.execPath, ['-e', "const f=require('fs');f.mkdirSync('out',{recursive:true});f.writeFileSync('out/built.txt',f.readFileSync('src/a.txt'));f.appendFileSync('runs.log','x')"]],
  };
  const runs = () => readFileSync(join(root, 'runs.log'), 'utf8').length;

  it('builds, then says it skipped; a change builds again; force always builds', async () => {
    write('src/a.txt', 'one');
    const lines = [];
    const log = (line) => lines.push(line);
    expect(await buildAll({ root, targets: [fake], log, env: {} })).toBe(true);
    expect(lines[0]).toBe('Building the thing (not built yet)...');
    expect(runs()).toBe(1);
    expect(JSON.parse(readFileSync(join(root, 'out', STAMP), 'utf8'))).toHaveProperty('inputs');

    lines.length = 0;
    await buildAll({ root, targets: [fake], log, env: {} });
    expect(lines).toEqual(['thing build up to date, skipped']);
    expect(runs()).toBe(1);

    write('src/a.txt', 'two');
    await buildAll({ root, targets: [fake], log, env: {} });
    expect(runs()).toBe(2);
    expect(readFileSync(join(root, 'out/built.txt'), 'utf8')).toBe('two');

    await buildAll({ root, targets: [fake], log, env: {}, force: true });
    expect(runs()).toBe(3);
  });

  it('builds the targets at once, not one after the other', async () => {
    write('src/a.txt', 'one');
    // Each build says it has started, then finishes only once the other has started too (and
    // fails after 10 s without it): one after the other, the first would fail. No timing race.
    const meeting = (name, other) => ({
      name,
      output: `out-${name}`,
      inputs: ['src'],
      command: [process.execPath, ['-e', `const f=require('fs');f.writeFileSync('${name}.started','');const t0=Date.now();(function wait(){if(f.existsSync('${other}.started')){f.mkdirSync('out-${name}',{recursive:true});return}if(Date.now()-t0>10000)process.exit(3);setTimeout(wait,20)})()`]],
    });
    expect(await buildAll({ root, targets: [meeting('one', 'two'), meeting('two', 'one')], log: () => {}, env: {} })).toBe(true);
  }, 30_000);

  it('a failed build leaves no stamp, so the next run builds again', async () => {
    write('src/a.txt', 'one');
    const failing = { ...fake, command: [process.execPath, ['-e', "require('fs').mkdirSync('out');process.exit(2)"]] };
    expect(await buildAll({ root, targets: [failing], log: () => {}, env: {} })).toBe(false);
    expect(buildDecision(failing, { root, env: {} })).toMatchObject({ build: true, reason: 'not built yet' });
  });

  it('the real targets are the API and the site', () => {
    expect(TARGETS.map((target) => [target.name, target.output])).toEqual([
      ['API', 'functions/lib'],
      ['site', 'web/dist'],
    ]);
  });
});
