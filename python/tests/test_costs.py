"""Costs are checked once, in the core, for every surface: a negative cost or one whose total a
result cannot hold is a ValueError with the runner's words, never a total of None or 0."""

import pytest

import cachescope as cs
from conftest import runner_error

GEN = "zipf:pages=100,alpha=1,length=1000"


@pytest.mark.parametrize(
    "cost, flags, words",
    [
        ({"read": -5, "write": 1}, ["--read-cost", "-5"], "the read cost must be a number ≥ 0, got -5"),
        ({"read": 1e308, "write": 1}, ["--read-cost", "1e308"], "a read cost of 1e308"),
        ({"read": 1, "write": 1e306}, ["--write-cost", "1e306"], "give the costs in a larger unit"),
    ],
)
def test_costs_are_checked_as_the_runner_checks_them(cost, flags, words):
    with pytest.raises(ValueError) as e:
        cs.simulate(f"generate:{GEN}", "lru", [10], cost=cost)
    assert words in str(e.value)
    assert str(e.value) == runner_error("--generate", GEN, "--frames", "10", *flags)


def test_a_large_cost_that_fits_gives_its_total():
    df = cs.simulate(f"generate:{GEN}", "lru", [10], cost={"read": 1e300, "write": 0})
    assert df["cost"][0] == pytest.approx(df["misses"][0] * 1e300)
