import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import type { AlignedData, Axis, Options, Scale, Series } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { tickIndexes, xLabel, type ChartColour, type ChartSpec } from '../overview.js';

/**
 * A chart drawn by uPlot (issue 30 item 4: small, well kept, canvas; ~21 KB gzip in a chunk of its
 * own, loaded when the Overview tab first draws a chart, so neither the public pages nor the other
 * tabs load it, and the cards' figures show before it arrives). The canvas is hidden
 * from screen readers: every chart's figure carries a text summary and a table of the same data.
 * Colours are the theme's CSS variables, read when the chart is drawn; the width follows its box,
 * so a phone draws it at its own width.
 */

/** Whole numbers only on a count axis (no '0.5 registrations'). */
const COUNT_INCRS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000];
const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

const FALLBACK: Record<ChartColour | 'text' | 'border', string> = {
  primary: '#2d5a27',
  accent: '#d2691e',
  secondary: '#8b4513',
  success: '#2e7d32',
  error: '#c62828',
  muted: '#666666',
  text: '#333333',
  border: '#dddddd',
};

function themeColour(element: Element, name: keyof typeof FALLBACK): string {
  return getComputedStyle(element).getPropertyValue(`--color-${name}`).trim() || FALLBACK[name];
}

type UPlot = typeof uPlot;

/** The library, loaded once, on the first chart (asked again on the next chart if that load failed). */
let library: Promise<UPlot> | undefined;
const loadLibrary = () =>
  (library ??= import('uplot').then(
    (m) => m.default,
    (error: unknown) => {
      library = undefined;
      throw error;
    },
  ));

/** The uPlot options of a spec (the library's part of the job: scales, axes, bars or lines). */
export function chartOptions(uPlot: UPlot, spec: ChartSpec, size: { width: number; height: number }, colour: (name: keyof typeof FALLBACK) => string, sparkline = false): Options {
  const hasRight = spec.series.some((s) => s.axis === 'right');
  const includeZero: Scale['range'] = (_u, min, max) => uPlot.rangeNum(Math.min(0, min ?? 0), Math.max(1, max ?? 1), 0.1, true);
  const categories = spec.categories ?? [];
  const valueLabel = (value: number) => (spec.money ? compactUsd.format(value / 100) : String(value));
  const yAxis = (scale: string, side: 1 | 3): Axis => ({
    scale,
    side,
    stroke: colour('muted'),
    grid: { show: side === 3, stroke: colour('border'), width: 1 },
    ticks: { show: false },
    ...(spec.money ? {} : { incrs: COUNT_INCRS }),
    values: (_u, splits) => splits.map(valueLabel),
    size: spec.money ? 56 : 40,
  });
  const xAxis: Axis =
    spec.xKind === 'category'
      ? { stroke: colour('muted'), grid: { show: false }, ticks: { show: false }, splits: () => categories.map((_, i) => i), values: (_u, splits) => splits.map((i) => categories[i] ?? '') }
      : {
          stroke: colour('muted'),
          grid: { show: false },
          ticks: { stroke: colour('border') },
          // The days or buckets themselves, as many as fit ('Nov 28', '7:30 PM'), the latest always.
          splits: (u) => tickIndexes(spec.x.length, Math.floor(u.bbox.width / (globalThis.devicePixelRatio || 1) / 72)).map((i) => spec.x[i]),
          values: (_u, splits) => splits.map((x) => xLabel(spec, x)),
        };
  const series: Series[] = [
    {},
    ...spec.series.map<Series>((s) =>
      s.kind === 'bars'
        ? { label: s.label, scale: s.axis === 'right' ? 'y2' : 'y', stroke: colour(s.colour), fill: colour(s.colour), width: 0, paths: uPlot.paths.bars?.({ size: [0.7, 48] }), points: { show: false } }
        : { label: s.label, scale: s.axis === 'right' ? 'y2' : 'y', stroke: colour(s.colour), width: 2, points: { show: spec.x.length < 3, size: 6 } },
    ),
  ];
  const halfStep = spec.xKind === 'day' ? 43_200 : 300;
  const first = spec.x[0] ?? 0;
  const last = spec.x[spec.x.length - 1] ?? 0;
  return {
    ...size,
    legend: { show: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    padding: sparkline ? [4, 2, 4, 2] : [12, 8, 0, 0],
    scales: {
      // Half a step of room at each end, so the first and last bars show whole and a single day is
      // centred (uPlot's own range for a single time point spans 1,000 days when x is in seconds).
      x:
        spec.xKind === 'category'
          ? { time: false, range: [-0.5, Math.max(0.5, categories.length - 0.5)] }
          : { time: false, range: () => [first - halfStep, last + halfStep] },
      y: { range: includeZero },
      ...(hasRight ? { y2: { range: includeZero } } : {}),
    },
    axes: sparkline ? [{ show: false }, { show: false }] : [xAxis, yAxis('y', 3), ...(hasRight ? [yAxis('y2', 1)] : [])],
    series,
  };
}

export interface UPlotChartProps {
  spec: ChartSpec;
  height: number;
  /** A bare line without axes (the cards' 7 days). */
  sparkline?: boolean;
  className?: string;
}

export default function UPlotChart({ spec, height, sparkline = false, className }: UPlotChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || spec.x.length === 0) return;
    const width = () => Math.max(80, Math.floor(element.clientWidth));
    const data: AlignedData = [spec.x, ...spec.series.map((s) => s.values)];
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    loadLibrary()
      .then((UPlot) => {
        if (gone) return;
        chart = new UPlot(chartOptions(UPlot, spec, { width: width(), height }, (name) => themeColour(element, name), sparkline), data, element);
        observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => chart?.setSize({ width: width(), height })) : null;
        observer?.observe(element);
      })
      // Not loaded (offline), or a browser without a canvas: the summary and the table still say it all.
      .catch(() => undefined);
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [spec, height, sparkline]);

  return <div ref={box} className={className} aria-hidden="true" />;
}
