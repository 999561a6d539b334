// UI: the page — sidebar, the view tabs (Compare, Explore, Reproduce, Your policy) and the status bar.

import { lazy, Suspense, useEffect } from 'react';
import { useApp } from './state/store';
import { selectCoreVersion, selectEmbed, selectEngineStatus, selectPresenting, selectTheme, selectView } from './state/selectors';
import { WorkloadPanel } from './components/WorkloadPanel';
import { ExperimentPanel } from './components/ExperimentPanel';
import { CompareView } from './components/CompareView';
import { PresetGallery } from './components/PresetGallery';
import { ExplorerView } from './explorer/ExplorerView';
import { ReproduceView } from './reproduce/ReproduceView';
import type { View } from './link/types';
import { installUrlSync } from './state/url';
import { ExercisePanel } from './explorer/ExercisePanel';
import { selectExerciseLocked, useExercise } from './explorer/exerciseStore';

// The editor of your own policies (CodeMirror and all) loads when its tab is first shown.
const OwnView = lazy(() => import('./yours/OwnView'));

const VIEWS: { id: View; label: string }[] = [
  { id: 'compare', label: 'Compare' },
  { id: 'explore', label: 'Explore' },
  { id: 'reproduce', label: 'Reproduce' },
  { id: 'yours', label: 'Your policy' },
];

export function App() {
  const status = useApp(selectEngineStatus);
  const version = useApp(selectCoreVersion);
  const view = useApp(selectView);
  const theme = useApp(selectTheme);
  const presenting = useApp(selectPresenting);
  // An exercise hides the Compare tab (its counts are the answers) until it is submitted.
  const locked = useExercise(selectExerciseLocked);
  const views = locked ? VIEWS.filter((v) => v.id !== 'compare') : VIEWS;
  const embed = useApp(selectEmbed);
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

  // Embedded in a course page or a slide (`embed=1`): the Explore stage alone.
  if (embed)
    return (
      <div className="app embed">
        <main className="layout" aria-label="cachescope explorer">
          <ExplorerView />
        </main>
      </div>
    );
  return (
    <div className={`app${presenting ? ' presenting' : ''} view-${view}`}>
      <header className="app-header">
        <h1>cachescope</h1>
        <p className="tagline">Page replacement and flash translation, step by step.</p>
        <div role="tablist" aria-label="Views" className="tabs">
          {views.map((v) => (
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
          <ExercisePanel />
          {view === 'compare' && !locked ? (
            <CompareView />
          ) : view === 'explore' || view === 'compare' ? (
            <ExplorerView />
          ) : view === 'reproduce' ? (
            <ReproduceView />
          ) : (
            <Suspense fallback={<p className="placeholder">Loading the editor…</p>}>
              <OwnView />
            </Suspense>
          )}
        </div>
      </main>
    </div>
  );
}
