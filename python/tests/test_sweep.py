"""sweep() on a local Ray with 2 CPUs gives the local table; a killed task is retried and reported."""

import numpy as np
import pandas as pd
import pytest

import cachescope as cs

ray = pytest.importorskip("ray", reason="Ray is installed by npm test's Python environment")

POLICIES = ["lru", "clock", "arc", "s3-fifo"]
SIZES = [20, 100, "10%"]


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.fixture
def traces(trace_file):
    rng = np.random.default_rng(3)
    array = (rng.zipf(1.3, 5000) % 900).astype(np.int64)
    return ["generate:zipf:pages=600,alpha=0.8,length=6000,writes=0.2,seed=2", str(trace_file), array]


def test_ray_gives_the_local_table(cluster, traces):
    local = cs.sweep(traces, POLICIES, SIZES, engine="local")
    on_ray = cs.sweep(traces, POLICIES, SIZES, engine="ray", policy_group=2, size_group=2)
    assert len(local) == 3 * 4 * 3
    pd.testing.assert_frame_equal(local, on_ray)
    assert on_ray.attrs["retries"] == []
    assert list(local["trace"].unique()) == [traces[0], traces[1], "array 2"]


def test_a_task_killed_once_is_retried_and_reported(cluster, traces, tmp_path):
    marker = tmp_path / "killed-once"
    df = cs.sweep(traces[:2], POLICIES[:2], SIZES[:2], engine="ray", _fault=str(marker))
    assert marker.exists(), "one attempt was killed"
    retries = df.attrs["retries"]
    assert len(retries) == 1 and retries[0]["attempt"] == 1 and retries[0]["error"]
    pd.testing.assert_frame_equal(df, cs.sweep(traces[:2], POLICIES[:2], SIZES[:2], engine="local"))


def test_a_task_that_keeps_failing_is_an_error_not_a_missing_row(cluster, traces):
    with pytest.raises(ValueError, match="unknown policy"):
        cs.sweep(traces[:1], ["lruu"], [10], engine="ray")


def test_the_command_line_sweep_writes_the_table_of_sweep(tmp_path, traces):
    import json
    import subprocess
    import sys

    grid = {"traces": traces[:2], "policies": POLICIES[:2], "sizes": SIZES, "size_group": 2}
    (tmp_path / "grid.json").write_text(json.dumps(grid))
    out = tmp_path / "out.csv"
    p = subprocess.run([sys.executable, "-m", "cachescope", "sweep", str(tmp_path / "grid.json"), "--out", str(out)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    got = pd.read_csv(out)
    want = cs.sweep(traces[:2], POLICIES[:2], SIZES, engine="local")
    assert list(got["hits"]) == list(want["hits"]) and list(got["frames"]) == list(want["frames"])
    (tmp_path / "bad.json").write_text(json.dumps({**grid, "colour": 1}))
    p = subprocess.run([sys.executable, "-m", "cachescope", "sweep", str(tmp_path / "bad.json")], capture_output=True, text=True)
    assert p.returncode == 2 and "unknown keys ['colour']" in p.stderr
