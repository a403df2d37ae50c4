// The bundle report run after every web build: what each public page loads at once (from a fake
// Vite manifest), and the budgets and forbidden modules that fail the build.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGES, pageFiles, report } from '../report-bundle-size.mjs';

const SCRIPT = fileURLToPath(new URL('../report-bundle-size.mjs', import.meta.url));

// The shape Vite writes: the entry with a shared static import, the lazy chunks the pages load at
// once, and the payment step that only a paying visitor loads.
const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_ui-1.js'],
    dynamicImports: ['src/landing/ContactForm.tsx', 'src/rsvps/RegistrationForm.tsx', 'src/checkin/TicketPage.tsx'],
    css: ['assets/index-1.css'],
  },
  '_ui-1.js': { file: 'assets/ui-1.js', css: ['assets/ui-1.css'] },
  '_Field-1.js': { file: 'assets/Field-1.js', imports: ['_ui-1.js'] },
  'src/landing/ContactForm.tsx': { file: 'assets/ContactForm-1.js', isDynamicEntry: true, imports: ['_ui-1.js', 'index.html', '_Field-1.js'] },
  'src/rsvps/RegistrationForm.tsx': {
    file: 'assets/RegistrationForm-1.js',
    isDynamicEntry: true,
    imports: ['_ui-1.js', 'index.html', '_Field-1.js'],
    dynamicImports: ['src/payments/PaymentStep.tsx'],
    css: ['assets/RegistrationForm-1.css'],
  },
  'src/payments/PaymentStep.tsx': { file: 'assets/PaymentStep-1.js', isDynamicEntry: true, imports: ['index.html'], css: ['assets/PaymentStep-1.css'] },
  'src/checkin/TicketPage.tsx': { file: 'assets/TicketPage-1.js', isDynamicEntry: true, imports: ['_ui-1.js', 'index.html'], css: ['assets/checkin-1.css'] },
};

let dist;
const gz = (file) => gzipSync(Buffer.from(contents(file)), { level: 9 }).length;
// Distinct text per file so each compresses to a size of its own.
const contents = (file) => `/* ${file} */ ${'x'.repeat(file.length * 40)} ${file.split('').reverse().join('')}`;

function write(path, text) {
  mkdirSync(dirname(join(dist, path)), { recursive: true });
  writeFileSync(join(dist, path), text);
}

function writeDist(manifest = MANIFEST) {
  write('.vite/manifest.json', JSON.stringify(manifest));
  for (const chunk of Object.values(manifest)) {
    for (const file of [chunk.file, ...(chunk.css ?? [])]) write(file, contents(file));
  }
}

/** Budgets with `slack` bytes above each page's measured size. */
function budgetsWithSlack(slack, override = {}) {
  const budgets = {};
  for (const page of PAGES) {
    const files = pageFiles(MANIFEST, page);
    const sum = (list) => list.reduce((total, file) => total + gz(file), 0);
    budgets[page.name] = { js: sum(files.js) + slack, css: sum(files.css) + slack, ...override[page.name] };
  }
  return budgets;
}

