"""The checkout holds sources only: the extension maturin builds is neither tracked nor left unignored."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT


def git(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)


@pytest.mark.skipif(shutil.which("git") is None or git("rev-parse").returncode != 0, reason="not a git checkout")
def test_the_built_extension_is_not_tracked_and_is_ignored():
    tracked = git("ls-files", "python/cachescope").stdout.split()
    assert not [f for f in tracked if f.endswith((".so", ".pyd"))], tracked
    for built in ("python/cachescope/_core.abi3.so", "python/cachescope/_core.cpython-311-x86_64-linux-gnu.so"):
        assert git("check-ignore", "-q", built).returncode == 0, f"{built} is not ignored"


@pytest.mark.skipif(shutil.which("cargo") is None, reason="needs cargo")
def test_the_extension_builds_out_of_the_python_tree():
    # pip install ./python and maturin develop run cargo from python/: its build
    # output must not land in python/target.
    env = {k: v for k, v in os.environ.items() if k != "CARGO_TARGET_DIR"}
    p = subprocess.run(["cargo", "metadata", "--format-version", "1", "--no-deps"], cwd=ROOT / "python",
                       capture_output=True, text=True, env=env)
    assert p.returncode == 0, p.stderr
    target = Path(json.loads(p.stdout)["target_directory"]).resolve()
    assert not target.is_relative_to((ROOT / "python").resolve()), target
