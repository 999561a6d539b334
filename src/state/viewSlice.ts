// UI: the store's slice for how the page looks — the view shown, the theme, presentation mode.

import type { StateCreator } from 'zustand';
import type { AppState } from './store';
import type { View } from '../link/types';
import { applyTheme, loadSettings, saveSettings, type Theme } from './settings';

export interface ViewSlice {
  view: View;
  setView(view: View): void;
  theme: Theme;
  setTheme(theme: Theme): void;
  /** Presentation mode: the sidebar hides, the view fills the screen, text grows. */
  presenting: boolean;
  setPresenting(on: boolean): void;
  /** Embedded (`embed=1` in the link): the page shows the Explore stage alone, sized to its frame. */
  embed: boolean;
}

export const createViewSlice: StateCreator<AppState, [], [], ViewSlice> = (set) => {
  const { theme } = loadSettings();
  applyTheme(theme);
  return {
    view: 'compare',
    setView: (view) => set({ view }),
    theme,
    setTheme: (theme) => {
      applyTheme(theme);
      saveSettings({ theme });
      set({ theme });
    },
    embed: false,
    presenting: false,
    setPresenting: (presenting) => {
      set({ presenting });
      if (typeof document === 'undefined') return;
      // On the root, so that every rem-sized text grows with it.
      document.documentElement.classList.toggle('presenting', presenting);
      // Full screen where the browser allows it; the layout change works without it.
      if (presenting && !document.fullscreenElement) document.documentElement.requestFullscreen?.().catch(() => undefined);
      if (!presenting && document.fullscreenElement) document.exitFullscreen?.().catch(() => undefined);
    },
  };
};
