import type { StateCreator } from 'zustand';
import type { AppState } from './store';

export type View = 'compare' | 'explore';

export interface ViewSlice {
  view: View;
  setView(view: View): void;
}

export const createViewSlice: StateCreator<AppState, [], [], ViewSlice> = (set) => ({
  view: 'compare',
  setView: (view) => set({ view }),
});
