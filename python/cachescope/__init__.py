"""cachescope from Python: the same Rust core as the browser and the runner.

    >>> import cachescope as cs
    >>> df = cs.simulate("generate:zipf:pages=1000,alpha=1,length=10000", ["lru", "clock"], [50, 200])
    >>> df[["policy", "frames", "hit_ratio"]]

Every bad input raises ``ValueError`` with the runner's message, naming the
argument as Python does (``sizes``, not ``--frames``). Long calls
release the GIL, so threads can run simulations side by side.
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Union

import numpy as np
import pandas as pd

from . import _core
from . import plot
from .explorer import explore
from .own import JsPolicy, Policy, PolicyLike, define_all, policy_file

__all__ = ["simulate", "mrc", "steps", "analyze", "catalog", "generate", "load", "sweep", "explore", "plot", "Trace", "__version__"]
__version__: str = _core.__version__
Trace = _core.Trace

TraceLike = Union[str, "os.PathLike[str]", np.ndarray, "_core.Trace"]


def catalog() -> Dict[str, Any]:
    """The core's catalogue: policies, FTLs, formats, generators, limits and defaults."""
    return json.loads(_core.catalog_json())


def generate(spec: str) -> "pd.DataFrame":
    """A generated trace as a DataFrame of ``page`` (the trace's own ids) and ``write``.

    ``spec`` is the runner's ``--generate`` syntax, with or without a ``generate:`` prefix.
    """
    t = _core.generate(spec.removeprefix("generate:"))
    return _frame_of(t)


def _frame_of(t: "_core.Trace") -> "pd.DataFrame":
    pages = np.frombuffer(t.pages_bytes(), dtype="<u8")
    writes = np.frombuffer(t.writes_bytes(), dtype=np.uint8).astype(bool)
    return pd.DataFrame({"page": pages, "write": writes})


def load(
    trace: TraceLike,
    writes: Optional[np.ndarray] = None,
    *,
    format: Optional[str] = None,
    csv: Optional[str] = None,
    page_size: Optional[int] = None,
    lenient: bool = False,
    timestamps: bool = False,
) -> "_core.Trace":
    """A trace held by the core, from a path, a NumPy array of page ids (with an
    optional write mask) or a ``generate:`` spec. ``format``, ``csv`` (the runner's
    ``--csv`` mapping), ``page_size`` and ``lenient`` apply to files; ``timestamps``
    keeps each request's time (8 bytes a request more) when the format has a time
    field, for :func:`analyze`'s request rate."""
    if isinstance(trace, _core.Trace):
        return trace
    if isinstance(trace, (np.ndarray, list, tuple, pd.Series)):
        pages = np.asarray(trace)
        if pages.ndim != 1:
            raise ValueError(f"page ids must be one-dimensional, got shape {pages.shape}")
        if pages.size and (not np.issubdtype(pages.dtype, np.integer) or pages.min() < 0):
            raise ValueError("page ids must be whole numbers ≥ 0")
        mask = b""
        if writes is not None:
            w = np.asarray(writes)
            if w.shape != pages.shape:
                raise ValueError(f"the write mask has {w.size} entries for {pages.size} pages")
            if np.issubdtype(w.dtype, np.floating) and np.isnan(w).any():
                raise ValueError(f"the write mask holds NaN (request {int(np.argmax(np.isnan(w))) + 1}): give 1 for a write, 0 for a read")
            mask = (w != 0).astype(np.uint8).tobytes()
        return _core.from_pages(pages.astype("<u8").tobytes(), mask)
    path = os.fspath(trace)
    if path.startswith("generate:"):
        return _core.generate(path.removeprefix("generate:"))
    if page_size is not None:
        page_size = _whole("page_size", page_size, 1)
    return _core.load(path, format=format, csv=csv, page_size=page_size, lenient=lenient, timestamps=timestamps)


def _whole(name: str, value: Any, least: int) -> int:
    """``value`` as a whole number ≥ ``least`` (10.0 reads as 10), else a ValueError naming ``name``."""
    if isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if isinstance(value, (float, np.floating)):
        if not (np.isfinite(value) and float(value).is_integer()):
            raise ValueError(f"{name} must be a whole number, got {value!r}")
        value = int(value)
    if not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if value < least:
        raise ValueError(f"{name} must be at least {least}, got {value}")
    return int(value)


