// UI: the editor's draft (name and source), kept while the "Your policy" tab is not shown.

import { create } from 'zustand';
import { CATALOG } from '../core/catalog';

export interface Draft {
  name: string;
  source: string;
  template: string;
  setName(name: string): void;
  setSource(source: string): void;
  setTemplate(id: string): void;
}

const templateSource = (id: string): string => CATALOG.templates.find((t) => t.id === id)?.source ?? '';

/** The first draft: the catalogue's first template under a name no built-in has. */
const first = CATALOG.templates[0]?.id ?? 'empty';

export const useDraft = create<Draft>()((set) => ({
  name: 'mine',
  source: templateSource(first),
  template: first,
  setName: (name) => set({ name }),
  setSource: (source) => set({ source }),
  /** Starts again from a template. */
  setTemplate: (template) => set({ template, source: templateSource(template) }),
}));
