// Reading Lighthouse reports for `npm run lighthouse`: a run's figures, medians, the table and
// where a page loses its points, on reports shaped like Lighthouse 12's.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { failedAccessibility, formatPointsLost, formatTable, median, medianFigures, medianRun, pointsLost, runFigures } from '../lib/lighthouse-report.mjs';

const WEIGHTS = { 'first-contentful-paint': 10, 'largest-contentful-paint': 25, 'total-blocking-time': 30, 'cumulative-layout-shift': 25, 'speed-index': 10 };

/** A report with these category scores (0-1) and metric audits ({ id: [score, numericValue, displayValue] }). */
function report({ performance = 1, accessibility = 1, metrics = {}, audits = {} } = {}) {
  const base = {
    'first-contentful-paint': [1, 800, '0.8 s'],
    'largest-contentful-paint': [1, 1200, '1.2 s'],
    'total-blocking-time': [1, 20, '20 ms'],
    'cumulative-layout-shift': [1, 0, '0'],
    'speed-index': [1, 900, '0.9 s'],
    ...metrics,
  };
  const metricAudits = Object.fromEntries(
    Object.entries(base).map(([id, [score, numericValue, displayValue]]) => [id, { id, title: id, score, numericValue, displayValue }]),
  );
  return {
    categories: {
      performance: { score: performance, auditRefs: [...Object.entries(WEIGHTS).map(([id, weight]) => ({ id, weight })), { id: 'bootup-time', weight: 0 }] },
      accessibility: { score: accessibility, auditRefs: [{ id: 'color-contrast', weight: 7 }, { id: 'image-alt', weight: 10 }] },
    },
    audits: {
      ...metricAudits,
      'color-contrast': { id: 'color-contrast', title: 'Contrast', score: 1, scoreDisplayMode: 'binary' },
      'image-alt': { id: 'image-alt', title: 'Image alt', score: 1, scoreDisplayMode: 'binary' },
      ...audits,
    },
  };
}

describe('figures', () => {
  it('reads the scores out of 100 and the metrics of one run', () => {
    const lhr = report({ performance: 0.913, accessibility: 0.96, metrics: { 'cumulative-layout-shift': [0.5, 0.12, '0.12'] } });
    expect(runFigures(lhr)).toEqual({ performance: 91, accessibility: 96, cls: 0.12, lcp: 1200, tbt: 20, fcp: 800, si: 900 });
  });

  it('a category Lighthouse could not score is null, not 0', () => {
    const lhr = report();
    lhr.categories.performance.score = null;
    expect(runFigures(lhr).performance).toBeNull();
  });

  it('the median is a measured value: the middle one, the lower middle of an even count, ignoring gaps', () => {
    expect(median([99, 71, 100])).toBe(99);
    expect(median([90, 100, 95, 97])).toBe(95);
    expect(median([null, 80])).toBe(80);
    expect(median([])).toBeNull();
  });

  it('takes each figure\'s median on its own', () => {
    const runs = [report({ performance: 0.9 }), report({ performance: 1, metrics: { 'total-blocking-time': [0.8, 300, '300 ms'] } }), report({ performance: 0.95 })];
    const figures = medianFigures(runs.map(runFigures));
    expect(figures.performance).toBe(95);
    expect(figures.tbt).toBe(20);
  });

  it('the median run is the one with the median performance score', () => {
    const runs = [report({ performance: 0.7 }), report({ performance: 0.99 }), report({ performance: 0.85 })];
    expect(medianRun(runs)).toBe(runs[2]);
  });
});

