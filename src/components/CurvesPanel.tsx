// UI: the miss-ratio curve panel — what to compute, progress, and the chart.

import { useMemo } from 'react';
import { useApp } from '../state/store';
import { selectTrace } from '../state/selectors';
import {
  useCurves,
  selectCurveError,
  selectCurveNotice,
  selectCurveProgress,
  selectCurves,
  selectCurvesOf,
  selectCurveStatus,
  selectCurveWorkers,
  selectCurveSampling,
} from '../state/curveStore';
import { CATALOG } from '../core/catalog';
import { fieldsOf } from '../core/params';
import { ParamEditor } from './ParamEditor';
import { createLineChart } from '../charts/lineChart';
import { curveHow, curveSeries, curvesCsv, largestError } from '../charts/curves';
import { provenanceOf } from '../state/provenance';
import { ChartPanel } from './ChartPanel';
import { PanelMessages } from './PanelMessages';
import { download } from './download';

const TITLE = 'Miss-ratio curves';

/** Whole miss-ratio curves of the experiment's policies on the loaded trace, from the worker pool. */
export function CurvesPanel() {
  const trace = useApp(selectTrace);
  const status = useCurves(selectCurveStatus);
  const curves = useCurves(selectCurves);
  const of = useCurves(selectCurvesOf);
  const progress = useCurves(selectCurveProgress);
  const workers = useCurves(selectCurveWorkers);
  const error = useCurves(selectCurveError);
  const notice = useCurves(selectCurveNotice);
  const sampling = useCurves(selectCurveSampling);
  // Curves of another trace are not shown beside this one's results.
  const shown = curves && of === trace ? curves : null;
  const data = useMemo(() => ({ series: shown ? curveSeries(shown) : [], yLabel: 'miss ratio' }), [shown]);
  const running = status === 'running';
  const pct = progress && progress.total > 0 ? Math.min(100, (100 * progress.done) / progress.total) : 0;
  const exportCsv = async () => {
    if (shown) download('cachescope-miss-ratio-curves.csv', curvesCsv(shown, await provenanceOf(useApp.getState())), 'text/csv');
  };

  return (
    <section aria-label="Miss-ratio curve controls" className="curves" hidden={!trace}>
      <div className="exports">
        <button type="button" disabled={running || !trace} onClick={() => void useCurves.getState().run()}>
          Compute miss-ratio curves
        </button>
        {running && (
          <button type="button" onClick={() => useCurves.getState().cancel()}>
            Cancel curves
          </button>
        )}
        <span className="hint">
          The chosen policies at 50 sizes: LRU exact in one pass, the others by miniature simulations on samples of the pages, each point
          with an error estimate (the shaded band).
        </span>
      </div>
      <fieldset className="curve-options" aria-label="Sampling options">
        <legend>Sampling</legend>
        <ParamEditor
          fields={fieldsOf(CATALOG.curves.options, sampling)}
          owner=""
          onChange={(k, v) => useCurves.getState().setSampling(k, v)}
        />
      </fieldset>
      {running && (
        <div className="progress-row">
          <progress aria-label="Curve progress" value={pct} max={100} />
          <span>
            {progress?.label ?? 'starting'} — {pct.toFixed(0)}%{workers ? ` on ${workers} worker${workers > 1 ? 's' : ''}` : ''}
          </span>
        </div>
      )}
      <PanelMessages error={error} notice={notice} />
      <ChartPanel
        title={TITLE}
        create={(n) =>
          createLineChart(n, { title: TITLE, xLabel: 'cache size (frames)', yLabel: 'miss ratio', yFormat: '%', unitY: true, logXFrom: 1 })
        }
        data={data}
        hidden={!shown}
      >
        <button type="button" className="small" onClick={() => void exportCsv()}>
          Download CSV
        </button>
      </ChartPanel>
      {shown && (
        <ul aria-label="How each curve was computed" className="hint">
          {shown.map((c) => (
            <li key={c.label}>
              <strong>{c.label}</strong>
              {Number.isNaN(largestError(c)) ? '' : ` (± ${(largestError(c) * 100).toFixed(2)} pp)`}: {curveHow(c)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
