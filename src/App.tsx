// UI: the page — sidebar, the view tabs (Compare, Explore, Reproduce) and the status bar.

import { useEffect } from 'react';
import { useApp } from './state/store';
import { selectCoreVersion, selectEngineStatus, selectPresenting, selectTheme, selectView } from './state/selectors';
import { WorkloadPanel } from './components/WorkloadPanel';
import { ExperimentPanel } from './components/ExperimentPanel';
import { CompareView } from './components/CompareView';
import { PresetGallery } from './components/PresetGallery';
import { ExplorerView } from './explorer/ExplorerView';
import { ReproduceView } from './reproduce/ReproduceView';
import type { View } from './link/types';
import { installUrlSync } from './state/url';

const VIEWS: { id: View; label: string }[] = [
  { id: 'compare', label: 'Compare' },
  { id: 'explore', label: 'Explore' },
  { id: 'reproduce', label: 'Reproduce' },
];

export function App() {
  const status = useApp(selectEngineStatus);
  const version = useApp(selectCoreVersion);
  const view = useApp(selectView);
  const theme = useApp(selectTheme);
  const presenting = useApp(selectPresenting);
  const { startEngine, setView, setTheme, setPresenting } = useApp.getState();
  useEffect(() => {
    void startEngine();
  }, [startEngine]);
  useEffect(() => installUrlSync(), []);
  // P toggles presentation mode (not while typing); leaving full screen leaves it too.
  useEffect(() => {
    const onKey = (ev: KeyboardEvent) => {
      const t = ev.target as HTMLElement | null;
      if (ev.key.toLowerCase() !== 'p' || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
      setPresenting(!useApp.getState().presenting);
    };
    const onFull = () => {
      if (!document.fullscreenElement && useApp.getState().presenting) setPresenting(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('fullscreenchange', onFull);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('fullscreenchange', onFull);
    };
  }, [setPresenting]);

  return (
    <div className={presenting ? 'app presenting' : 'app'}>
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
        <div className="view-tools">
          <button type="button" aria-pressed={presenting} onClick={() => setPresenting(!presenting)} title="P">
            Presentation
          </button>
          <label>
            Theme{' '}
            <select value={theme} onChange={(e) => setTheme(e.target.value as typeof theme)}>
              <option value="system">System</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </label>
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
          {view === 'compare' ? <CompareView /> : view === 'explore' ? <ExplorerView /> : <ReproduceView />}
        </div>
      </main>
    </div>
  );
}
