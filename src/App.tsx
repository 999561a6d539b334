import { useEffect } from 'react';
import { useApp } from './state/store';
import { selectCoreVersion, selectEngineStatus } from './state/selectors';
import { WorkloadPanel } from './components/WorkloadPanel';
import { ExperimentPanel } from './components/ExperimentPanel';
import { StatusBar } from './components/StatusBar';
import { TraceSummaryView } from './components/TraceSummaryView';
import { ResultsTable } from './components/ResultsTable';
import { HitRatioPanel } from './components/HitRatioPanel';

export function App() {
  const status = useApp(selectEngineStatus);
  const version = useApp(selectCoreVersion);
  const startEngine = useApp((s) => s.startEngine);
  useEffect(() => {
    void startEngine();
  }, [startEngine]);

  return (
    <div className="app">
      <header className="app-header">
        <h1>cachescope</h1>
        <p className="tagline">Page replacement and flash translation, step by step.</p>
        <span className="engine" aria-live="polite">
          {status === 'ready' ? `core ${version}` : status === 'starting' ? 'starting the simulation core…' : 'core failed to load'}
        </span>
      </header>
      <main className="layout">
        <aside className="controls">
          <WorkloadPanel />
          <ExperimentPanel />
        </aside>
        <section className="output" aria-label="Results">
          <StatusBar />
          <TraceSummaryView />
          <ResultsTable />
          <HitRatioPanel />
        </section>
      </main>
    </div>
  );
}
