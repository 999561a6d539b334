"""The checkout holds sources only: the extension maturin builds is neither tracked nor left unignored."""

import shutil
import subprocess

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
