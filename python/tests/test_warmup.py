"""warmup= and interval= count what slicing the per-request record by hand counts."""

import numpy as np
import pytest

import cachescope as cs


def test_warmup_and_intervals_equal_the_steps_sliced_by_hand():
    rng = np.random.default_rng(3)
    pages = (rng.zipf(1.3, 3000) % 400).tolist()
    writes = (rng.random(3000) < 0.3).astype(np.uint8)
    for policy in ["lru", "clock", "arc"]:
        hits = np.array([s["hit"] for s in cs.steps(pages, policy, 50, writes=writes)], dtype=np.int64)
        for warmup, w in [(700, 700), ("10%", 300)]:
            df = cs.simulate(pages, policy, 50, writes=writes, warmup=warmup, interval=1000)
            row = df.iloc[0]
            assert row["requests"] == 3000 - w
            assert row["hits"] == hits[w:].sum()
            want = [hits[w + k : w + k + 1000].mean() for k in range(0, 3000 - w, 1000)]
            assert row["interval"] == 1000
            assert row["interval_hit_ratio"] == pytest.approx(want, abs=1e-12)


def test_a_warmup_that_leaves_nothing_is_a_value_error():
    with pytest.raises(ValueError, match="leaves none of the trace's 3 requests"):
        cs.simulate([1, 2, 3], "lru", 2, warmup=3)
    with pytest.raises(ValueError, match="not a number of requests or a share"):
        cs.simulate([1, 2, 3], "lru", 2, warmup="lots")