def _frames_spec(sizes: Union[int, str, Sequence[Union[int, str]]]) -> str:
    """Sizes as the runner's ``--frames`` text: frames, or ``"5%"`` of the distinct pages."""
    if isinstance(sizes, (int, float, str, np.integer, np.floating)):
        sizes = [sizes]
    try:
        items = list(sizes)
    except TypeError:
        raise ValueError(f"sizes must be a number of frames, a percentage such as \"5%\", or a list of them; got {sizes!r}") from None
    if not items:
        raise ValueError("sizes is empty: give at least one cache size")
    # Whole numbers go to the core as text, which checks them as it checks the runner's --frames.
    return ",".join(s if isinstance(s, str) else str(_whole("a cache size", s, -(2**63))) for s in items)


def _sizes(sizes: Union[int, str, Sequence[Union[int, str]]], distinct: int) -> List[int]:
    """The sizes in frames for a trace of ``distinct`` pages, read by the core as ``--frames`` is."""
    return _core.frames(_frames_spec(sizes), distinct)


def _policies(policies: Union[PolicyLike, Sequence[PolicyLike]]) -> List[str]:
    """The policy ids, each checked against the catalogue as the runner checks them;
    your own policies (classes, JavaScript files) are defined in the core first."""
    pols = define_all(policies)
    if not pols:
        raise ValueError("policies is empty: give at least one policy id (cs.catalog() lists them)")
    known = [p["id"] for p in catalog()["policies"]] + [p["id"] for p in json.loads(_core.user_policies_json())]
    for p in pols:
        if p not in known:
            raise ValueError(f"unknown policy {json.dumps(p)}; known: {', '.join(known)}")
    return pols


#: The runner's columns, in the order of its table.
COLUMNS = ["policy", "params", "frames", "requests", "hits", "misses", "hit_ratio", "reads", "writebacks", "flushed", "cost"]


def _flatten(row: Dict[str, Any]) -> Dict[str, Any]:
    flash = row.pop("flash", None) or {}
    out = {k: row[k] for k in COLUMNS if k in row}
    if "intervals" in row:
        out["interval"] = row["intervals"]["size"]
        out["interval_hit_ratio"] = row["intervals"]["hit_ratio"]
    out.update({f"flash_{k}": v for k, v in flash.items()})
    return out


def _options(
    cost: Optional[Mapping[str, float]],
    collapse_repeats: bool,
    flush: bool,
    warmup: Union[int, str, None] = None,
    interval: Optional[int] = None,
) -> str:
    c = catalog()["cost_presets"][0]["cost"] if cost is None else dict(cost)
    opts = {"cost": c, "buckets": 1, "flush": flush, "record_stream": False, "collapse_repeats": collapse_repeats}
    # The core reads both (a warm-up of N requests or "P%"; an interval in requests) and says what is wrong.
    if warmup is not None:
        opts["warmup"] = warmup
    if interval is not None:
        opts["interval"] = interval
    return json.dumps(opts)


def _log2_frame(counts: Sequence[int], what: str) -> "pd.DataFrame":
    """A power-of-two histogram as rows [from, to) with their counts."""
    return pd.DataFrame(
        {f"{what}_from": [1 << k for k in range(len(counts))], f"{what}_to": [2 << k for k in range(len(counts))], "count": list(counts)}
    )


def analyze(
    trace: TraceLike,
    window: int = 0,
    *,
    sample: Optional[float] = None,
    writes: Optional[np.ndarray] = None,
    **load_options: Any,
) -> Dict[str, Any]:
    """The trace analysis the runner's ``--analyze`` prints: a dict of DataFrames and figures.

    ``popularity`` (rank, count) at log-spaced ranks with ``alpha`` (the fitted Zipf
    exponent) and ``r2``; ``stack_distance`` (exact LRU stack distances) and
    ``reuse_time`` as power-of-two histograms; ``runs`` (lengths of runs of
    consecutive pages); ``windows`` (per ``window`` requests, default a hundredth of
    the trace: distinct pages, one-hit share, write share); and ``summary`` (requests,
    distinct pages, writes, one-hit wonders, cold misses, sequential share, and
    ``sampled``: the rate of the spatial sample the stack distances come from, or
    None when exact).

    A file is loaded with its timestamps (when its format has a time field):
    ``timing`` is then the trace's ``start`` and ``duration`` in seconds, its
    ``rate`` (requests/s) and ``backwards`` (requests timed before the one
    ahead), and ``windows`` gains ``time`` (seconds from the start) and
    ``rate`` (requests/s, NaN where a window spans no time); without
    timestamps ``timing`` is None.

    ``sample`` (0 < rate ≤ 1) estimates the stack distances from a spatial
    sample of that share of the pages (SHARDS), scaled by 1/rate, for traces
    too long for the exact pass.
    """
    if not isinstance(trace, _core.Trace):
        load_options.setdefault("timestamps", True)
    t = load(trace, writes, **load_options)
    if sample is not None and (isinstance(sample, bool) or not isinstance(sample, (int, float, np.integer, np.floating))):
        raise ValueError(f"sample must be a rate above 0 and at most 1, got {sample!r}")
    a = json.loads(_core.analyze(t, int(window), None if sample is None else float(sample)))
    p = a["popularity"]
    w = a["windows"]
    n = len(w["distinct"])
    return {
        "summary": {
            k: a[k] for k in ["requests", "distinct", "writes", "one_hit_pages", "one_hit_share", "cold", "sampled", "sequential_share", "window"]
        },
        "timing": None if a["timing"] is None else {k: a["timing"][k] for k in ["start", "duration", "rate", "backwards"]},
        "alpha": p["alpha"],
        "r2": p["r2"],
        "fit_ranks": p["fit_ranks"],
        "popularity": pd.DataFrame(p["points"], columns=["rank", "count"]),
        "stack_distance": _log2_frame(a["stack_distance"]["counts"], "distance"),
        "reuse_time": _log2_frame(a["reuse_time"]["counts"], "time"),
        "runs": _log2_frame(a["runs"]["counts"], "length"),
        "windows": pd.DataFrame(
            {
                "start": [i * a["window"] for i in range(n)],
                "distinct": w["distinct"],
                "one_hit_share": w["one_hit_share"],
                "write_share": w["write_share"],
                **_window_times(a["timing"]),
            }
        ),
    }


