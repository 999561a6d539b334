import { useApp } from '../state/store';
import { selectWatch } from '../state/selectors';
import { StatusBar } from './StatusBar';
import { TraceSummaryView } from './TraceSummaryView';
import { ResultsTable } from './ResultsTable';
import { HitRatioPanel } from './HitRatioPanel';
import { ComparisonCharts } from './ComparisonCharts';
import { SharePanel } from './SharePanel';
import { FlashCharts } from './FlashCharts';

/** Side-by-side runs of several policies and cache sizes on the loaded trace. */
export function CompareView() {
  const watch = useApp(selectWatch);
  return (
    <section className="output" aria-label="Results">
      <StatusBar />
      {watch && (
        <aside className="watch" aria-label="What to watch">
          <p>{watch}</p>
          <button type="button" className="small" onClick={() => useApp.setState({ watch: null })}>
            Hide
          </button>
        </aside>
      )}
      <TraceSummaryView />
      <ResultsTable />
      <SharePanel />
      <HitRatioPanel />
      <ComparisonCharts />
      <FlashCharts />
    </section>
  );
}
