#!/usr/bin/env bash
# Every test: lint and format, Rust (core, adapter, runner), TypeScript types, Vitest (including the
# WASM-vs-native parity tests), Playwright in a real Chromium, and the Python package.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH"
# Each step prints the seconds since the start, so a slow CI run says where its time went.
step() { printf '\n== %s (at %d s)\n' "$*" "$SECONDS"; }

# The Python environment (pip downloading and unpacking Ray, pandas, matplotlib…: a minute or two on a
# fresh clone) installs in the background from the start; the Python step waits for it. (Building
# the extension there too was tried: the set-up and lint took as long again as the Python step saved.)
pylog="$(mktemp)"
bash python/scripts/test.sh --deps >"$pylog" 2>&1 &
pydeps=$!

step "set-up (npm packages, the WASM core, the runner; what is missing)"
bash wasm-core/scripts/setup.sh test

step "lint (rustfmt, clippy, ESLint, Prettier)"
bash wasm-core/scripts/lint.sh

step "cargo test (native core, adapter, runner)"
(cd wasm-core && cargo test --workspace --quiet)

step "typecheck"
npx tsc --noEmit -p tsconfig.json

step "vitest"
npx vitest run

step "vite build"
npx vite build --logLevel warn

step "playwright (Chromium)"
npx playwright test

step "python (the cachescope package: pytest, a local Ray with 2 CPUs, the example notebook)"
if ! wait "$pydeps"; then
  cat "$pylog" >&2
  echo "the Python environment did not install (above)" >&2
  exit 1
fi
cat "$pylog" >&2
rm -f "$pylog"
bash python/scripts/test.sh

# JupyterLab stepping the example notebook's explorer widget is opt-in (`npm run probe:notebook`,
# about 2 minutes with its install): with it `npm test` passed 20 minutes on a fresh clone.

step "all passed"
