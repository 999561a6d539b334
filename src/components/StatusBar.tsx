// UI: the status bar — progress, errors and a link’s problems.

import { useApp } from '../state/store';
import { selectBusy, selectError, selectLinkProblems, selectNotice, selectOverBudget } from '../state/selectors';

export function StatusBar() {
  const busy = useApp(selectBusy);
  const error = useApp(selectError);
  const notice = useApp(selectNotice);
  const linkProblems = useApp(selectLinkProblems);
  const overBudget = useApp(selectOverBudget);
  const pct = busy && busy.total > 0 ? Math.min(100, (100 * busy.done) / busy.total) : 0;
  return (
    <div className="status">
      {busy && (
        <div className="progress-row">
          <progress aria-label={busy.phase === 'load' ? 'Loading progress' : 'Run progress'} value={pct} max={100} />
          <span>
            {busy.label} — {pct.toFixed(0)}%
          </span>
        </div>
      )}
      {linkProblems.length > 0 && (
        <div role="alert" className="error" aria-label="Problems with the link">
          <p>The experiment link has problems; what could be read was loaded.</p>
          <ul>
            {linkProblems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
          <button type="button" className="small" onClick={() => useApp.getState().setLinkProblems([])}>
            Dismiss
          </button>
        </div>
      )}
      {error && (
        <div role="alert" className="error">
          <p>{error}</p>
          {overBudget && (
            <button type="button" className="small" onClick={() => void useApp.getState().loadTrace(true)}>
              Drop the loaded trace and load
            </button>
          )}
        </div>
      )}
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
    </div>
  );
}
