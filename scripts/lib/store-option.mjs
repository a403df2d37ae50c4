// The `--store` option of `npm start` and `npm run e2e`: which document store the
// local stack runs on. Plain Node (read before anything is installed).

/** SQLite (the default: offline, nothing to install) or Google's Firestore emulator (production's store). */
export const STORES = ['sqlite', 'firestore'];
export const DEFAULT_STORE = 'sqlite';

/**
 * Takes `--store NAME` or `--store=NAME` out of `args`: returns `{ store, rest }`,
 * `rest` being the other arguments in their order (for Playwright), or
 * `{ error }` saying in one line what is wrong.
 */
export function parseStoreOption(args) {
  let store;
  const rest = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    let value;
    if (arg === '--store') {
      value = args[index + 1];
      index += 1;
      if (value === undefined || value.startsWith('-')) return { error: `--store needs a value: ${STORES.join(' or ')}.` };
    } else if (arg.startsWith('--store=')) {
      value = arg.slice('--store='.length);
    } else {
      rest.push(arg);
      continue;
    }
    if (!STORES.includes(value)) return { error: `Unknown store "${value}": use --store ${STORES.join(' or --store ')} (${DEFAULT_STORE} is the default).` };
    if (store !== undefined && store !== value) return { error: `--store given twice (${store}, ${value}).` };
    store = value;
  }
  return { store: store ?? DEFAULT_STORE, rest };
}
