"""Plots of cachescope's tables with matplotlib (the ``plot`` extra).

    >>> import cachescope as cs
    >>> ax = cs.plot.mrc(cs.mrc(trace, ["lru", "arc"]))

Each function draws on ``ax`` (a new figure's when None) and returns what it drew
on: the Axes, or the Figure for :func:`analysis`'s panels. They draw the
DataFrames' own numbers, one line per policy, so a plot says what the table says.
matplotlib is imported only when a plot is asked for: the rest of the package
works without it.
"""

from __future__ import annotations

from typing import Any, Mapping

import pandas as pd


def _pyplot() -> Any:
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError(
            "cachescope.plot needs matplotlib: pip install 'cachescope[plot]' (or pip install matplotlib)"
        ) from None
    return plt


def _axes(ax: Any) -> Any:
    if ax is not None:
        return ax
    return _pyplot().subplots()[1]


def _need(df: "pd.DataFrame", columns: "list[str]", what: str) -> None:
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise ValueError(f"{what} needs the columns {', '.join(columns)}; this table lacks {', '.join(missing)}")


def mrc(df: "pd.DataFrame", ax: Any = None, *, errors: bool = True) -> Any:
    """Miss ratio against cache size, one line per policy, from :func:`cachescope.mrc`'s
    table; a sampled point's error estimate (``error``) is drawn as a band when ``errors``."""
    _need(df, ["policy", "frames", "miss_ratio"], "plot.mrc")
    ax = _axes(ax)
    for policy, rows in df.groupby("policy", sort=False):
        rows = rows.sort_values("frames")
        (line,) = ax.plot(rows["frames"], rows["miss_ratio"], marker=".", label=str(policy))
        if errors and "error" in rows and rows["error"].fillna(0).gt(0).any():
            e = rows["error"].fillna(0)
            ax.fill_between(rows["frames"], rows["miss_ratio"] - e, rows["miss_ratio"] + e, color=line.get_color(), alpha=0.2)
    ax.set_xlabel("cache size (frames)")
    ax.set_ylabel("miss ratio")
    ax.set_ylim(bottom=0)
    ax.legend(title="policy")
    return ax


def hit_ratio(df: "pd.DataFrame", ax: Any = None) -> Any:
    """Hit ratio against cache size, one line per policy, from :func:`cachescope.simulate`'s
    (or :func:`cachescope.sweep`'s, one trace) table."""
    _need(df, ["policy", "frames", "hit_ratio"], "plot.hit_ratio")
    if "trace" in df.columns and df["trace"].nunique() > 1:
        raise ValueError("plot.hit_ratio draws one trace: select one, e.g. df[df.trace == name]")
    ax = _axes(ax)
    for policy, rows in df.groupby("policy", sort=False):
        rows = rows.sort_values("frames")
        ax.plot(rows["frames"], rows["hit_ratio"], marker="o", label=str(policy))
    ax.set_xlabel("cache size (frames)")
    ax.set_ylabel("hit ratio")
    ax.set_ylim(0, 1)
    ax.legend(title="policy")
    return ax


def analysis(a: Mapping[str, Any], fig: Any = None) -> Any:
    """The trace analysis of :func:`cachescope.analyze` in four panels: popularity by
    rank (log-log, with the fitted Zipf exponent), the stack-distance and reuse-time
    histograms (power-of-two bins), and the distinct pages of each window."""
    for key in ["popularity", "stack_distance", "reuse_time", "windows"]:
        if key not in a:
            raise ValueError(f"plot.analysis draws cachescope.analyze()'s dict; it has no {key!r}")
    fig = fig if fig is not None else _pyplot().figure(figsize=(10, 7))
    (pop, sd), (rt, win) = fig.subplots(2, 2)
    p = a["popularity"]
    pop.loglog(p["rank"], p["count"], marker=".", linestyle="-")
    pop.set(xlabel="rank", ylabel="requests", title=f"popularity (α ≈ {a.get('alpha', float('nan')):.2f})")
    _histogram(sd, a["stack_distance"], "distance", "LRU stack distance")
    _histogram(rt, a["reuse_time"], "time", "reuse time (requests)")
    w = a["windows"]
    win.plot(w["start"], w["distinct"], marker=".")
    win.set(xlabel="request", ylabel="distinct pages", title="distinct pages per window")
    fig.tight_layout()
    return fig


def _histogram(ax: Any, df: "pd.DataFrame", what: str, title: str) -> None:
    """A power-of-two histogram: a bar over each bin [from, to), on a log-2 axis."""
    lo, hi = df[f"{what}_from"], df[f"{what}_to"]
    ax.bar(lo, df["count"], width=hi - lo, align="edge")
    ax.set_xscale("log", base=2)
    ax.set(xlabel=f"{title} (power-of-two bins)", ylabel="count", title=title)


__all__ = ["mrc", "hit_ratio", "analysis"]

