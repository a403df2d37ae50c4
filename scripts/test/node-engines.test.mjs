// The Node versions we say we support are the ones every installed package supports: otherwise
// `npm install` prints an engine warning on a Node the README calls supported (issue 24 item 22:
// fastify's light-my-request pulled cookie 2, which wants Node 22, onto Node 20).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (path) => readFileSync(`${ROOT}/${path}`, 'utf8');
const json = (path) => JSON.parse(read(path));

const supported = json('package.json').engines.node;
/** The lowest version of each line we support (20.19.0, 22.13.0): what a user may run. */
const lowest = new semver.Range(supported).set.map((comparators) => semver.minVersion(new semver.Range(comparators.map(String).join(' '))).version);

/** Installed packages whose engines refuse `version` (optional ones, e.g. other platforms' binaries, left out). */
function refusing(version) {
  return Object.entries(json('package-lock.json').packages)
    .filter(([path, entry]) => path && !entry.optional && typeof entry.engines?.node === 'string')
    .filter(([, entry]) => !semver.satisfies(version, entry.engines.node))
    .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')}@${entry.version} wants ${entry.engines.node}`);
}

describe('supported Node versions', () => {
  it('are declared alike in each package.json', () => {
    expect(lowest.length).toBeGreaterThan(0);
    expect(json('functions/package.json').engines.node).toBe(supported);
  });

  it.each(lowest)('every installed package supports Node %s, the lowest of a supported line', (version) => {
    expect(refusing(version)).toEqual([]);
  });

  it('the Node running this is one of them, and the README names each line', () => {
    expect(semver.satisfies(process.version, supported), `${process.version} against ${supported}`).toBe(true);
    const requirements = read('README.md').match(/^Requirements: .*$/m)?.[0] ?? '';
    for (const version of lowest) expect(requirements).toContain(`Node ${version.replace(/\.0$/, '')}+`);
  });
});
