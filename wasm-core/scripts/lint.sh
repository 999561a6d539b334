#!/usr/bin/env bash
# Lint and format checks, all of them: rustfmt and
# clippy over the Rust workspace and the Python extension, ESLint, Prettier and the import rules
# (dependency-cruiser: no import cycles but the store's with its slices, type imports counted) over the TypeScript.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH"
for c in rustfmt clippy; do
  rustup component list --installed 2>/dev/null | grep -q "^$c" || rustup component add "$c" >&2
done
# The TypeScript checks (one core each, in Node) run beside the Rust ones (whose compiles leave a
# core idle at times); their output is printed after, in order.
js="$(mktemp)"
(
  set -e
  echo "== eslint" && npx eslint --max-warnings 0 .
  echo "== prettier" && npx prettier --check --log-level warn .
  echo "== import cycles and layers" && npx --no-install depcruise --config .dependency-cruiser.cjs src
) >"$js" 2>&1 &
jspid=$!
rust=0
{
  echo "== rustfmt" && (cd wasm-core && cargo fmt --all --check) &&
    echo "== clippy" && (cd wasm-core && cargo clippy --workspace --all-targets --quiet -- -D warnings &&
    cargo clippy -p cachescope-wasm --features js --all-targets --quiet -- -D warnings) &&
    echo "== rustfmt, clippy (python extension)" &&
    (cd python && cargo fmt --check && cargo clippy --all-targets --quiet -- -D warnings)
} || rust=1
ts=0
wait "$jspid" || ts=1
cat "$js"
rm -f "$js"
[ "$rust" = 0 ] && [ "$ts" = 0 ] || { echo "lint: problems above" >&2; exit 1; }
echo "lint: clean"
