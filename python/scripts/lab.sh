#!/usr/bin/env bash
# JupyterLab from the project's .venv on a copy of the example notebook, for the notebook test
# (a step of `npm test`; alone, `npm run probe:notebook`), started by playwright.notebook.config.ts. The copy
# lives in a temporary folder with Jupyter's own settings, so running cells changes nothing in the
# repository or in ~/.jupyter. Served on 127.0.0.1 only, with a token; its log goes to
# test-results/jupyterlab.log.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
port="${JUPYTER_PORT:-8901}"
token="${JUPYTER_TOKEN:-cachescope-probe}"
venv=.venv # made by python/scripts/test.sh, JupyterLab included
work="$(mktemp -d)"
mkdir -p test-results
cp python/examples/study.ipynb "$work/"
export JUPYTER_CONFIG_DIR="$work/.jupyter" JUPYTER_RUNTIME_DIR="$work/.runtime" JUPYTERLAB_WORKSPACES_DIR="$work/.workspaces"
# The notebook starts its kernel without asking, and no news pop-up covers the page.
export JUPYTERLAB_SETTINGS_DIR="$work/.settings"
mkdir -p "$JUPYTERLAB_SETTINGS_DIR/@jupyterlab/notebook-extension" "$JUPYTERLAB_SETTINGS_DIR/@jupyterlab/apputils-extension"
echo '{"autoStartDefaultKernel": true}' >"$JUPYTERLAB_SETTINGS_DIR/@jupyterlab/notebook-extension/tracker.jupyterlab-settings"
echo '{"fetchNews": "false"}' >"$JUPYTERLAB_SETTINGS_DIR/@jupyterlab/apputils-extension/notification.jupyterlab-settings"
"$venv/bin/jupyter" lab --no-browser --ip=127.0.0.1 --port="$port" --port-retries=0 \
  --IdentityProvider.token="$token" --ServerApp.root_dir="$work" --ServerApp.open_browser=False \
  --LabApp.news_url=None --LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate \
  --LabApp.extension_manager=readonly --allow-root >test-results/jupyterlab.log 2>&1 &
lab=$!
trap 'kill "$lab" 2>/dev/null || true; wait "$lab" 2>/dev/null || true; rm -rf "$work"' EXIT INT TERM
wait "$lab"
