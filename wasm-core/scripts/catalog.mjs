// Writes the core's catalogue (policies, FTLs, formats, generators, limits, defaults)
// next to the WASM build, as src/wasm-pkg/catalog.json, for the UI to import. It is
// the WASM module's own `catalog()`, so the UI and the worker read one document.
import { readFileSync, writeFileSync } from 'node:fs';

const pkg = new URL('../../src/wasm-pkg/', import.meta.url);
const core = await import(new URL('cachescope.js', pkg).href);
core.initSync({ module: readFileSync(new URL('cachescope_bg.wasm', pkg)) });
writeFileSync(new URL('catalog.json', pkg), `${JSON.stringify(JSON.parse(core.catalog()), null, 1)}\n`);