describe('where the points go', () => {
  const slow = report({
    performance: 0.72,
    metrics: { 'total-blocking-time': [0.4, 620, '620 ms'], 'largest-contentful-paint': [0.8, 3100, '3.1 s'] },
    audits: {
      'bootup-time': { id: 'bootup-time', title: 'Reduce JavaScript execution time', score: 0, metricSavings: { TBT: 550 }, displayValue: '1.3 s' },
      'unused-javascript': { id: 'unused-javascript', title: 'Reduce unused JavaScript', score: 0.5, details: { overallSavingsMs: 300 }, metricSavings: { LCP: 300 } },
      'font-display': { id: 'font-display', title: 'Fonts', score: 1, metricSavings: { FCP: 900 } },
      'layout-shifts': {
        id: 'layout-shifts',
        score: 0,
        details: { items: [{ score: 0.2, node: { selector: 'footer.site-footer' } }] },
      },
      'largest-contentful-paint-element': {
        id: 'largest-contentful-paint-element',
        score: 0,
        metricSavings: { LCP: 50 },
        details: {
          items: [
            { items: [{ node: { selector: 'img.hero-image', snippet: '<img class="hero-image">' } }] },
            { items: [{ phase: 'TTFB', timing: 470.2 }, { phase: 'Load Delay', timing: 1100.6 }] },
          ],
        },
      },
    },
  });

  it('splits the missing points by metric, weighted as Lighthouse weights them, largest first', () => {
    const lost = pointsLost(slow);
    expect(lost.metrics.map((m) => [m.id, m.lost])).toEqual([
      ['total-blocking-time', 18],
      ['largest-contentful-paint', 5],
    ]);
  });

  it('lists the failing audits with the largest estimated savings, the LCP element and phases, the layout shifts', () => {
    const lost = pointsLost(slow);
    expect(lost.opportunities.map((o) => [o.id, o.savingsMs])).toEqual([
      ['bootup-time', 550],
      ['unused-javascript', 300],
    ]);
    expect(lost.lcpElement).toBe('img.hero-image <img class="hero-image">');
    expect(lost.lcpPhases).toEqual(['TTFB 470 ms', 'Load Delay 1101 ms']);
    expect(lost.shifts).toEqual([{ score: 0.2, selector: 'footer.site-footer' }]);
    const text = formatPointsLost('event mobile', slow);
    expect(text).toContain('event mobile: performance 72 (the median run)');
    expect(text).toContain('points lost by metric: total-blocking-time 620 ms -18, largest-contentful-paint 3.1 s -5');
    expect(text).toContain('layout shift 0.200: footer.site-footer');
    expect(text).toContain('Reduce JavaScript execution time (1.3 s): ~550 ms [bootup-time]');
  });

  it('a perfect report loses nothing', () => {
    expect(pointsLost(report())).toMatchObject({ metrics: [], opportunities: [], lcpElement: null, shifts: [] });
  });

  it('names the failed accessibility audits', () => {
    const lhr = report({ accessibility: 0.95 });
    lhr.audits['color-contrast'].score = 0;
    expect(failedAccessibility(lhr)).toEqual(['color-contrast: Contrast']);
    expect(failedAccessibility(report())).toEqual([]);
  });
});

it('prints one aligned row per page and form factor', () => {
  const table = formatTable([
    { page: 'landing', formFactor: 'mobile', runs: 3, figures: { performance: 99, accessibility: 100, cls: 0, lcp: 1834.4, tbt: 12, fcp: 900 } },
    { page: 'event', formFactor: 'desktop', runs: 3, figures: { performance: 100, accessibility: 96, cls: 0.0123, lcp: null, tbt: 0, fcp: 400 } },
  ]);
  const lines = table.split('\n');
  expect(lines[0]).toMatch(/^\| Page +\| Form factor \| Runs \| Performance \| Accessibility \| CLS +\| LCP +\| TBT +\| FCP +\|$/);
  expect(lines[2]).toMatch(/^\| landing \| mobile +\| 3 +\| 99 +\| 100 +\| 0\.000 \| 1834 ms \| 12 ms \| 900 ms \|$/);
  expect(lines[3]).toContain('| 0.012 | -');
  expect(new Set(lines.map((line) => line.length)).size).toBe(1);
});

describe('npm run lighthouse refuses bad options before touching the stack', () => {
  const script = fileURLToPath(new URL('../lighthouse.mjs', import.meta.url));
  const run = (args, env = {}) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });

  it.each([
    [['--runs', '0'], '--runs must be a whole number of at least 1.'],
    [['--events', 'many'], '--events must be a whole number.'],
    [['--pages', 'landing,home'], "Unknown page 'home': landing, event, ticket or admin."],
    [['--form-factors', 'tablet'], "Unknown form factor 'tablet': mobile or desktop."],
  ])('%j', (args, message) => {
    const result = run(args);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(message);
  });

  it('says where it looked for Chromium when there is none (it never downloads one)', () => {
    const result = run([], { CHROME_PATH: '/nonexistent/chromium' });
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe('No Chromium at /nonexistent/chromium: set CHROME_PATH to a Chrome or Chromium binary.');
  });
});
