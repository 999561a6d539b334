// UI: named selectors: components read state only through these.
import type { AppState } from './store';

export const selectGenerator = (s: AppState) => s.generator;
export const selectSourceKind = (s: AppState) => s.sourceKind;
export const selectFile = (s: AppState) => s.file;
export const selectLoadSettings = (s: AppState) => s.load;
export const selectPolicies = (s: AppState) => s.policies;
export const selectFramesText = (s: AppState) => s.framesText;
export const selectCost = (s: AppState) => s.cost;
export const selectFlush = (s: AppState) => s.flush;
export const selectCollapse = (s: AppState) => s.collapse;
export const selectWarmup = (s: AppState) => s.warmup;
export const selectInterval = (s: AppState) => s.interval;
export const selectOverBudget = (s: AppState) => s.overBudget;
export const selectTrace = (s: AppState) => s.trace;
export const selectBusy = (s: AppState) => s.busy;
/** Whether the worker is busy, not how far along: panels that only enable or disable a button re-render twice a run, not with every progress. */
export const selectIsBusy = (s: AppState) => s.busy !== null;
export const selectResults = (s: AppState) => s.results;
export const selectHasResults = (s: AppState) => s.results.length > 0;
export const selectError = (s: AppState) => s.error;
export const selectNotice = (s: AppState) => s.notice;
export const selectEngineStatus = (s: AppState) => s.engineStatus;
export const selectCoreVersion = (s: AppState) => s.coreVersion;
export const selectCanRun = (s: AppState) => s.trace !== null && s.busy === null && s.policies.length > 0;
export const selectAwaiting = (s: AppState) => s.awaiting;
export const selectUpload = (s: AppState) => s.upload;
export const selectBaseline = (s: AppState) => s.baseline;
export const selectLinkProblems = (s: AppState) => s.linkProblems;
export const selectRunSerial = (s: AppState) => s.runSerial;
export const selectView = (s: AppState) => s.view;
export const selectWatch = (s: AppState) => s.watch;
export const selectShareInputs = (s: AppState) => s.runSerial;
export const selectFlash = (s: AppState) => s.flash;
export const selectTheme = (s: AppState) => s.theme;
export const selectPresenting = (s: AppState) => s.presenting;
export const selectEmbed = (s: AppState) => s.embed;
/** The Explore tab as a stage (drawing, narration, controls and status on one screen): presenting or embedded. */
export const selectStaged = (s: AppState) => s.presenting || s.embed;
export const selectOwn = (s: AppState) => s.own;
export const selectOwnProblem = (s: AppState) => s.ownProblem;
export const selectOwnFromLink = (s: AppState) => s.ownFromLink;