def _window_times(timing: Optional[Dict[str, Any]]) -> Dict[str, List[float]]:
    """The windows' start times and request rates, when the trace has timestamps."""
    if timing is None:
        return {}
    return {"time": timing["window_start"], "rate": [np.nan if r is None else r for r in timing["window_rate"]]}


def simulate(
    trace: TraceLike,
    policies: Union[PolicyLike, Sequence[PolicyLike]],
    sizes: Union[int, str, Sequence[Union[int, str]]],
    params: Optional[Mapping[str, Mapping[str, Any]]] = None,
    flash: Optional[Mapping[str, Any]] = None,
    cost: Optional[Mapping[str, float]] = None,
    collapse_repeats: bool = False,
    progress: bool = False,
    *,
    writes: Optional[np.ndarray] = None,
    flush: bool = False,
    stream: bool = False,
    warmup: Union[int, str, None] = None,
    interval: Optional[int] = None,
    **load_options: Any,
) -> "pd.DataFrame":
    """Runs every policy at every size; one row per (policy, size) with the runner's
    columns, flash metrics flattened to ``flash_*`` columns (arrays kept as lists).

    ``warmup`` (N requests, or a share such as ``"10%"``) is served first and not
    counted; ``interval`` (requests) adds ``interval`` and ``interval_hit_ratio`` (the
    hit ratio of each interval after the warm-up, a list) columns, as the runner's
    ``--warmup`` and ``--interval``.

    ``params`` maps a policy id to its parameters; ``flash`` is a flash device (the
    runner's flash flags by their field names, e.g. ``{"ftl": "page", "regions": 4}``);
    ``cost`` is ``{"read": r, "write": w}``. With ``stream=True`` a file is read in
    chunks, twice, instead of loaded: memory follows its distinct pages, not its
    length (every policy but OPT; no flash).
    """
    pols = _policies(policies)
    params = dict(params or {})
    _core.params_among(list(params), pols)
    options = _options(cost, collapse_repeats, flush, warmup, interval)
    if stream:
        if flash is not None:
            raise ValueError("stream=True runs policies only: leave out flash")
        if isinstance(trace, (np.ndarray, list, tuple, _core.Trace)) or os.fspath(trace).startswith("generate:"):
            raise ValueError("stream=True reads a trace file (a generated or in-memory trace is in memory anyway)")
        pairs = [[p, params.get(p, {})] for p in pols]
        out = json.loads(_core.stream(os.fspath(trace), json.dumps(pairs), _frames_spec(sizes), options, **load_options))
        return pd.DataFrame([_flatten(r) for r in out["results"]])
    t = load(trace, writes, **load_options)
    frames = _sizes(sizes, t.distinct)
    flash_json = None if flash is None else json.dumps(dict(flash))
    cells = [(p, f) for p in pols for f in frames]
    rows = []
    for p, f in _progress(cells, progress, "cachescope"):
        row = json.loads(_core.run_cell(t, p, f, json.dumps(params.get(p, {})), options, flash_json))
        rows.append(_flatten(row))
    return pd.DataFrame(rows)


