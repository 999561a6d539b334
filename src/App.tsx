import { useEffect } from 'react';
import { useApp } from './state/store';
import { selectCoreVersion, selectEngineStatus, selectView } from './state/selectors';
import { WorkloadPanel } from './components/WorkloadPanel';
import { ExperimentPanel } from './components/ExperimentPanel';
import { CompareView } from './components/CompareView';
import { PresetGallery } from './components/PresetGallery';
import { ExplorerView } from './explorer/ExplorerView';
import type { View } from './state/viewSlice';
import { installUrlSync } from './state/url';

const VIEWS: { id: View; label: string }[] = [
  { id: 'compare', label: 'Compare' },
  { id: 'explore', label: 'Explore' },
];

export function App() {
  const status = useApp(selectEngineStatus);
  const version = useApp(selectCoreVersion);
  const view = useApp(selectView);
  const { startEngine, setView } = useApp.getState();
  useEffect(() => {
    void startEngine();
  }, [startEngine]);
  useEffect(() => installUrlSync(), []);

  return (
    <div className="app">
      <header className="app-header">
        <h1>cachescope</h1>
        <p className="tagline">Page replacement and flash translation, step by step.</p>
        <div role="tablist" aria-label="Views" className="tabs">
          {VIEWS.map((v) => (
            <button key={v.id} role="tab" type="button" aria-selected={view === v.id} onClick={() => setView(v.id)}>
              {v.label}
            </button>
          ))}
        </div>
        <span className="engine" aria-live="polite">
          {status === 'ready' ? `core ${version}` : status === 'starting' ? 'starting the simulation core…' : 'core failed to load'}
        </span>
      </header>
      <main className="layout">
        <aside className="controls">
          <WorkloadPanel />
          <ExperimentPanel />
          <PresetGallery />
        </aside>
        <div role="tabpanel" aria-label={VIEWS.find((v) => v.id === view)?.label}>
          {view === 'compare' ? <CompareView /> : <ExplorerView />}
        </div>
      </main>
    </div>
  );
}
