// The import rules of src/, checked by `npm run lint` (dependency-cruiser). Type
// imports count (`tsPreCompilationDeps`): a cycle through types still ties the
// files together. See ARCHITECTURE.md, "The parts".
const STORE = '^src/state/store\\.ts$';
const SLICE = '^src/state/[a-z]+Slice\\.ts$';
/** Tests may reach into any part; the layers hold for the code they test. */
const TEST = '\\.test\\.tsx?$';

module.exports = {
  forbidden: [
    {
      // The one accepted cycle: a Zustand slice names the store's type, the store is made of its slices.
      name: 'no-circular',
      comment: 'Files that import each other, type imports included. Only the store and its slices may (store.ts ↔ *Slice.ts).',
      severity: 'error',
      from: { pathNot: STORE },
      to: { circular: true, pathNot: STORE },
    },
    {
      name: 'no-circular-through-the-store',
      comment: 'Inside a cycle, only a slice may import the store.',
      severity: 'error',
      from: { pathNot: SLICE },
      to: { circular: true, path: STORE },
    },
    {
      name: 'worker-stays-in-its-thread',
      comment:
        'src/worker is the worker thread: nothing else imports it (the engine starts it by URL; the notebook widget, whose module has no files beside it, by `?worker&inline` in src/widget/inlineWorker.ts).',
      severity: 'error',
      from: { pathNot: ['^src/worker/', TEST, '^src/widget/inlineWorker\\.ts$'] },
      to: { path: '^src/worker/' },
    },
    {
      name: 'threads-below-the-page',
      comment: 'The worker and the engine serve the page: they import none of its state or views.',
      severity: 'error',
      from: { path: '^src/(worker|engine)/', pathNot: TEST },
      to: { path: '^src/(state|components|explorer|charts|reproduce|presets|hooks|yours)/' },
    },
    {
      name: 'worker-core-through-instance',
      comment:
        'Worker files take the WASM core from instance.ts, whose bindings switch to the build with the JavaScript engine when a user policy is first used.',
      severity: 'error',
      from: { path: '^src/worker/', pathNot: ['^src/worker/instance\\.ts$', TEST] },
      to: { path: '^src/wasm-pkg(-js)?/.*\\.js$' },
    },
    {
      name: 'shared-below-both-threads',
      comment: 'src/link and src/protocol serve both threads: they import neither thread nor the page.',
      severity: 'error',
      from: { path: '^src/(link|protocol)/', pathNot: TEST },
      to: { path: '^src/(state|engine|worker|components|explorer|charts|reproduce|presets|hooks|yours)/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: ['node_modules', '^src/wasm-pkg(-js)?/'] },
  },
};
