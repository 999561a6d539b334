import { useDeferredValue, useMemo, useState } from 'react';
import { useApp } from '../state/store';
import { selectIsBusy, selectResults } from '../state/selectors';
import { cacheRuns } from '../charts/derive';
import type { RunResultView } from '../state/runSlice';
import { engine } from '../worker/client';
import { experimentOf } from '../state/url';
import { download } from './download';
import { provenanceOf } from '../state/provenance';
import { resultsCsv, resultsJson } from './resultColumns';

const NONE: RunResultView[] = [];

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
  const chosen = runs[Math.min(pick, runs.length - 1)];

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
      <button type="button" onClick={() => void exportStream()} disabled={busy}>
        Export after-cache stream
      </button>
      {status && <span role="status">{status}</span>}
    </div>
  );
}
