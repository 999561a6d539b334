"""Python's own inputs get ValueErrors naming the argument, never a TypeError about iteration, an
OverflowError from the binding, an empty table or a silent cast."""

import numpy as np
import pytest

import cachescope as cs

GEN = "generate:zipf:pages=100,alpha=1,length=1000"


def test_sizes_may_be_whole_floats_and_nothing_else():
    a = cs.simulate(GEN, "lru", 10.0)
    b = cs.simulate(GEN, "lru", [np.float64(10), 20])
    assert list(a["frames"]) == [10] and list(b["frames"]) == [10, 20]
    for bad, words in [(10.5, "a cache size must be a whole number"), (-5, "-5"),
                       ([], "sizes is empty"), (None, "sizes must be a number of frames"), (True, "must be a whole number")]:
        with pytest.raises(ValueError, match=words):
            cs.simulate(GEN, "lru", bad)


def test_no_policy_is_refused():
    with pytest.raises(ValueError, match="policies is empty"):
        cs.simulate(GEN, [], [10])


def test_a_nan_write_mask_is_refused_and_any_nonzero_is_a_write():
    with pytest.raises(ValueError, match=r"write mask holds NaN \(request 2\)"):
        cs.load(np.array([1, 2, 3]), np.array([0.0, np.nan, 1.0]))
    t = cs.load(np.array([1, 2, 3]), np.array([0, 2, 1]))
    assert t.writes == 2


def test_a_negative_page_size_is_a_value_error(tmp_path):
    f = tmp_path / "t.txt"
    f.write_text("1\n2\n")
    with pytest.raises(ValueError, match="page_size must be at least 1, got -4096"):
        cs.load(f, page_size=-4096)
