// UI: the trace panel — the core's analysis of the loaded trace (asked of the worker, with
// progress and Cancel): headline figures, rank–frequency with the fitted Zipf line, reuse
// distances and times, per-window one-hit wonders, working set and writes, run lengths; each
// chart as SVG and PNG, the whole analysis as CSV and JSON.

import { useMemo } from 'react';
import { useApp } from '../state/store';
import { selectTrace } from '../state/selectors';
import {
  useAnalysis,
  selectAnalysis,
  selectAnalysisError,
  selectAnalysisNotice,
  selectAnalysisOf,
  selectAnalysisProgress,
  selectAnalysisStatus,
  selectAnalysisWindow,
} from '../state/analysisStore';
import type { AnalysisShown } from '../core/schemas';
import { provenanceOf } from '../state/provenance';
import { createLineChart } from '../charts/lineChart';
import { createReuseChart } from '../charts/reuseChart';
import { analysisCsv, analysisJson, fmtFit, headline, rankSeries, shareSeries, workingSetSeries } from '../charts/analysis';
import { ChartPanel } from './ChartPanel';
import { NumberField } from './NumberField';
import { PanelMessages } from './PanelMessages';
import { download } from './download';

export function TracePanel() {
  const trace = useApp(selectTrace);
  const status = useAnalysis(selectAnalysisStatus);
  const analysis = useAnalysis(selectAnalysis);
  const of = useAnalysis(selectAnalysisOf);
  const progress = useAnalysis(selectAnalysisProgress);
  const error = useAnalysis(selectAnalysisError);
  const notice = useAnalysis(selectAnalysisNotice);
  const perWindow = useAnalysis(selectAnalysisWindow);
  const running = status === 'running';
  // An analysis of another trace is not shown beside this one.
  const shown = analysis && of === trace ? analysis : null;
  const pct = progress && progress.total > 0 ? Math.min(100, (100 * progress.done) / progress.total) : 0;

  return (
    <section aria-label="Trace analysis" className="trace-analysis" hidden={!trace}>
      <h2>Trace analysis</h2>
      <div className="exports">
        <button type="button" disabled={running || !trace} onClick={() => void useAnalysis.getState().run()}>
          Analyse trace
        </button>
        <NumberField
          label="Requests per window"
          title="0: a hundredth of the trace"
          value={perWindow}
          min={0}
          step={1}
          onChange={(w) => useAnalysis.getState().setWindow(Math.max(0, Math.round(w)))}
        />
      </div>
      {running && (
        <div role="status" aria-label="Analysis progress" className="progress-row">
          <progress aria-label="Requests analysed" value={pct} max={100} />
          <span>
            {progress?.label ?? 'starting'} — {pct.toFixed(0)}%
          </span>
          <button type="button" onClick={() => useAnalysis.getState().cancel()}>
            Cancel analysis
          </button>
        </div>
      )}
      <PanelMessages error={error} notice={notice} />
      {shown && trace && <AnalysisView a={shown} source={trace.source} />}
    </section>
  );
}

const RANKS = 'Rank–frequency';
const DISTANCE = 'Reuse distance (LRU stack distance)';
const TIME = 'Reuse time';
const WORKING_SET = 'Working set per window';
const SHARES = 'One-hit wonders and writes per window';
const RUNS = 'Runs of consecutive pages';

function AnalysisView({ a, source }: { a: AnalysisShown; source: string }) {
  const ranks = useMemo(() => ({ series: rankSeries(a) }), [a]);
  const workingSet = useMemo(() => ({ series: workingSetSeries(a) }), [a]);
  const shares = useMemo(() => ({ series: shareSeries(a) }), [a]);
  const distance = useMemo(() => (a.stack_distance ? { reuse: a.stack_distance.counts, cold: a.cold } : null), [a]);
  const time = useMemo(() => ({ reuse: a.reuse_time.counts, cold: a.cold }), [a]);
  const runs = useMemo(() => ({ reuse: a.runs.counts }), [a]);
  const p = a.popularity;
  const save = async (kind: 'csv' | 'json') => {
    const prov = await provenanceOf(useApp.getState());
    if (kind === 'csv') download('cachescope-trace-analysis.csv', analysisCsv(a, source, prov), 'text/csv');
    else download('cachescope-trace-analysis.json', analysisJson(a, source, prov), 'application/json');
  };

  return (
    <>
      <table className="analysis-headline" aria-label="Trace analysis figures">
        <tbody>
          {headline(a).map((h) => (
            <tr key={h.key}>
              <th scope="row">{h.label}</th>
              <td>{h.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="exports">
        <button type="button" className="small" onClick={() => void save('csv')}>
          Download analysis CSV
        </button>
        <button type="button" className="small" onClick={() => void save('json')}>
          Download analysis JSON
        </button>
        <span className="hint">Windows of {a.window.toLocaleString('en-US')} requests; pages are the trace&apos;s own ids.</span>
      </div>
      <ChartPanel
        title={RANKS}
        create={(n) => createLineChart(n, { title: RANKS, xLabel: 'rank', yLabel: 'references', logXFrom: 1, logY: true, markers: false })}
        data={ranks}
      />
      <p className="hint">
        References of the page at each rank (rank 1: page {p.top_page ?? '—'}), log–log. The dashed line is the Zipf law the core fitted
        over the {p.fit_ranks.toLocaleString('en-US')} pages referenced at least 10 times: α = {fmtFit(p.alpha)}, R² = {fmtFit(p.r2)}.
      </p>
      {distance && (
        <ChartPanel
          title={DISTANCE}
          create={(n) =>
            createReuseChart(n, { title: DISTANCE, xLabel: 'stack distance (distinct pages since the last access)', yLabel: 'requests' })
          }
          data={distance}
        />
      )}
      <ChartPanel
        title={TIME}
        create={(n) => createReuseChart(n, { title: TIME, xLabel: 'reuse time (requests since the last access)', yLabel: 'requests' })}
        data={time}
      />
      <ChartPanel
        title={WORKING_SET}
        create={(n) => createLineChart(n, { title: WORKING_SET, xLabel: 'request', yLabel: 'distinct pages' })}
        data={workingSet}
      />
      <ChartPanel
        title={SHARES}
        create={(n) => createLineChart(n, { title: SHARES, xLabel: 'request', yLabel: 'share', yFormat: '%', unitY: true })}
        data={shares}
      />
      <p className="hint">
        One-hit wonders: the share of a window&apos;s distinct pages referenced once in it (over the whole trace:{' '}
        {(a.one_hit_share * 100).toFixed(2)} %).
      </p>
      <ChartPanel
        title={RUNS}
        create={(n) => createReuseChart(n, { title: RUNS, xLabel: 'run length (requests to pages p, p + 1, …)', yLabel: 'runs' })}
        data={runs}
      />
    </>
  );
}
