// UI: the page inspector — a page’s accesses and status changes.

import { useState } from 'react';
import { selectHistory, selectSelected, useExplorer } from './explorerStore';

/** A page's accesses and status changes up to the current request (click a page, or type its number as the trace writes it). */
export function PageInspector() {
  const selected = useExplorer(selectSelected);
  const history = useExplorer(selectHistory);
  const { select } = useExplorer.getState();
  const [text, setText] = useState('');
  return (
    <section className="panel inspector" aria-label="Page inspector">
      <h3>Page inspector</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim() !== '') select(text.trim());
        }}
      >
        <label>
          Page <input type="text" aria-label="Page to inspect" value={text} onChange={(e) => setText(e.target.value)} />
        </label>{' '}
        <button type="submit">Inspect</button>
        {selected !== null && (
          <button type="button" onClick={() => select(null)}>
            Clear
          </button>
        )}
      </form>
      {selected === null && <p className="hint">Click a page on a ring or list to see its history.</p>}
      {selected !== null && !history && <p className="hint">Reading the history of page {selected}…</p>}
      {history && (
        <div aria-label={`History of page ${history.page}`} role="region">
          <p>
            Page {history.page} · {history.location !== undefined ? '' : history.resident ? 'in the cache · ' : 'not in the cache · '}{' '}
            accessed {history.totalAccesses.toLocaleString('en')} times in the first {history.position.toLocaleString('en')} requests
          </p>
          {history.location !== undefined && history.location !== null && (
            <p>
              On flash: logical page {history.location.lpn}{' '}
              {history.location.block === null
                ? 'never written'
                : `lives in block ${history.location.block}, page ${history.location.offset} (version ${history.location.version})`}
            </p>
          )}
          <p className="hint">
            Last accesses: {history.accesses.length ? history.accesses.map((a) => `#${a.t}${a.write ? ' (w)' : ''}`).join(', ') : 'none'}
          </p>
          <h4>Changes in the last {history.window.toLocaleString('en')} requests</h4>
          {history.changes.length === 0 ? (
            <p className="hint">none</p>
          ) : (
            <ol className="changes">
              {history.changes.map((c, i) => (
                <li key={i}>
                  #{c.t}: {c.text}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}
