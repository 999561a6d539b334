#!/usr/bin/env bash
# `npm run --silent sim -- ARGS`: the native runner, built on demand (build output
# goes to stderr so that --json output on stdout stays clean).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
export PATH="$HOME/.cargo/bin:$PATH"
(cd "$root/wasm-core" && cargo build --quiet --release -p cachescope-cli >&2)
exec "$root/wasm-core/target/release/cachescope" "$@"
