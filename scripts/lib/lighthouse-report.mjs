// Reading Lighthouse's JSON reports for `npm run lighthouse` (scripts/lighthouse.mjs): one run's
// scores and metrics, the median of several runs, the table, and where a page loses its
// performance points. Plain Node, no dependencies.

/** The figures of one Lighthouse report (lhr): scores 0-100, CLS unitless, times in ms. */
export function runFigures(lhr) {
  const score = (id) => (lhr.categories?.[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
  const metric = (id) => lhr.audits?.[id]?.numericValue ?? null;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    cls: metric('cumulative-layout-shift'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    fcp: metric('first-contentful-paint'),
    si: metric('speed-index'),
  };
}

/** The median of numbers (the lower middle one of an even count, so it is always a measured value); null when none. */
export function median(values) {
  const sorted = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Each figure's median over several runs of one page (each figure on its own, as Lighthouse's docs advise for a small sample). */
export function medianFigures(runs) {
  const keys = ['performance', 'accessibility', 'cls', 'lcp', 'tbt', 'fcp', 'si'];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))]));
}

/** The run whose performance score is the median one: the report to read when asking where the points went. */
export function medianRun(lhrs) {
  if (!lhrs.length) return null;
  const target = median(lhrs.map((lhr) => runFigures(lhr).performance));
  return lhrs.find((lhr) => runFigures(lhr).performance === target) ?? lhrs[0];
}

/**
 * Where a report loses performance points: each weighted metric's share of the missing points
 * (weight x (1 - audit score), in score points out of 100), largest first, then the opportunities
 * and diagnostics Lighthouse estimates the most time for, the LCP element and the layout shifts.
 */
export function pointsLost(lhr) {
  const category = lhr.categories?.performance;
  const refs = (category?.auditRefs ?? []).filter((ref) => ref.weight > 0);
  const totalWeight = refs.reduce((sum, ref) => sum + ref.weight, 0) || 1;
  const metrics = refs
    .map((ref) => {
      const audit = lhr.audits?.[ref.id] ?? {};
      return {
        id: ref.id,
        title: audit.title ?? ref.id,
        value: audit.displayValue ?? '',
        lost: Math.round(((ref.weight * (1 - (audit.score ?? 0))) / totalWeight) * 1000) / 10,
      };
    })
    .filter((metric) => metric.lost > 0)
    .sort((a, b) => b.lost - a.lost);
  // Lighthouse 12 gives each audit's estimated saving per metric (metricSavings: ms for FCP, LCP,
  // TBT; CLS is unitless and shows under the layout shifts instead).
  const savingsMs = (audit) =>
    Math.round(Math.max(audit.details?.overallSavingsMs ?? 0, ...['FCP', 'LCP', 'TBT'].map((key) => audit.metricSavings?.[key] ?? 0)));
  const opportunities = Object.values(lhr.audits ?? {})
    .filter((audit) => typeof audit.score === 'number' && audit.score < 0.9 && audit.id !== 'largest-contentful-paint-element' && savingsMs(audit) > 0)
    .map((audit) => ({ id: audit.id, title: audit.title, savingsMs: savingsMs(audit), value: audit.displayValue ?? '' }))
    .sort((a, b) => b.savingsMs - a.savingsMs)
    .slice(0, 5);
  const lcpItems = lhr.audits?.['largest-contentful-paint-element']?.details?.items ?? [];
  const lcpNode = lcpItems.flatMap((item) => item.items ?? [item]).find((item) => item.node)?.node;
  const lcpPhases = lcpItems
    .flatMap((item) => item.items ?? [])
    .filter((item) => item.phase && typeof item.timing === 'number')
    .map((item) => `${item.phase} ${Math.round(item.timing)} ms`);
  const shifts = (lhr.audits?.['layout-shifts']?.details?.items ?? [])
    .filter((item) => item.node)
    .slice(0, 3)
    .map((item) => ({ score: item.score, selector: item.node.selector ?? item.node.snippet ?? '' }));
  return {
    metrics,
    opportunities,
    lcpElement: lcpNode ? `${lcpNode.selector ?? lcpNode.nodeLabel ?? ''} ${(lcpNode.snippet ?? '').slice(0, 120)}`.trim() : null,
    lcpPhases,
    shifts,
  };
}

/** The accessibility audits a report fails (score 0), as "id: title". */
export function failedAccessibility(lhr) {
  return (lhr.categories?.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits?.[ref.id])
    .filter((audit) => audit && audit.score === 0 && audit.scoreDisplayMode === 'binary')
    .map((audit) => `${audit.id}: ${audit.title}`);
}

const ms = (value) => (value == null ? '-' : `${Math.round(value)} ms`);
const cls = (value) => (value == null ? '-' : value.toFixed(3));
const num = (value) => (value == null ? '-' : String(value));

/** The table of medians, one row per page and form factor: rows [{ page, formFactor, runs, figures }]. */
export function formatTable(rows) {
  const header = ['Page', 'Form factor', 'Runs', 'Performance', 'Accessibility', 'CLS', 'LCP', 'TBT', 'FCP'];
  const lines = rows.map((row) => [
    row.page,
    row.formFactor,
    String(row.runs),
    num(row.figures.performance),
    num(row.figures.accessibility),
    cls(row.figures.cls),
    ms(row.figures.lcp),
    ms(row.figures.tbt),
    ms(row.figures.fcp),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [format(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...lines.map(format)].join('\n');
}

/** A few lines saying where one page's points went (for a page under the target score). */
export function formatPointsLost(label, lhr) {
  const lost = pointsLost(lhr);
  const lines = [`${label}: performance ${runFigures(lhr).performance} (the median run)`];
  if (lost.metrics.length) lines.push(`  points lost by metric: ${lost.metrics.map((m) => `${m.title} ${m.value} -${m.lost}`).join(', ')}`);
  if (lost.lcpElement) lines.push(`  LCP element: ${lost.lcpElement}${lost.lcpPhases.length ? `; ${lost.lcpPhases.join(', ')}` : ''}`);
  for (const shift of lost.shifts) lines.push(`  layout shift ${shift.score.toFixed(3)}: ${shift.selector}`);
  for (const opportunity of lost.opportunities) {
    lines.push(`  ${opportunity.title}${opportunity.value ? ` (${opportunity.value})` : ''}: ~${opportunity.savingsMs} ms [${opportunity.id}]`);
  }
  return lines.join('\n');
}
