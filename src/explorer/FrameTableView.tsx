// UI: the textbook frame table of a short run.

import { selectFrame, selectLocked, selectTable, useExplorer } from './explorerStore';
import { frameTableCsv } from '../core/frameTable';
import { download } from '../components/download';

/** The classic blackboard table up to the current request: a row per frame, a column per request, faults marked. */
export function FrameTableView() {
  const table = useExplorer(selectTable);
  const frame = useExplorer(selectFrame);
  // During an exercise the table ahead stays hidden, and its download (the whole run) with it.
  const locked = useExplorer(selectLocked);
  if (!table || !frame || frame.flash) return null;
  const upto = frame.position;
  return (
    <section className="frame-table panel" aria-label="Frame table">
      <div className="chart-head">
        <h3>Frame table</h3>
        {!locked && (
          <button type="button" className="small" onClick={() => download('frame-table.csv', frameTableCsv(table), 'text/csv')}>
            Download CSV
          </button>
        )}
      </div>
      <div className="results-wrap">
        <table className="results frames">
          <caption>
            Requests 1–{table.requests.length}; shown up to request {upto}. F marks a fault.
          </caption>
          <thead>
            <tr>
              <th scope="col">Request</th>
              {table.requests.map((p, t) => (
                <th key={t} scope="col" className={t === upto - 1 ? 'now' : undefined}>
                  {p}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.frames.map((row, f) => (
              <tr key={f}>
                <th scope="row">Frame {f + 1}</th>
                {row.map((p, t) => (
                  <td key={t} className={t === upto - 1 ? 'now' : undefined}>
                    {t < upto ? (p ?? '') : ''}
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">Fault</th>
              {table.faults.map((x, t) => (
                <td key={t} className={t === upto - 1 ? 'now' : undefined}>
                  {t < upto && x ? 'F' : ''}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
