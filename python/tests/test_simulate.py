"""simulate() is the runner: the same rows for every policy, on a generated trace and on files."""

import numpy as np
import pandas as pd
import pytest

import cachescope as cs
from conftest import FIXTURES, runner_json

COLUMNS = ["policy", "frames", "requests", "hits", "misses", "hit_ratio", "reads", "writebacks", "flushed", "cost"]
GEN = "zipf:pages=800,alpha=0.9,length=8000,writes=0.3,seed=4"


def runner_frame(*args: str) -> pd.DataFrame:
    rows = runner_json(*args)["results"]
    for r in rows:
        for k, v in r.pop("flash", {}).items():
            r[f"flash_{k}"] = v
    return pd.DataFrame(rows)


def same(a: pd.DataFrame, b: pd.DataFrame, columns) -> None:
    pd.testing.assert_frame_equal(a[columns].reset_index(drop=True), b[columns].reset_index(drop=True), check_dtype=False)


@pytest.mark.parametrize("source", ["generated", "file", "fixture"])
def test_every_policy_at_two_sizes_equals_the_runner(source, policy_ids, trace_file):
    trace, args = {
        "generated": (f"generate:{GEN}", ["--generate", GEN]),
        "file": (trace_file, ["--trace", str(trace_file)]),
        "fixture": (FIXTURES / "msr.csv", ["--trace", str(FIXTURES / "msr.csv")]),
    }[source]
    df = cs.simulate(trace, policy_ids, [3, "10%"], progress=True)
    want = runner_frame(*args, "--policy", ",".join(policy_ids), "--frames", "3,10%")
    same(df, want, COLUMNS)
    assert list(df["params"]) == list(want["params"])


def test_flash_metrics_flatten_to_columns_and_equal_the_runner(trace_file):
    flash = {"ftl": "page", "blocks": 160, "pages_per_block": 32, "regions": 2, "overprovision": 0.2}
    df = cs.simulate(trace_file, ["lru", "cflru"], [50], flash=flash, cost={"read": 1, "write": 8}, collapse_repeats=True)
    want = runner_frame(
        "--trace", str(trace_file), "--policy", "lru,cflru", "--frames", "50", "--blocks", "160", "--overprovision", "0.2",
        "--pages-per-block", "32", "--regions", "2", "--read-cost", "1", "--write-cost", "8", "--collapse-repeats",
    )
    flash_cols = [c for c in want.columns if c.startswith("flash_")]
    assert "flash_waf" in flash_cols and isinstance(df["flash_block_util"][0], list)
    same(df, want, COLUMNS + flash_cols)


def test_an_array_with_a_write_mask_is_the_same_trace_as_its_file(trace_file):
    lines = trace_file.read_text().split()
    pages, writes = [], []
    for tok in lines:
        if tok == "W":
            writes[-1] = True
        else:
            pages.append(int(tok))
            writes.append(False)
    a = cs.simulate(np.array(pages, dtype=np.int64), ["lru", "arc"], [40], writes=np.array(writes))
    b = cs.simulate(trace_file, ["lru", "arc"], [40])
    same(a, b, COLUMNS)


def test_generate_gives_the_trace_the_runner_runs():
    g = cs.generate(f"generate:{GEN}")
    assert len(g) == 8000 and g["write"].mean() == pytest.approx(0.3, abs=0.03)
    again = cs.simulate(g["page"].to_numpy(), "lru", [100], writes=g["write"].to_numpy())
    assert again["hits"][0] == runner_json("--generate", GEN, "--frames", "100")["results"][0]["hits"]


def test_streaming_a_file_equals_loading_it(policy_ids, trace_file):
    # OPT and UNOPT read the whole trace ahead, so they cannot stream.
    ahead = ["opt", "unopt"]
    pols = [p for p in policy_ids if p not in ahead]
    streamed = cs.simulate(trace_file, pols, [25, "5%"], stream=True, flush=True)
    loaded = cs.simulate(trace_file, pols, [25, "5%"], flush=True)
    same(streamed, loaded, COLUMNS)
    for p in ahead:
        with pytest.raises(ValueError, match="cannot stream"):
            cs.simulate(trace_file, [p], [5], stream=True)


