#!/usr/bin/env bash
# The Python package's tests, as `npm test` runs them: a virtual environment
# inside the project (.venv, ignored by git) with what the package and its tests
# need, the extension built by maturin with its own quick release profile, and
# pytest, a local Ray with two CPUs included. Quick when all is there. With --prepare it stops
# before pytest and adds JupyterLab (the notebook probe needs the environment, not the tests);
# with --deps it stops once the environment is installed (npm test runs that in the background from
# its start).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH"
say() { echo "[python] $*" >&2; }
venv=.venv
if [ ! -x "$venv/bin/python" ]; then
  say "creating $venv"
  python3 -m venv "$venv"
fi
stamp="$venv/.cachescope-deps"
if [ ! -f "$stamp" ] || [ python/scripts/test.sh -nt "$stamp" ]; then
  say "installing maturin, pytest, NumPy, pandas, tqdm, Ray, matplotlib, anywidget, nbclient and ipykernel"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "maturin>=1.5,<2" pytest numpy pandas tqdm "ray>=2.9" \
    matplotlib anywidget nbclient ipykernel
  touch "$stamp"
fi
[ "${1:-}" = --deps ] && exit 0
if [ "${1:-}" = --prepare ] && ! "$venv/bin/python" -c "import jupyterlab" 2>/dev/null; then
  say "installing JupyterLab (the notebook probe)"
  "$venv/bin/pip" install --quiet --disable-pip-version-check jupyterlab
fi
# The explorer widget's front end (cachescope/widget/explore.js): built again when the app's code
# or the WASM core changed since.
bundle=python/cachescope/widget/explore.js
if [ ! -f "$bundle" ] || [ -n "$(find src vite.widget.config.ts -newer "$bundle" -print -quit)" ]; then
  say "building the explorer widget"
  npm run --silent widget >&2
fi
say "building the extension"
(cd python && "../$venv/bin/maturin" develop --release --quiet >&2)
[ "${1:-}" = --prepare ] && exit 0
"$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests
