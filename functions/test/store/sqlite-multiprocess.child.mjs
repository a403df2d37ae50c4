// One worker process of sqlite-multiprocess.test.ts: increments the shared
// counter through the real SQLite adapter (compiled by the test, passed in as
// a URL), the way one Functions emulator worker would.
//
// Usage: node sqlite-multiprocess.child.mjs <adapter-url> <sqlite-file> <increments>
// Prints "ready" once the store is open, waits for a line on stdin so that all
// processes start contending at once, then prints {"attempts": n} when done.
import { once } from 'node:events';

const [adapterUrl, file, incrementsText] = process.argv.slice(2);
const increments = Number(incrementsText);

const { openSqliteStore } = await import(adapterUrl);
const store = openSqliteStore(file);

process.stdout.write('ready\n');
await once(process.stdin, 'data');

let attempts = 0;
for (let i = 0; i < increments; i++) {
  await store.runTransaction(async (tx) => {
    attempts += 1;
    const doc = await tx.get('counters', 'shared');
    // Yield between the read and the commit, as real work does, so other processes can commit in between.
    await new Promise((resolve) => setImmediate(resolve));
    tx.set('counters', 'shared', { count: (doc?.data.count ?? 0) + 1 });
  });
}
await store.close();
process.stdout.write(`${JSON.stringify({ attempts })}\n`);
process.stdin.destroy();
