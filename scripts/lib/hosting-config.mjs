// The Hosting configuration a build is served with: firebase.json plus the one rule that depends
// on the build, the year-long immutable cache of its own content-hashed files (issue 23 item 11).
//
// Firebase Hosting applies a `headers` rule to every response whose request path matches it,
// whatever the status (a rule is a glob or RE2 pattern "matched against the request URL path").
// A rule for `/assets/**` therefore also marked a 404 for a missing asset immutable for a year,
// and a browser or proxy could keep that 404. So no rule of firebase.json gives /assets/ a
// Cache-Control; this rule names exactly the files the build wrote, and a path under /assets/
// that is none of them goes (static files win over rewrites) to the api function, which answers
// 404 `private, no-store`. `npm run deploy` (scripts/deploy.mjs) and the local stack
// (scripts/lib/stack.mjs) serve this configuration; a plain `firebase deploy` with firebase.json
// would only leave the assets at Hosting's default (max-age=3600), never a cached 404.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The build's files under web/dist/assets, as paths below /assets/ ('index-abc123.js'), sorted; none before a build. */
export function builtAssets(root) {
  const dir = join(root, 'web', 'dist', 'assets');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The header rule that caches exactly these asset files for a year (an RE2 pattern, as Hosting reads it), or null for none. */
export function assetCacheRule(assets) {
  if (assets.length === 0) return null;
  return { regex: `^/assets/(?:${assets.map(escapeRegex).join('|')})$`, headers: [{ key: 'Cache-Control', value: IMMUTABLE_CACHE_CONTROL }] };
}

/** A copy of a firebase.json configuration with the build's asset rule first among the headers. */
export function withBuiltAssets(config, assets) {
  const copy = structuredClone(config);
  const rule = assetCacheRule(assets);
  if (rule) copy.hosting.headers = [rule, ...copy.hosting.headers];
  return copy;
}

/** firebase.json as deployed with the current build (web/dist). */
export function deployConfig(root) {
  return withBuiltAssets(JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')), builtAssets(root));
}
