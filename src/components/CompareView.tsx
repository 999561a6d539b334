// UI: the Compare view — the experiment’s charts, results table and exports.

import { LinkCode } from './LinkCode';
import { WatchNote } from './WatchNote';
import { StatusBar } from './StatusBar';
import { TraceSummaryView } from './TraceSummaryView';
import { TracePanel } from './TracePanel';
import { ResultsTable } from './ResultsTable';
import { HitRatioPanel } from './HitRatioPanel';
import { ComparisonCharts } from './ComparisonCharts';
import { SharePanel } from './SharePanel';
import { FlashCharts } from './FlashCharts';
import { CurvesPanel } from './CurvesPanel';
import { BatchPanel } from './BatchPanel';

/** Side-by-side runs of several policies and cache sizes on the loaded trace. */
export function CompareView() {
  return (
    <section className="output" aria-label="Results">
      <StatusBar />
      <WatchNote />
      <LinkCode />
      <TraceSummaryView />
      <TracePanel />
      <ResultsTable />
      <SharePanel />
      <HitRatioPanel />
      <ComparisonCharts />
      <CurvesPanel />
      <BatchPanel />
      <FlashCharts />
    </section>
  );
}