def _progress(items: Sequence[Any], on: bool, desc: str) -> Iterable[Any]:
    if not on:
        return items
    from tqdm.auto import tqdm

    return tqdm(items, desc=desc, unit="run")


def mrc(
    trace: TraceLike,
    policies: Union[PolicyLike, Sequence[PolicyLike]],
    sizes: Optional[Sequence[Union[int, str]]] = None,
    params: Optional[Mapping[str, Mapping[str, Any]]] = None,
    sample_pages: Optional[int] = None,
    progress: bool = False,
    *,
    samples: Optional[int] = None,
    sample_seed: Optional[int] = None,
    adjust: Optional[bool] = None,
    stratify: Optional[bool] = None,
    **load_options: Any,
) -> "pd.DataFrame":
    """Miss-ratio curves, one row per (policy, size): LRU exact in one pass, OPT and
    FAB by a run per size, the others by miniature simulations on spatially sampled
    traces. Columns: ``policy``, ``method``, ``frames``, ``miss_ratio``, ``error``
    (the point's error estimate, ± miss ratio: a 95 % interval from the spread of
    the independent samples; 0 where exact, NaN with one sample), ``rate`` (fraction
    of the pages simulated at that size, per sample), ``samples``, ``exact``.

    The sampling options are the core's (``catalog()["curves"]["options"]``, the
    runner's ``--sample-pages``, ``--samples``, ``--sample-seed``, ``--adjust``,
    ``--stratify``); None keeps the core's default."""
    pols = _policies(policies)
    t = load(trace, **load_options)
    frames = [] if sizes is None else _sizes(list(sizes), t.distinct)
    given = {"sample_pages": sample_pages, "samples": samples, "sample_seed": sample_seed, "adjust": adjust,
             "stratify": stratify}
    sampling = json.dumps({k: v if isinstance(v, bool) else int(v) for k, v in given.items() if v is not None})
    rows = []
    for p in _progress(pols, progress, "curves"):
        c = json.loads(_core.curve(t, p, json.dumps((params or {}).get(p, {})), frames, sampling, _options(None, False, False)))
        for f, m, e, r in zip(c["frames"], c["miss_ratio"], c["error"], c["rate"]):
            rows.append({"policy": p, "method": c["method"], "frames": f, "miss_ratio": m,
                         "error": float("nan") if e is None else e, "rate": r,
                         "samples": c["samples"] if r < 1 else 1, "exact": c["exact"]})
    return pd.DataFrame(rows)


def steps(
    trace: TraceLike,
    policy: PolicyLike,
    size: int,
    params: Optional[Mapping[str, Any]] = None,
    collapse_repeats: bool = False,
    *,
    writes: Optional[np.ndarray] = None,
    **load_options: Any,
) -> Iterator[Dict[str, Any]]:
    """The run one request at a time, as the explorer draws it: for each request a
    dict of ``position``, ``request`` (``page`` as the trace names it, ``write``),
    ``hit``, ``events`` (what happened and why) and ``snapshot`` (the policy's state)."""
    policy = _policies(policy)[0]
    t = load(trace, writes, **load_options)
    for step in _core.Steps(t, policy, int(size), json.dumps(dict(params or {})), collapse_repeats):
        yield json.loads(step)


def sweep(*args: Any, **kwargs: Any) -> "pd.DataFrame":
    """Every (trace, policy, size) of a grid, locally or on a Ray cluster; see :mod:`cachescope.grid`."""
    from .grid import sweep as run

    return run(*args, **kwargs)


def check(
    policy: PolicyLike,
    reference: PolicyLike,
    trace: Optional[TraceLike] = None,
    sizes: Union[int, str, Sequence[Union[int, str]]] = "1%,10%",
    params: Optional[Mapping[str, Any]] = None,
    reference_params: Optional[Mapping[str, Any]] = None,
    **load_options: Any,
) -> Dict[str, Any]:
    """Runs ``policy`` and ``reference`` side by side on ``trace`` (if given) at
    ``sizes`` and on a fixed set of generated traces (generators × seeds × sizes),
    and returns where they first decide differently: ``{"policy", "reference",
    "cases", "requests", "difference"}``, ``difference`` None when they always agree,
    else ``{"trace", "generator", "frames", "request", "page", "hit", "reference_hit",
    "victim", "reference_victim"}`` (request counted from 1, as the explorer's steps)."""
    mine, ref = _policies([policy, reference])
    t = None if trace is None else load(trace, None, **load_options)
    frames = [] if t is None else _sizes(sizes, t.distinct)
    out = _core.check(mine, ref, t, frames, json.dumps(dict(params or {})), json.dumps(dict(reference_params or {})))
    return json.loads(out)
