// UI: the results as the charts see them: the store's, at most twice a second.
// The table follows every committed frame (it draws only the rows in view); a
// chart redraws its series, so while thousands of results arrive it redraws a
// couple of times a second instead of sixty.

import { create } from 'zustand';
import { useApp } from './store';
import type { RunResultView } from './runSlice';

/** The charts' pace while results arrive. */
export const CHART_EVERY_MS = 500;

export const useChartResults = create<{ results: RunResultView[] }>()(() => ({ results: useApp.getState().results }));

export const selectChartResults = (s: { results: RunResultView[] }) => s.results;

let timer: ReturnType<typeof setTimeout> | null = null;
let last = -Infinity;

function mirror(): void {
  timer = null;
  last = performance.now();
  useChartResults.setState({ results: useApp.getState().results });
}

useApp.subscribe((s, prev) => {
  if (s.results === prev.results || timer !== null) return;
  // Always in a task of its own, never in the table's. Cleared results (a new run or trace) leave the charts at once.
  const wait = s.results.length === 0 ? 0 : last + CHART_EVERY_MS - performance.now();
  timer = setTimeout(mirror, Math.max(0, wait));
});
