import { useApp } from '../state/store';
import { selectBusy, selectError, selectNotice } from '../state/selectors';

export function StatusBar() {
  const busy = useApp(selectBusy);
  const error = useApp(selectError);
  const notice = useApp(selectNotice);
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
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
    </div>
  );
}
