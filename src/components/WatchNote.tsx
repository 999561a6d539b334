// UI: a teaching preset’s “what to watch” sentence.

import { useApp } from '../state/store';
import { selectWatch } from '../state/selectors';

/** A teaching preset's sentence: what to watch, beside whichever view the preset opened. */
export function WatchNote() {
  const watch = useApp(selectWatch);
  if (!watch) return null;
  return (
    <aside className="watch" aria-label="What to watch">
      <p>{watch}</p>
      <button type="button" className="small" onClick={() => useApp.setState({ watch: null })}>
        Hide
      </button>
    </aside>
  );
}
