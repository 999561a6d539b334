import { useApp } from '../state/store';
import { selectTrace } from '../state/selectors';
import { fmtInt, fmtPct } from './format';

export function TraceSummaryView() {
  const t = useApp(selectTrace);
  if (!t) return <p className="placeholder">Generate a workload or load a trace to begin.</p>;
  return (
    <section aria-label="Trace summary" className="summary">
      <h2>Trace</h2>
      <dl>
        <dt>Source</dt>
        <dd>{t.source}</dd>
        {t.format && (
          <>
            <dt>Format</dt>
            <dd>
              {t.format}
              {t.detected ? ' (detected)' : ''}
            </dd>
          </>
        )}
        <dt>Requests</dt>
        <dd>{fmtInt(t.requests)}</dd>
        <dt>Distinct pages</dt>
        <dd>{fmtInt(t.distinct)}</dd>
        <dt>Writes</dt>
        <dd>
          {fmtInt(t.writes)} ({fmtPct(t.requests ? t.writes / t.requests : 0)})
        </dd>
        {t.skipped ? (
          <>
            <dt>Skipped lines</dt>
            <dd>{fmtInt(t.skipped)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
