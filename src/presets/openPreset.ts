// UI: opening a teaching preset — its experiment applied and run.

import { applyExperiment, openExplore, stopAndWait } from '../state/url';
import { useApp } from '../state/store';
import type { Preset } from './presets';

/** Shows a preset's experiment with its sentence, runs it, and opens the view (and step) it names. */
export async function openPreset(p: Preset): Promise<void> {
  await stopAndWait();
  applyExperiment(p.experiment);
  useApp.setState({ watch: `${p.paper}: ${p.watch}`, linkProblems: [] });
  await useApp.getState().loadAndRun();
  openExplore(p.experiment);
}
