import { useId, useState } from 'react';
import { OVERVIEW_MESSAGES } from '@shared/overview-model.js';
import { saveBlob } from '../../rsvps/admin/rsvpsApi.js';
import { Table, type Column } from '../../ui/Table.js';
import { cx } from '../../ui/cx.js';
import { csvBlob, csvFileName } from '../csv.js';
import type { ChartSeries, ChartView } from '../overview.js';
import UPlotChart from './UPlotChart.js';

type Row = { key: string; cells: string[] };

/** The series' names beside their colours (a line or a bar), so the chart reads without hovering. */
function Legend({ series }: { series: ChartSeries[] }) {
  if (series.length < 2) return null;
  const twoAxes = series.some((s) => s.axis === 'right') && series.some((s) => s.axis !== 'right');
  return (
    <ul className="overview-legend">
      {series.map((s) => (
        <li key={s.label}>
          <span className={cx('overview-swatch', `overview-swatch--${s.kind}`)} style={{ background: `var(--color-${s.colour})` }} aria-hidden="true" />
          {s.label}
          {twoAxes && s.axis === 'right' ? ' (right axis)' : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * One chart of the per-event page (issue 30 items 2, 4, 5): its title, a text summary of what it
 * shows, the chart, 'Show as table' (the same data as an accessible table, for screen readers and
 * for copying) and 'Download CSV' (the data as a file, written here from the reply).
 */
export function ChartFigure({ view, eventTitle, height = 200 }: { view: ChartView; eventTitle: string; height?: number }) {
  const id = useId();
  const [tableShown, setTableShown] = useState(false);
  const columns: Column<Row>[] = view.table.columns.map((header, i) => ({
    key: String(i),
    header,
    value: (row) => row.cells[i],
    sortable: false,
  }));
  const rows: Row[] = view.table.rows.map((cells, i) => ({ key: String(i), cells }));
  const empty = view.blank || view.table.rows.length === 0;
  return (
    <figure className={cx('overview-chart', tableShown && !empty && 'overview-chart--table')} aria-labelledby={`${id}-title`} data-chart={view.id}>
      <figcaption>
        <h4 id={`${id}-title`}>{view.title}</h4>
        <p className="overview-chart-summary">{view.summary}</p>
      </figcaption>
      {empty ? null : (
        <>
          <Legend series={view.spec.series} />
          <UPlotChart spec={view.spec} height={height} className="overview-chart-canvas" />
          <div className="overview-chart-actions">
            {/* Named with the chart's title, starting with the visible words: each chart has the two buttons. */}
            <button
              type="button"
              className="btn btn-outline btn-small"
              aria-label={`${tableShown ? OVERVIEW_MESSAGES.hideTable : OVERVIEW_MESSAGES.showTable}: ${view.title}`}
              aria-expanded={tableShown}
              aria-controls={`${id}-table`}
              onClick={() => setTableShown((shown) => !shown)}
            >
              {tableShown ? OVERVIEW_MESSAGES.hideTable : OVERVIEW_MESSAGES.showTable}
            </button>
            <button
              type="button"
              className="btn btn-outline btn-small"
              aria-label={`${OVERVIEW_MESSAGES.downloadCsv}: ${view.title}`}
              onClick={() => saveBlob(csvBlob(view.csv), csvFileName(eventTitle, view.file))}
            >
              {OVERVIEW_MESSAGES.downloadCsv}
            </button>
          </div>
        </>
      )}
      <div id={`${id}-table`} className="overview-chart-table">
        {tableShown && !empty ? <Table rows={rows} columns={columns} rowKey={(row) => row.key} caption={view.title} stackOnPhone /> : null}
      </div>
    </figure>
  );
}
