"""cs.plot draws the tables' own numbers (Agg backend: the drawn data, not pixels)."""

import sys

import numpy as np
import pytest

import cachescope as cs

matplotlib = pytest.importorskip("matplotlib", reason="matplotlib is installed by npm test's Python environment")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

SPEC = "generate:zipf:pages=500,alpha=0.8,length=8000,writes=0.2,seed=4"


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def lines_by_label(ax):
    return {line.get_label(): line for line in ax.get_lines()}


def test_mrc_draws_each_policys_curve_with_its_error_band():
    df = cs.mrc("generate:zipf:pages=5000,alpha=0.8,length=50000,seed=4", ["lru", "arc"], sizes=[10, 50, 100, 200],
                samples=3, sample_pages=500)
    ax = cs.plot.mrc(df)
    lines = lines_by_label(ax)
    assert set(lines) == {"lru", "arc"}
    for policy, rows in df.groupby("policy"):
        rows = rows.sort_values("frames")
        np.testing.assert_array_equal(lines[policy].get_xdata(), rows["frames"])
        np.testing.assert_array_equal(lines[policy].get_ydata(), rows["miss_ratio"])
    # LRU is exact (no band); ARC is sampled, its band is its error estimate.
    arc = df[df.policy == "arc"].sort_values("frames")
    assert arc["error"].gt(0).any()
    (band,) = ax.collections
    top = band.get_paths()[0].vertices[:, 1].max()
    assert top == pytest.approx((arc["miss_ratio"] + arc["error"]).max())
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["lru", "arc"]


def test_hit_ratio_draws_the_simulated_table_on_given_axes():
    df = cs.simulate(SPEC, ["clock", "lru"], [100, 20, 50])
    _, ax = plt.subplots()
    assert cs.plot.hit_ratio(df, ax=ax) is ax
    lines = lines_by_label(ax)
    for policy in ["clock", "lru"]:
        rows = df[df.policy == policy].sort_values("frames")
        assert list(lines[policy].get_xdata()) == [20, 50, 100]
        np.testing.assert_array_equal(lines[policy].get_ydata(), rows["hit_ratio"])


def test_hit_ratio_refuses_several_traces_and_missing_columns():
    df = cs.simulate(SPEC, ["lru"], [20])
    two = df.assign(trace="a")
    two.loc[len(two)] = two.iloc[0]
    two.loc[len(two) - 1, "trace"] = "b"
    with pytest.raises(ValueError, match="one trace"):
        cs.plot.hit_ratio(two)
    with pytest.raises(ValueError, match="lacks hit_ratio"):
        cs.plot.hit_ratio(df.drop(columns="hit_ratio"))


def test_analysis_draws_four_panels_of_the_analysis():
    a = cs.analyze(SPEC, window=1000)
    fig = cs.plot.analysis(a)
    pop, sd, rt, win = fig.axes
    np.testing.assert_array_equal(pop.get_lines()[0].get_xdata(), a["popularity"]["rank"])
    np.testing.assert_array_equal(pop.get_lines()[0].get_ydata(), a["popularity"]["count"])
    assert f"{a['alpha']:.2f}" in pop.get_title()
    assert [p.get_height() for p in sd.patches] == list(a["stack_distance"]["count"])
    assert [p.get_x() for p in rt.patches] == list(a["reuse_time"]["time_from"])
    np.testing.assert_array_equal(win.get_lines()[0].get_ydata(), a["windows"]["distinct"])
    with pytest.raises(ValueError, match="no 'windows'"):
        cs.plot.analysis({k: v for k, v in a.items() if k != "windows"})


def test_without_matplotlib_the_message_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r"cachescope\[plot\]"):
        cs.plot.mrc(cs.mrc(SPEC, ["lru"], sizes=[10]))
