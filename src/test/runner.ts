// Runs in Node only (Vitest and Playwright): where the native runner is that the parity tests compare
// the WASM core with. It is the test profile's build: `npm test`'s set-up builds the workspace with
// that profile and `cargo test` reuses it, so the tests need no release build of their own (that one
// is for `npm run sim` and the benchmark).
import { fileURLToPath } from 'node:url';

export const RUNNER = fileURLToPath(new URL('../../wasm-core/target/debug/cachescope', import.meta.url));
