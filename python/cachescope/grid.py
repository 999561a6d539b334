"""Sweeps: every (trace, policy, size) of a grid, on this machine or on a Ray cluster.

One task per (trace, policy group, size group). A trace reaches the workers as
a path they share (or a ``generate:`` spec they expand themselves), or, for an
in-memory array, once per node through ``ray.put``. Results are gathered into
one table in grid order, the same table whichever engine ran it. A task that
fails (its worker killed, an error) is submitted again, up to ``retries``
times; every retry is reported in ``df.attrs["retries"]`` and a task that still
fails raises ``RuntimeError`` naming it: nothing is dropped silently.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import pandas as pd

TraceArg = Union[str, "os.PathLike[str]", np.ndarray]


def _label(trace: Any, i: int) -> str:
    if isinstance(trace, np.ndarray):
        return f"array {i}"
    return os.fspath(trace)


def _groups(items: Sequence[Any], size: Optional[int]) -> List[List[Any]]:
    items = list(items)
    n = len(items) if not size else max(1, int(size))
    return [items[i : i + n] for i in range(0, len(items), n)]


def _task(
    trace: Any,
    label: str,
    policies: List[str],
    sizes: List[Any],
    options: Dict[str, Any],
    fault: Optional[str] = None,
) -> List[Dict[str, Any]]:
    """One task: the rows of a (trace, policy group, size group)."""
    if fault:
        # Test hook: the first attempt anywhere dies as a killed worker would
        # (the marker is made atomically, so two tasks at once cannot both be first).
        try:
            os.close(os.open(fault, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            pass
        else:
            os._exit(1)
    from . import simulate

    df = simulate(trace, policies, sizes, **options)
    df.insert(0, "trace", label)
    return df.to_dict("records")


def sweep(
    traces: Sequence[TraceArg],
    policies: Sequence[Any],
    sizes: Sequence[Union[int, str]],
    engine: str = "local",
    *,
    params: Optional[Mapping[str, Mapping[str, Any]]] = None,
    cost: Optional[Mapping[str, float]] = None,
    collapse_repeats: bool = False,
    policy_group: Optional[int] = 1,
    size_group: Optional[int] = None,
    address: Optional[str] = None,
    retries: int = 2,
    threads: Optional[int] = None,
    _fault: Optional[str] = None,
) -> "pd.DataFrame":
    """Runs the grid; one row per (trace, policy, size), traces labelled by path.

    ``engine="local"`` runs the tasks on threads of this process (the core releases
    the GIL); ``engine="ray"`` on the Ray cluster at ``address`` (or a local one when
    none is running). ``policy_group`` and ``size_group`` set how many policies and
    sizes one task takes (default: one policy, every size).
    """
    if engine not in ("local", "ray"):
        raise ValueError(f"engine must be local or ray, got {engine!r}")
    from . import _core
    from .own import define_all, importable_on_workers

    # Your own policies are checked here, before any task starts.
    ids = define_all(list(policies))
    if engine == "ray":
        importable_on_workers(list(policies))
    # Parameters for a policy outside the grid are refused, as simulate refuses them.
    _core.params_among(list(params or {}), ids)
    options = {"params": dict(params or {}), "cost": cost, "collapse_repeats": collapse_repeats}
    tasks: List[Tuple[Any, str, List[str], List[Any], Dict[str, Any]]] = []
    # Each task's rows, policy by policy and size by size, and where they go in the grid.
    keys: List[List[Tuple[int, int, int]]] = []
    pidx, sidx = list(range(len(policies))), list(range(len(sizes)))
    for i, t in enumerate(traces):
        for pg in _groups(pidx, policy_group):
            for sg in _groups(sidx, size_group):
                names = [policies[p] for p in pg]
                opts = dict(options, params={ids[p]: options["params"][ids[p]] for p in pg if ids[p] in options["params"]})
                tasks.append((t, _label(t, i), names, [sizes[s] for s in sg], opts))
                keys.append([(i, p, s) for p in pg for s in sg])
    retried: List[Dict[str, Any]] = []
    if engine == "local":
        with ThreadPoolExecutor(max_workers=threads or os.cpu_count() or 1) as pool:
            parts = list(pool.map(lambda a: _task(*a), tasks))
    else:
        parts = _on_ray(tasks, address, retries, retried, _fault)
    # Grid order, whatever the grouping and whichever task finished first.
    rows = sorted(((k, row) for ks, part in zip(keys, parts) for k, row in zip(ks, part)), key=lambda kr: kr[0])
    df = pd.DataFrame([row for _, row in rows])
    df.attrs["retries"] = retried
    return df


#: What to do when Ray is missing.
RAY_MISSING = (
    'engine="ray" needs Ray, which is not installed here: pip install "ray[default]", '
    'or install cachescope with its ray extra (pip install "./python[ray]")'
)


def _on_ray(tasks: List[Any], address: Optional[str], retries: int, retried: List[Dict[str, Any]], fault: Optional[str]) -> List[Any]:
    try:
        import ray
    except ModuleNotFoundError as e:
        raise ModuleNotFoundError(RAY_MISSING, name="ray") from e

    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
    # Retries are the driver's, so that each one is seen and reported.
    remote = ray.remote(max_retries=0, num_cpus=1)(_task)
    # An in-memory array goes to the object store once, not once per task.
    shared: Dict[int, Any] = {}

    def arg(t: Any) -> Any:
        if isinstance(t, np.ndarray):
            return shared.setdefault(id(t), ray.put(t))
        return os.fspath(t)

    def submit(i: int) -> Any:
        t, label, pg, sg, opts = tasks[i]
        return remote.remote(arg(t), label, pg, sg, opts, fault)

    refs = {i: submit(i) for i in range(len(tasks))}
    results: Dict[int, Any] = {}
    attempts = {i: 0 for i in refs}
    while refs:
        done, _ = ray.wait(list(refs.values()), num_returns=1)
        i = next(k for k, r in refs.items() if r == done[0])
        del refs[i]
        try:
            results[i] = ray.get(done[0])
        except Exception as e:  # a killed worker, or an error in the task
            if isinstance(getattr(e, "cause", None), ValueError):
                raise e.cause from None  # a bad input fails the same way every time
            _, label, pg, sg, _ = tasks[i]
            attempts[i] += 1
            what = {"trace": label, "policies": pg, "sizes": sg, "attempt": attempts[i], "error": f"{type(e).__name__}: {e}"[:500]}
            if attempts[i] > retries:
                raise RuntimeError(f"sweep task failed {attempts[i]} times: {what}") from e
            retried.append(what)
            refs[i] = submit(i)
    return [results[i] for i in range(len(tasks))]
