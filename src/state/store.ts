// UI: the app’s Zustand store, made of its slices (each names the store’s type).

import { create } from 'zustand';
import { createExperimentSlice, type ExperimentSlice } from './experimentSlice';
import { createRunSlice, type RunSlice } from './runSlice';
import { createViewSlice, type ViewSlice } from './viewSlice';
import { createWorkloadSlice, type WorkloadSlice } from './workloadSlice';

export type AppState = WorkloadSlice & ExperimentSlice & RunSlice & ViewSlice;

export const useApp = create<AppState>()((...a) => ({
  ...createWorkloadSlice(...a),
  ...createExperimentSlice(...a),
  ...createRunSlice(...a),
  ...createViewSlice(...a),
}));
