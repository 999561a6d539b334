// Runs in Node only (Vitest and Playwright): where the native runner is that the parity tests compare
// the WASM core with. It is the test profile's build, which `npm test` (setup.sh test, then cargo
// test) builds anyway, so CI compiles the core once more for it at no cost; the release build is
// for `npm run sim` and the benchmark.
import { fileURLToPath } from 'node:url';

export const RUNNER = fileURLToPath(new URL('../../wasm-core/target/debug/cachescope', import.meta.url));
