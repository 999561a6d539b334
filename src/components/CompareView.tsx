import { StatusBar } from './StatusBar';
import { TraceSummaryView } from './TraceSummaryView';
import { ResultsTable } from './ResultsTable';
import { HitRatioPanel } from './HitRatioPanel';

/** Side-by-side runs of several policies and cache sizes on the loaded trace. */
export function CompareView() {
  return (
    <section className="output" aria-label="Results">
      <StatusBar />
      <TraceSummaryView />
      <ResultsTable />
      <HitRatioPanel />
    </section>
  );
}
