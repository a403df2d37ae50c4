import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../src/admin-cli.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { PROJECT_ID, signInAs, uniqueEmail } from '../support/api.js';
import { ADMINS } from '../../src/admins/roles.js';

const dir = mkdtempSync(join(tmpdir(), 'zion-cli-'));
beforeAll(() => {
  Object.assign(process.env, { STORE_ADAPTER: 'sqlite', DATA_DIR: dir, GCLOUD_PROJECT: PROJECT_ID });
});
afterAll(() => {
  delete process.env.STORE_ADAPTER;
  delete process.env.DATA_DIR;
  rmSync(dir, { recursive: true, force: true });
});

async function adminRecord(email: string) {
  const store = openSqliteStore(join(dir, 'store.sqlite'));
  try {
    return (await store.get(ADMINS, email.toLowerCase()))?.data;
  } finally {
    await store.close();
  }
}

describe('npm run admin -- add EMAIL [--role staff]', () => {
  it('grants admin by default, bound to the existing Auth account', async () => {
    const email = uniqueEmail('cli-admin');
    const { uid } = await signInAs(email);
    const lines: string[] = [];
    expect(await runAdminCli(['add', email.toUpperCase()], (line) => lines.push(line))).toBe(0);
    expect(await adminRecord(email)).toMatchObject({ email, role: 'admin', status: 'Active', addedBy: 'cli', uid });
    expect(lines.join('\n')).toContain('now has the admin role');
  });

  it('grants staff with --role staff, even before the account exists', async () => {
    const email = uniqueEmail('cli-staff');
    expect(await runAdminCli(['add', email, '--role', 'staff'], () => {})).toBe(0);
    const record = await adminRecord(email);
    expect(record).toMatchObject({ role: 'staff', status: 'Active' });
    expect(record).not.toHaveProperty('uid');
  });

  it.each([[[]], [['remove', 'a@example.org']], [['add', 'not-an-email']], [['add', 'a@example.org', '--role', 'owner']]])(
    'prints the usage for %j',
    async (argv) => {
      const lines: string[] = [];
      expect(await runAdminCli(argv, (line) => lines.push(line))).toBe(2);
      expect(lines[0]).toContain('Usage: npm run admin -- add EMAIL');
    },
  );
});
