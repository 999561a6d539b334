// UI: the textbook frame table of a short run.

import { useEffect, useRef } from 'react';
import { selectFrame, selectLocked, selectTable, useExplorer } from './explorerStore';
import { frameTableCsv } from '../core/frameTable';
import { download } from '../components/download';
import { useExercise } from './exerciseStore';

/** A table exercise's cell: an input until submitted, then the run's page, marked when the answer differed. */
function AskedCell({ f, t, page }: { f: number; t: number; page: string | null }) {
  const submitted = useExercise((s) => s.submitted);
  const typed = useExercise((s) => s.cells[`${f}:${t}`] ?? '');
  if (!submitted) {
    return (
      <input
        className="cell-answer"
        size={3}
        aria-label={`Frame ${f + 1} after request ${t + 1}`}
        value={typed}
        onChange={(e) => useExercise.getState().setCell(f, t, e.target.value)}
      />
    );
  }
  const right = typed.trim() === (page ?? '');
  return right ? (
    <>{page ?? ''}</>
  ) : (
    <mark title={`you wrote ${typed.trim() || 'nothing'}`}>{`${page ?? '—'} (you: ${typed.trim() || '—'})`}</mark>
  );
}

/** The classic blackboard table up to the current request: a row per frame, a column per request, faults marked. */
export function FrameTableView() {
  const table = useExplorer(selectTable);
  const frame = useExplorer(selectFrame);
  const wrap = useRef<HTMLDivElement>(null);
  const upto = frame?.position ?? 0;
  // The current request stays in view: a table wider than its box scrolls (sideways only) to it.
  useEffect(() => keepInView(wrap.current, upto), [upto, table]);
  // During an exercise the table ahead stays hidden, and its download (the whole run) with it.
  const locked = useExplorer(selectLocked);
  const ex = useExercise((x) => x.exercise);
  // A table exercise's columns: filled in by the student, then marked.
  const asked = (t: number) => ex?.kind === 'table' && t >= ex.start && t < ex.start + ex.requests;
  if (!table || !frame || frame.flash) return null;
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
      <div className="results-wrap" ref={wrap}>
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
                    {asked(t) ? <AskedCell f={f} t={t} page={p} /> : t < upto ? (p ?? '') : ''}
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

/** Scrolls `box` sideways so that its current column (`.now`) shows beside the row headers, centred when it was out of view. */
function keepInView(box: HTMLElement | null, upto: number): void {
  if (!box) return;
  const cell = box.querySelector<HTMLElement>('thead th.now');
  if (!cell || upto === 0) {
    box.scrollLeft = 0;
    return;
  }
  const b = box.getBoundingClientRect();
  const c = cell.getBoundingClientRect();
  const head = box.querySelector('thead th')?.getBoundingClientRect().width ?? 0;
  if (c.left >= b.left + head && c.right <= b.right) return;
  box.scrollLeft += c.left + c.width / 2 - (b.left + head + (b.width - head) / 2);
}
