import type { StateCreator } from 'zustand';
import type { AppState } from './store';
import { applyTheme, loadSettings, saveSettings, type Theme } from './settings';

/** `yours`: the editor of policies the user writes (loaded when first shown). */
export type View = 'compare' | 'explore' | 'reproduce' | 'yours';

export interface ViewSlice {
  view: View;
  setView(view: View): void;
  theme: Theme;
  setTheme(theme: Theme): void;
  /** Presentation mode: the sidebar hides, the view fills the screen, text grows. */
  presenting: boolean;
  setPresenting(on: boolean): void;
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
