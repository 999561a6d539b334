#!/usr/bin/env bash
# Installs whatever is missing and builds the simulation core, so that `npm start`
# and `npm test` work on a fresh machine. Idempotent, and quick when all is there.
# usage: setup.sh app|test|bench
set -euo pipefail
mode="${1:-app}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH"
say() { echo "[setup] $* (at $SECONDS s)" >&2; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }
apt_install() {
  command -v apt-get >/dev/null || return 1
  say "installing $* with apt-get"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2 ||
    { as_root apt-get update -qq >&2 && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2; }
}

# npm packages, exactly as locked: installed again only when the lock file's content changed
# (not its date: a fresh checkout or worktree has a new lock file with the same content, and
# `npm ci` would empty a node_modules that other checkouts share)
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f node_modules/.package-lock.json ] || [ "$(cat node_modules/.cachescope-lock 2>/dev/null)" != "$lock_sum" ]; then
  say "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error >&2
  echo "$lock_sum" > node_modules/.cachescope-lock
fi

# Rust toolchain pieces
command -v cargo >/dev/null || { say "cargo is missing: install Rust with rustup first"; exit 1; }
if ! rustup target list --installed 2>/dev/null | grep -q '^wasm32-unknown-unknown$'; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown >&2
fi
if ! command -v wasm-pack >/dev/null; then
  say "installing wasm-pack (cargo install, about 3 minutes, once)"
  cargo install wasm-pack --locked >&2
fi

# A real Chromium for the end-to-end tests (Playwright's own download cannot work here)
if [ "$mode" = test ] && [ ! -x /usr/bin/chromium ]; then
  apt_install chromium || { say "could not install chromium"; exit 1; }
fi

# QuickJS (policies written in JavaScript) is C: its wasm32 build needs clang and lld
if ! command -v clang >/dev/null || ! command -v wasm-ld >/dev/null; then
  apt_install clang lld || { say "could not install clang and lld (QuickJS's WebAssembly build needs them)"; exit 1; }
fi

# The WASM core, two builds, each rebuilt only when its sources changed: src/wasm-pkg/ (what
# the first page load fetches) and src/wasm-pkg-js/ (the same core with the JavaScript engine
# for user policies, `--features js`; the worker loads it when a page first uses one)
build_pkg() { # out-dir, out-name, features, crates its sources live in
  local pkg="$1" name="$2" features="$3" crates="$4" stamp="$1/.built" stale=1
  if [ -f "$stamp" ] && [ -f "$pkg/${name}_bg.wasm" ]; then
    # shellcheck disable=SC2086
    newer=$(find wasm-core/Cargo.toml wasm-core/Cargo.lock $crates -newer "$stamp" \
      \( -name '*.rs' -o -name '*.js' -o -name 'Cargo.toml' -o -name 'Cargo.lock' \) -not -path '*/tests/*' -print -quit 2>/dev/null)
    [ -z "$newer" ] && stale=0
  fi
  [ -f "$pkg/catalog.json" ] || [ "$pkg" != src/wasm-pkg ] || stale=1
  if [ "$stale" = 1 ]; then
    say "building $pkg (wasm-pack${features:+ --features $features}; the first build also installs wasm-bindgen, about 5 minutes, once)"
    # The stamp takes the build's start time: a source saved while it runs is newer, so the next run builds again.
    local started; started=$(mktemp)
    (cd wasm-core/wasm && wasm-pack --quiet build --release --target web --no-pack \
      --out-dir "../../$pkg" --out-name "$name" -- ${features:+--features "$features"} >&2)
    if [ "$pkg" = src/wasm-pkg ]; then node wasm-core/scripts/catalog.mjs; fi
    touch -r "$started" "$stamp"
    rm -f "$started"
  fi
}
build_pkg src/wasm-pkg cachescope "" "wasm-core/sim wasm-core/wasm"
build_pkg src/wasm-pkg-js cachescope_js js "wasm-core/sim wasm-core/wasm wasm-core/js"

# The native runner. The parity tests use the test profile's build (src/test/runner.ts): the whole
# workspace built as `cargo test` builds it, so that step reuses it and CI does not build the
# core once more with release settings. The benchmark uses the release build, as `npm run sim` does.
if [ "$mode" = test ]; then
  say "building the workspace with the test profile (the runner the parity tests use)"
  (cd wasm-core && cargo build --quiet --profile test --workspace >&2)
  say "set up"
elif [ "$mode" = bench ]; then
  (cd wasm-core && cargo build --quiet --release -p cachescope-cli >&2)
fi
