// UI: opening a teaching preset — its experiment applied and run, its sentence and view brought into sight.

import { applyExperiment, openExplore, stopAndWait } from '../state/url';
import { useApp } from '../state/store';
import type { Preset } from './presets';

/** Shows a preset's experiment with its sentence, runs it, and opens the view (and step) it names. */
export async function openPreset(p: Preset): Promise<void> {
  await stopAndWait();
  applyExperiment(p.experiment);
  useApp.setState({ watch: `${p.paper}: ${p.watch}`, linkProblems: [] });
  // The list of presets is in the sidebar, below the fold on a small screen: the page moves to the view's
  // top, where the sentence stands above the view it describes, once React has drawn them; and again
  // after the run, whose progress bar above the sentence has gone.
  requestAnimationFrame(showWatch);
  await useApp.getState().loadAndRun();
  openExplore(p.experiment);
  requestAnimationFrame(showWatch);
}

function showWatch(): void {
  document.querySelector('[aria-label="What to watch"]')?.scrollIntoView({ block: 'start', behavior: 'instant' });
}
