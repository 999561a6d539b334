import { useApp } from '../state/store';
import { selectCost, selectResults } from '../state/selectors';
import { isLatencyModel } from '../state/experimentSlice';
import { fmtInt } from './format';
import { NO_CACHE } from '../core/catalog';
import { colourOf } from '../core/palette';
import { COLUMNS, FLASH_COLUMNS, hasFlash, isBest } from './resultColumns';
import { ResultsExport } from './ResultsExport';

export function ResultsTable() {
  const results = useApp(selectResults);
  const cost = useApp(selectCost);
  // With a flash latency model (µs per read and per write) the weighted cost is the I/O time.
  const costLabel = isLatencyModel(cost) ? 'I/O time (µs)' : 'Weighted cost';
  if (results.length === 0) return null;
  const flash = hasFlash(results) ? FLASH_COLUMNS : [];
  return (
    <section aria-label="Results table">
      <h2>Results</h2>
      <div className="results-wrap">
        <table className="results">
          <caption>
            Each row is one policy at one cache size
            {flash.length > 0 ? ' on one flash configuration (its after-cache stream feeds the FTL)' : ''}; ★ marks the best value among
            runs of the same size.
          </caption>
          <thead>
            <tr>
              <th scope="col">Policy</th>
              <th scope="col">Frames</th>
              <th scope="col">Requests</th>
              {COLUMNS.map((c) => (
                <th scope="col" key={c.key}>
                  {c.key === 'cost' ? costLabel : c.label}
                </th>
              ))}
              {flash.map((c) => (
                <th scope="col" key={c.key} className="flash-col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {results.map((r) => (
              <tr key={`${r.spec}-${r.job.frames}`}>
                <th scope="row">
                  {/* The run's colour in every chart: one colour per policy, whatever the order. */}
                  <span className="swatch" style={{ background: colourOf(r.spec) }} aria-hidden="true" />
                  {r.label}
                </th>
                <td>{r.job.policy === NO_CACHE ? '—' : fmtInt(r.job.frames)}</td>
                <td>{fmtInt(r.metrics.requests)}</td>
                {COLUMNS.map((c) => {
                  const best = isBest(results, r, c);
                  return (
                    <td key={c.key} className={best ? 'best' : undefined}>
                      {c.fmt(r.metrics[c.key])}
                      {best ? ' ★' : ''}
                    </td>
                  );
                })}
                {flash.map((c) => {
                  const v = c.get(r);
                  const best = isBest(results, r, c);
                  return (
                    <td key={c.key} className={best ? 'best flash-col' : 'flash-col'}>
                      {v === undefined ? '—' : c.fmt(v)}
                      {best ? ' ★' : ''}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ResultsExport />
    </section>
  );
}