def test_mrc_is_the_runners_curve(trace_file):
    df = cs.mrc(trace_file, ["lru", "clock", "opt"])
    want = runner_json("--trace", str(trace_file), "--mrc", "--policy", "lru,clock,opt")["mrc"]
    for p in ["lru", "clock", "opt"]:
        got = df[df["policy"] == p]
        assert list(got["frames"]) == want[p]["frames"]
        assert np.allclose(got["miss_ratio"], want[p]["miss_ratio"], rtol=0, atol=1e-15)
        assert got["method"].iloc[0] == want[p]["method"]


def test_catalog_lists_every_policy_and_the_curves_defaults():
    c = cs.catalog()
    assert {"lru", "w-tinylfu", "s3-fifo"} <= {p["id"] for p in c["policies"]}
    options = {o["key"]: o["default"] for o in c["curves"]["options"]}
    assert options == {"sample_pages": 2048, "samples": 4, "sample_seed": 0, "adjust": True, "stratify": True}


SAMPLED = "zipf:pages=6000,alpha=0.8,length=40000,writes=0.2,seed=3"


def test_mrc_sampling_options_are_the_runners_and_carry_an_error_estimate():
    sizes = [60, 300, 1500]
    opts = {"sample_pages": 512, "samples": 3, "sample_seed": 5, "adjust": False, "stratify": True}
    df = cs.mrc(f"generate:{SAMPLED}", ["clock", "lru"], sizes, **opts)
    flags = ["--sample-pages", "512", "--samples", "3", "--sample-seed", "5", "--adjust", "off", "--stratify", "on"]
    want = runner_json("--generate", SAMPLED, "--mrc", "--policy", "clock,lru", "--frames", "60,300,1500", *flags)
    assert want["options"]["sampling"] == opts
    clock = df[df["policy"] == "clock"]
    assert np.allclose(clock["miss_ratio"], want["mrc"]["clock"]["miss_ratio"], rtol=0, atol=1e-15)
    assert np.allclose(clock["error"], want["mrc"]["clock"]["error"], rtol=0, atol=1e-15)
    assert (clock["error"] > 0).all() and (clock["samples"] == 3).all()
    lru = df[df["policy"] == "lru"]
    assert (lru["error"] == 0).all(), "an exact curve has no error"
    # Another seed draws other samples; the adjustment changes the estimate.
    other = cs.mrc(f"generate:{SAMPLED}", "clock", sizes, **{**opts, "sample_seed": 6})
    assert not np.allclose(other["miss_ratio"], clock["miss_ratio"], rtol=0, atol=1e-12)
    adjusted = cs.mrc(f"generate:{SAMPLED}", "clock", sizes, **{**opts, "adjust": True})
    assert not np.allclose(adjusted["miss_ratio"], clock["miss_ratio"], rtol=0, atol=1e-12)
    one = cs.mrc(f"generate:{SAMPLED}", "clock", sizes, sample_pages=512, samples=1)
    assert one["error"].isna().all(), "one sample gives no error estimate"


def test_mrc_refuses_bad_sampling_options():
    with pytest.raises(ValueError, match="samples"):
        cs.mrc(f"generate:{SAMPLED}", "clock", samples=0)
    with pytest.raises(ValueError, match="sample_pages"):
        cs.mrc(f"generate:{SAMPLED}", "clock", sample_pages=-1)


def test_long_calls_release_the_gil():
    """Another thread runs while the core simulates: the GIL is not held during the call."""
    import threading

    t = cs.load("generate:zipf:pages=200000,alpha=1,length=10000000,seed=5")
    started = threading.Event()
    out = {}

    options = cs._options(None, False, False)

    def work():
        started.set()
        out["row"] = cs._core.run_cell(t, "arc", 1000, "{}", options, None)

    th = threading.Thread(target=work)
    th.start()
    started.wait()
    spins = 0
    while th.is_alive():
        spins += 1
    th.join()
    assert '"requests":10000000' in out["row"]
    # With the GIL held for the whole call this thread could not have run meanwhile
    # (a few switch intervals at most before the call starts).
    assert spins > 200_000
