/*
 * What `import ... from 'zod'` means in the site's build (web/vite.config.ts aliases it here).
 * Zod compiles a fast parser for each object schema with `new Function`, first probing whether
 * eval is allowed. The site's Content-Security-Policy forbids eval, so the probe would be
 * refused and reported as a violation on every staff page (zod then falls back to its
 * interpreted parser anyway). Every schema module imports 'zod', so this body runs after zod
 * loads and before any schema is created, whatever chunk the bundler puts them in; the
 * compiler stays off and nothing is probed. The API (Node, no CSP) keeps the compiler.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
