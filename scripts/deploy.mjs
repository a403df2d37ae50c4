// npm run deploy (after `npm run build`): firebase deploy with firebase.deploy.json, which is
// firebase.json plus the rule that caches this build's own asset files for a year
// (scripts/lib/hosting-config.mjs: a rule for all of /assets/ would also mark a missing file's
// 404 immutable). Written beside firebase.json, so every relative path in it still holds; not
// committed. Arguments are passed on: `npm run deploy -- --only hosting`.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deployConfig } from './lib/hosting-config.mjs';
import { ROOT } from './lib/stack.mjs';

const DEPLOY_CONFIG = join(ROOT, 'firebase.deploy.json');

const config = deployConfig(ROOT);
if (!config.hosting.headers.some((rule) => rule.regex?.startsWith('^/assets/'))) {
  console.error('web/dist/assets is empty: build the site first (npm run build).');
  process.exit(1);
}
writeFileSync(DEPLOY_CONFIG, `${JSON.stringify(config, null, 2)}\n`);
const result = spawnSync(join(ROOT, 'node_modules', '.bin', 'firebase'), ['deploy', '--config', DEPLOY_CONFIG, ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
process.exit(result.status ?? 1);
