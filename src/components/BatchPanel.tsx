// UI: the batch panel — traces and seeds to run the experiment on, and their summary table.

import { useMemo } from 'react';
import {
  useBatch,
  selectBatchError,
  selectBatchNotice,
  selectBatchProgress,
  selectBatchRows,
  selectBatchSeeds,
  selectBatchStatus,
  selectBatchTraces,
  traceLabel,
  type BatchRow,
} from '../state/batchStore';
import { createLineChart, type LineSeries } from '../charts/lineChart';
import { colourOf } from '../core/palette';
import { useApp } from '../state/store';
import { provenanceOf } from '../state/provenance';
import { csvCell } from './resultColumns';
import { ChartPanel } from './ChartPanel';
import { download } from './download';
import { PanelMessages } from './PanelMessages';

const pct = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(2)} %` : '—');
const framesText = (f: number[]) => {
  const lo = Math.min(...f);
  const hi = Math.max(...f);
  return lo === hi ? lo.toLocaleString('en-US') : `${lo.toLocaleString('en-US')}–${hi.toLocaleString('en-US')}`;
};

/** One chart per trace: each policy's mean hit ratio against size, its 95 % interval shaded. */
function seriesOf(rows: BatchRow[]): LineSeries[] {
  const bySpec = new Map<number, BatchRow[]>();
  for (const r of rows) bySpec.set(r.spec, [...(bySpec.get(r.spec) ?? []), r]);
  return [...bySpec.values()].map((rs) => {
    const xs = rs.map((r) => r.frames.reduce((a, b) => a + b, 0) / r.frames.length);
    return {
      label: rs[0].label,
      colour: colourOf(rs[0].spec),
      points: rs.map((r, i) => [xs[i], r.hit.mean] as [number, number]),
      band: rs.some((r) => Number.isFinite(r.hit.half))
        ? rs.map((r, i) => [xs[i], r.hit.mean - r.hit.half, r.hit.mean + r.hit.half] as [number, number, number])
        : undefined,
    };
  });
}

function batchCsv(rows: BatchRow[], core: string): string {
  const head = ['trace', 'policy', 'frames', 'hit_ratio_mean', 'hit_ratio_ci95_half', 'n', 'core'];
  const body = rows.map((r) => [
    r.traceLabel,
    r.label,
    r.frames.join(' '),
    r.hit.mean,
    Number.isFinite(r.hit.half) ? r.hit.half : '',
    r.hit.n,
    core,
  ]);
  return [head, ...body].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

/** Several traces, generated ones at several seeds: means and 95 % Student-t intervals, grouped by trace. */
export function BatchPanel() {
  const traces = useBatch(selectBatchTraces);
  const seeds = useBatch(selectBatchSeeds);
  const rows = useBatch(selectBatchRows);
  const status = useBatch(selectBatchStatus);
  const progress = useBatch(selectBatchProgress);
  const error = useBatch(selectBatchError);
  const notice = useBatch(selectBatchNotice);
  const running = status === 'running';
  const groups = useMemo(() => {
    const g = new Map<number, BatchRow[]>();
    for (const r of rows ?? []) g.set(r.trace, [...(g.get(r.trace) ?? []), r]);
    return [...g.entries()];
  }, [rows]);
  const share = progress && progress.total > 0 ? Math.min(100, (100 * progress.done) / progress.total) : 0;
  const exportCsv = async () => {
    if (rows) download('cachescope-batch.csv', batchCsv(rows, (await provenanceOf(useApp.getState())).core), 'text/csv');
  };

  return (
    <section aria-label="Traces and seeds" className="batch">
      <h2>Traces and seeds</h2>
      <p className="hint">
        The chosen policies and sizes on several traces; generated traces at each seed, summarised by the mean and a 95 % Student-t
        interval.
      </p>
      <div className="exports">
        <button type="button" onClick={() => useBatch.getState().addCurrent()}>
          Add the current trace
        </button>
        <label className="inline">
          Seeds
          <input
            type="text"
            value={seeds}
            placeholder="e.g. 1, 2, 3"
            onChange={(e) => useBatch.getState().setSeeds(e.target.value)}
            aria-describedby="seeds-hint"
          />
        </label>
        <span id="seeds-hint" className="hint">
          for generated traces; empty: each generator’s own seed
        </span>
      </div>
      {traces.length > 0 && (
        <ol aria-label="Traces of the batch">
          {traces.map((t, i) => (
            <li key={i}>
              {traceLabel(t.source)}
              {t.source.kind === 'hashed' && !t.file && (
                <label className="inline">
                  {' '}
                  Choose {t.source.name}
                  <input
                    type="file"
                    onChange={(e) => {
                      const f = e.target.files?.[0];
                      if (f) useBatch.getState().setFile(i, f);
                    }}
                  />
                </label>
              )}{' '}
              <button
                type="button"
                className="small"
                aria-label={`Remove ${traceLabel(t.source)}`}
                onClick={() => useBatch.getState().remove(i)}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      )}
      <div className="exports">
        <button type="button" disabled={running || traces.length === 0} onClick={() => void useBatch.getState().run()}>
          Compute batch
        </button>
        {running && (
          <button type="button" onClick={() => useBatch.getState().cancel()}>
            Cancel batch
          </button>
        )}
        {rows && (
          <button type="button" onClick={() => void exportCsv()}>
            Export batch CSV
          </button>
        )}
      </div>
      {running && (
        <div className="progress-row">
          <progress aria-label="Batch progress" value={share} max={100} />
          <span>
            {progress?.label ?? 'starting'} — {share.toFixed(0)}%
          </span>
        </div>
      )}
      <PanelMessages error={error} notice={notice} />
      {rows && (
        <div className="results-wrap">
          <table aria-label="Batch results" className="results">
            <thead>
              <tr>
                <th scope="col">Trace</th>
                <th scope="col">Policy</th>
                <th scope="col">Frames</th>
                <th scope="col">Hit ratio (mean)</th>
                <th scope="col">± 95 %</th>
                <th scope="col">n</th>
              </tr>
            </thead>
            {groups.map(([t, rs]) => (
              <tbody key={t}>
                {rs.map((r, i) => (
                  <tr key={i}>
                    {i === 0 && (
                      <th scope="rowgroup" rowSpan={rs.length}>
                        {r.traceLabel}
                      </th>
                    )}
                    <td>{r.label}</td>
                    <td>{framesText(r.frames)}</td>
                    <td>{pct(r.hit.mean)}</td>
                    <td>{Number.isFinite(r.hit.half) ? `± ${pct(r.hit.half)}` : '—'}</td>
                    <td>{r.hit.n}</td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
      {groups.map(([t, rs]) => (
        <BatchChart key={`${t}-${rs[0].traceLabel}`} title={`Hit ratio against cache size — ${rs[0].traceLabel}`} rows={rs} />
      ))}
    </section>
  );
}

function BatchChart({ title, rows }: { title: string; rows: BatchRow[] }) {
  const data = useMemo(() => ({ series: seriesOf(rows), yLabel: 'hit ratio' }), [rows]);
  return (
    <ChartPanel
      title={title}
      create={(n) =>
        createLineChart(n, { title, xLabel: 'cache size (frames)', yLabel: 'hit ratio', yFormat: '%', unitY: true, logXFrom: 10 })
      }
      data={data}
    />
  );
}