function run(budgets) {
  const budgetsPath = join(dist, 'budgets.json');
  writeFileSync(budgetsPath, JSON.stringify(budgets));
  const out = [];
  const err = [];
  const code = report({ dist, budgetsPath, log: (line) => out.push(line), error: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'zion-bundle-'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('what each page loads at once', () => {
  const page = (name) => PAGES.find((p) => p.name === name);

  it('the event page: the entry, its static imports and the registration form with its CSS, not the payment step', () => {
    const files = pageFiles(MANIFEST, page('event'));
    expect(files.js.sort()).toEqual(['assets/Field-1.js', 'assets/RegistrationForm-1.js', 'assets/index-1.js', 'assets/ui-1.js']);
    expect(files.css.sort()).toEqual(['assets/RegistrationForm-1.css', 'assets/index-1.css', 'assets/ui-1.css']);
  });

  it('the shell is the entry and its static imports only; the ticket page adds its route chunk', () => {
    const shell = pageFiles(MANIFEST, page('shell'));
    expect(shell.js.sort()).toEqual(['assets/index-1.js', 'assets/ui-1.js']);
    expect(shell.css.sort()).toEqual(['assets/index-1.css', 'assets/ui-1.css']);
    const ticket = pageFiles(MANIFEST, page('ticket'));
    expect(ticket.js.sort()).toEqual(['assets/TicketPage-1.js', 'assets/index-1.js', 'assets/ui-1.js']);
    expect(ticket.css).toContain('assets/checkin-1.css');
  });

  it('a page whose lazy chunk is no longer in the manifest is an error naming the page, not a silent zero', () => {
    const manifest = { ...MANIFEST };
    delete manifest['src/checkin/TicketPage.tsx'];
    expect(() => pageFiles(manifest, page('ticket'))).toThrow(/ticket page's chunk src\/checkin\/TicketPage.tsx is not in the build manifest/);
  });
});

describe('budgets', () => {
  it('passes within budget and prints each page with its sizes', () => {
    writeDist();
    const result = run(budgetsWithSlack(10));
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    for (const name of ['shell', 'landing', 'event', 'ticket']) expect(result.out).toMatch(new RegExp(`^  ${name} +JS`, 'm'));
  });

  it('passes at exactly the budget', () => {
    writeDist();
    expect(run(budgetsWithSlack(0)).code).toBe(0);
  });

  it('fails when one page grows past its JS budget, naming the page, the kind, the size and the budget', () => {
    writeDist();
    const budgets = budgetsWithSlack(10);
    const size = budgets.event.js - 10;
    budgets.event.js = size - 1;
    const result = run(budgets);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `The event page's initial JavaScript is ${size} bytes gzip, over its budget of ${size - 1} bytes by 1: load the new code lazily, or raise the budget in the budgets file on purpose.`,
    );
  });

  it('fails on a CSS budget too', () => {
    writeDist();
    const budgets = budgetsWithSlack(10);
    budgets.ticket.css = 5;
    const result = run(budgets);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^The ticket page's initial CSS is \d+ bytes gzip, over its budget of 5 bytes/);
    expect(result.err).not.toMatch(/event|landing|shell/);
  });

  it('fails when a page has no budget', () => {
    writeDist();
    const budgets = budgetsWithSlack(10);
    delete budgets.landing.css;
    const result = run(budgets);
    expect(result.code).toBe(1);
    expect(result.err).toContain('The landing page has no CSS budget');
  });

  it('fails when a public page would load a staff library (read from the source map)', () => {
    writeDist();
    write('assets/Field-1.js.map', JSON.stringify({ sources: ['../../node_modules/react-hook-form/dist/index.esm.mjs', '../src/ui/Field.tsx'] }));
    const result = run(budgetsWithSlack(10));
    expect(result.code).toBe(1);
    expect(result.err).toContain('assets/Field-1.js: ../../node_modules/react-hook-form/dist/index.esm.mjs');
  });

  it('says so when there is no build', () => {
    const result = run(budgetsWithSlack(10));
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/No build manifest at/);
  });

  it('from the command line, a page over budget exits non-zero with the message (this fails the web build)', () => {
    writeDist();
    const budgets = budgetsWithSlack(10);
    budgets.landing.js = 100;
    writeFileSync(join(dist, 'tight.json'), JSON.stringify(budgets));
    const over = spawnSync(process.execPath, [SCRIPT, dist, '--budgets', join(dist, 'tight.json')], { encoding: 'utf8' });
    expect(over.status).toBe(1);
    expect(over.stderr).toMatch(/The landing page's initial JavaScript is \d+ bytes gzip, over its budget of 100 bytes/);

    writeFileSync(join(dist, 'fine.json'), JSON.stringify(budgetsWithSlack(10)));
    const fine = spawnSync(process.execPath, [SCRIPT, '--budgets', join(dist, 'fine.json'), dist], { encoding: 'utf8' });
    expect(fine.stderr).toBe('');
    expect(fine.status).toBe(0);
  });
});
