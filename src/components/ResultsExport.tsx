// UI: exporting results — CSV, JSON, and a run’s after-cache stream as a trace.

import { useDeferredValue, useMemo, useState } from 'react';
import { useApp } from '../state/store';
import { selectIsBusy, selectResults } from '../state/selectors';
import { cacheRuns, sizeName } from '../charts/derive';
import type { RunResultView } from '../state/runSlice';
import { engine } from '../engine/client';
import { experimentOf } from '../state/url';
import { download } from './download';
import { provenanceOf } from '../state/provenance';
import { resultsCsv, resultsJson } from './resultColumns';

const NONE: RunResultView[] = [];
/** Runs listed in one picker at most; beyond, a policy and a size are chosen apart. */
const MAX_LISTED = 300;

/** The policies among the runs, in experiment order. */
function policiesOf(runs: RunResultView[]): { spec: number; label: string }[] {
  const seen = new Map<number, string>();
  for (const r of runs) if (!seen.has(r.spec)) seen.set(r.spec, r.label);
  return [...seen].sort((a, b) => a[0] - b[0]).map(([spec, label]) => ({ spec, label }));
}

/** Downloads of the table (CSV, JSON) and of one run's after-cache stream. */
export function ResultsExport() {
  const results = useApp(selectResults);
  const busy = useApp(selectIsBusy);
  const [pick, setPick] = useState(0);
  const [status, setStatus] = useState<string | null>(null);
  // The stream is the cache's, the same on every flash configuration: one entry per run. Listed once the
  // run is over (the export waits for it anyway), not redrawn as thousands of results arrive.
  // Deferred: React builds the thousands of entries in slices it can interrupt.
  const runs = useDeferredValue(useMemo(() => (busy ? NONE : cacheRuns(results)), [busy, results]));
  // Thousands of runs are chosen by policy, then size: one list of them all would be laid out whole.
  const split = runs.length > MAX_LISTED;
  const policies = useMemo(() => (split ? policiesOf(runs) : []), [split, runs]);
  const [pickedSpec, setPickedSpec] = useState<number | null>(null);
  const spec = policies.some((p) => p.spec === pickedSpec) ? pickedSpec : (policies[0]?.spec ?? null);
  const ofPolicy = useMemo(() => (split ? runs.filter((r) => r.spec === spec) : []), [split, runs, spec]);
  const [pickedFrames, setPickedFrames] = useState<number | null>(null);
  const chosen = split ? (ofPolicy.find((r) => r.job.frames === pickedFrames) ?? ofPolicy[0]) : runs[Math.min(pick, runs.length - 1)];

  const exportJson = async () => {
    const s = useApp.getState();
    download(
      'cachescope-results.json',
      resultsJson(results, await provenanceOf(s), { experiment: experimentOf(s), trace: s.trace, link: location.href }),
      'application/json',
    );
  };
  const exportCsv = async () => download('cachescope-results.csv', resultsCsv(results, await provenanceOf(useApp.getState())), 'text/csv');

  const exportStream = async () => {
    if (!chosen) return;
    const s = useApp.getState();
    setStatus('Rerunning to record the after-cache stream…');
    try {
      const header = `after-cache stream of ${chosen.label} with ${chosen.job.frames} frames (page R|W per line)`;
      const options = { cost: s.cost, buckets: 1, flush: s.flush, record_stream: false, collapse_repeats: s.collapse };
      const { text, requests } = await engine().stream(chosen.job, options, header).done;
      const name = `after-cache-${chosen.job.policy}-${chosen.job.frames}.txt`;
      download(name, new Blob([text as Uint8Array<ArrayBuffer>], { type: 'text/plain' }));
      setStatus(`Saved ${name}: ${requests.toLocaleString('en-US')} requests.`);
    } catch (e) {
      setStatus(`The stream could not be exported: ${(e as Error).message}`);
    }
  };

  return (
    <div className="exports" role="group" aria-label="Export results">
      <button type="button" onClick={() => void exportCsv()}>
        Export CSV
      </button>
      <button type="button" onClick={() => void exportJson()}>
        Export JSON
      </button>
      {split ? (
        <>
          <label className="inline">
            Run
            <select
              value={spec ?? ''}
              onChange={(e) => setPickedSpec(Number(e.target.value))}
              aria-label="Policy whose after-cache stream to export"
            >
              {policies.map((p) => (
                <option key={p.spec} value={p.spec}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          <label className="inline">
            at
            <select
              value={chosen?.job.frames ?? ''}
              onChange={(e) => setPickedFrames(Number(e.target.value))}
              aria-label="Cache size whose after-cache stream to export"
            >
              {ofPolicy.map((r) => (
                <option key={r.job.frames} value={r.job.frames}>
                  {sizeName(r.job.frames)}
                </option>
              ))}
            </select>
          </label>
        </>
      ) : (
        <label className="inline">
          Run
          <select
            value={Math.min(pick, Math.max(0, runs.length - 1))}
            onChange={(e) => setPick(Number(e.target.value))}
            aria-label="Run whose after-cache stream to export"
          >
            {runs.map((r, i) => (
              <option key={i} value={i}>
                {r.label} · {r.job.frames}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="button" onClick={() => void exportStream()} disabled={busy}>
        Export after-cache stream
      </button>
      {status && <span role="status">{status}</span>}
    </div>
  );
}
