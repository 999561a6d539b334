// UI: the Reproduce view — a paper’s table beside the numbers this core computes.

import { difference, reproduceTables, tableById, type Table } from './tables';
import { useReproduce } from './reproduceStore';

const fmt = (x: number) => x.toFixed(2);
/** A printed number as printed: 43.0 stays 43.0. */
const printed = (x: number) => (Number.isInteger(x) ? x.toFixed(1) : String(x));
const published = (p: { lo: number; hi: number } | null) =>
  p === null ? '—' : p.lo === p.hi ? printed(p.lo) : `${printed(p.lo)}–${printed(p.hi)}`;
const signed = (d: number) => (Math.abs(d) < 0.005 ? '0.00' : `${d > 0 ? '+' : '−'}${fmt(Math.abs(d))}`);

/** A paper's printed numbers beside the ones this core computes, with the difference. */
export function ReproduceView() {
  const { tableId, file, status, progress, result, error, notice } = useReproduce();
  const { choose, setFile, run, cancel } = useReproduce.getState();
  const tables = reproduceTables();
  const table = tableById(tableId);
  const shown = result && result.tableId === tableId ? result : null;
  return (
    <section className="reproduce" aria-label="Reproduce a paper's table">
      <form
        className="panel"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <label>
          Table{' '}
          <select value={tableId} onChange={(e) => choose(e.target.value)}>
            {tables.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </select>
        </label>
        {table && <Source table={table} />}
        {table?.input.kind === 'file' && (
          <label>
            Trace file ({table.input.name}) <input type="file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </label>
        )}
        <div className="buttons">
          <button type="submit" className="primary" disabled={status === 'running' || !table}>
            Reproduce
          </button>
          <button type="button" onClick={cancel} disabled={status !== 'running'}>
            Cancel
          </button>
        </div>
        {progress && (
          <div className="progress-row">
            <progress aria-label="Reproduce progress" value={progress.done} max={Math.max(1, progress.total)} />
            <span>{progress.label}</span>
          </div>
        )}
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        {notice && <p className="notice">{notice}</p>}
        {file && table?.input.kind === 'file' && <p className="hint">File: {file.name}</p>}
      </form>
      {table && shown && <Results table={table} result={shown} />}
    </section>
  );
}

function Source({ table }: { table: Table }) {
  const input = table.input;
  return (
    <div className="reproduce-source">
      <p>
        <strong>Source:</strong> {table.source}
      </p>
      <p>
        <strong>Input:</strong>{' '}
        {input.kind === 'generate' ? (
          <>
            generated, <code>{input.spec}</code>
          </>
        ) : (
          <>
            the public trace {input.name} ({input.format} format)
            {input.requests !== null && input.distinct !== null
              ? `, documented as ${input.requests.toLocaleString('en')} requests over ${input.distinct.toLocaleString('en')} distinct pages`
              : ', whose length is not documented here (not checked)'}
            .
          </>
        )}{' '}
        {table.collapse_repeats ? 'Immediate repeats are collapsed, as the authors counted them.' : ''}
      </p>
    </div>
  );
}

function Results({
  table,
  result,
}: {
  table: Table;
  result: { values: Float64Array; warnings: string[]; requests: number; distinct: number };
}) {
  const cols = table.columns.length;
  return (
    <div className="panel reproduce-results">
      {result.warnings.length > 0 && (
        <div role="alert" className="warning">
          <p>This file is not the documented trace, so the numbers below may not compare:</p>
          <ul>
            {result.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <table className="reproduce-table">
        <caption>
          {table.title} — published, computed and difference (computed − published) in {table.unit}; trace of{' '}
          {result.requests.toLocaleString('en')} requests, {result.distinct.toLocaleString('en')} distinct pages
        </caption>
        <thead>
          <tr>
            <th rowSpan={2} scope="col">
              {table.row_label}
            </th>
            {table.columns.map((c) => (
              <th key={c.label} colSpan={3} scope="colgroup">
                {c.label}
              </th>
            ))}
          </tr>
          <tr>
            {table.columns.map((c) => [
              <th key={`${c.label}p`} scope="col">
                published
              </th>,
              <th key={`${c.label}c`} scope="col">
                computed
              </th>,
              <th key={`${c.label}d`} scope="col">
                difference
              </th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r, ri) => (
            <tr key={r.x}>
              <th scope="row">{r.x}</th>
              {table.columns.map((c, ci) => {
                const value = result.values[ri * cols + ci];
                const p = r.published[ci];
                const d = p === null ? null : difference(p, value);
                return [
                  <td key={`${c.label}p`}>{published(p)}</td>,
                  <td key={`${c.label}c`}>{fmt(value)}</td>,
                  <td key={`${c.label}d`} className={d !== null && Math.abs(d) >= 1 ? 'off' : undefined}>
                    {d === null ? '—' : signed(d)}
                  </td>,
                ];
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {table.notes.length > 0 && (
        <ul className="reproduce-notes" aria-label="Notes">
          {table.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
