"""Policies you write: a subclass of :class:`Policy`, or a JavaScript file through
:func:`policy_file`. The core's loop calls your methods and checks every decision;
there is no request loop in Python. A class runs on Ray workers too when it can be
imported there (define it in a module, not in a notebook cell)."""

from __future__ import annotations

import hashlib
import inspect
import json
import os
from typing import Any, Dict, List, Optional, Sequence, Union

from . import _core


class Policy:
    """Subclass it to write a policy. The core keeps the cache: it calls
    ``hit(page, write)`` when a requested page is resident, ``evict()`` when a missed
    page needs a frame and every frame is full (return a page that is in the cache),
    then ``insert(page, write)``. Pages are the trace's own page numbers (ints; a
    page of a trace with devices is its label). Optional ``view()`` returns what to
    draw: ``{"lists": [{"name": "LRU", "pages": [...]}], "rings": [...], "bits": {...},
    "gauges": [...]}``. Optional ``params = [{"name": "k", "default": 2, "min": 1,
    "max": 8, "doc": "..."}]`` declares parameters, passed to ``__init__`` by name.
    ``name`` (default: the class's name) is what tables call it.

    A call that runs past 5 seconds stops the run with a ``ValueError``."""

    name: Optional[str] = None
    params: List[Dict[str, Any]] = []

    def __init__(self, frames: int, **params: Any) -> None:
        self.frames = frames

    def hit(self, page: Any, write: bool) -> None:
        pass

    def insert(self, page: Any, write: bool) -> None:
        pass

    def evict(self) -> Any:
        raise NotImplementedError("evict() must return a page that is in the cache")


class JsPolicy:
    """A policy written in JavaScript (``export default class …``), as the runner's
    ``--policy-file`` and the browser's editor take it."""

    def __init__(self, name: str, source: str) -> None:
        self.name, self.source = name, source
        self.sha256 = _core.define_js(name, source)

    def __repr__(self) -> str:
        return f"JsPolicy({self.name!r}, sha256={self.sha256[:12]}…)"


def policy_file(path: Union[str, "os.PathLike[str]"], name: Optional[str] = None) -> JsPolicy:
    """A JavaScript policy from a file, named by the file's stem (or ``name``)."""
    p = os.fspath(path)
    with open(p, encoding="utf-8") as f:
        source = f.read()
    return JsPolicy(name or os.path.splitext(os.path.basename(p))[0], source)


PolicyLike = Union[str, type, JsPolicy]


def _provenance(cls: type) -> str:
    try:
        digest = hashlib.sha256(inspect.getsource(cls).encode()).hexdigest()
        return f"python:{cls.__module__}.{cls.__qualname__} sha256:{digest}"
    except (OSError, TypeError):
        return f"python:{cls.__module__}.{cls.__qualname__}"


def define(policy: PolicyLike) -> str:
    """Makes ``policy`` runnable by the core; returns the id it runs under."""
    if isinstance(policy, str):
        return policy
    if isinstance(policy, JsPolicy):
        _core.define_js(policy.name, policy.source)
        return policy.name
    if isinstance(policy, type) and issubclass(policy, Policy):
        name = policy.name or policy.__name__
        _core.define_class(name, policy, _provenance(policy), json.dumps(list(policy.params)))
        return name
    raise ValueError(
        f"{policy!r} is not a policy: give a policy id, a subclass of cachescope.Policy, or cs.policy_file(...)"
    )


def name_of(policy: PolicyLike) -> str:
    """The id ``policy`` runs under, without defining it."""
    if isinstance(policy, str):
        return policy
    if isinstance(policy, JsPolicy):
        return policy.name
    if isinstance(policy, type):
        return getattr(policy, "name", None) or policy.__name__
    return repr(policy)


def importable_on_workers(policies: Sequence[PolicyLike]) -> None:
    """Ray sends a class to its workers by module and name: refuse one they cannot import."""
    for p in policies:
        if isinstance(p, type) and (p.__module__ == "__main__" or "<locals>" in p.__qualname__):
            raise ValueError(
                f"{p.__qualname__} is defined in {'a function' if '<locals>' in p.__qualname__ else 'the notebook or script'}, "
                "so Ray's workers cannot import it: put the class in a module (a .py file on the workers' path) "
                "and import it from there, or write it in JavaScript and use cs.policy_file"
            )


def define_all(policies: Union[PolicyLike, Sequence[PolicyLike]]) -> List[str]:
    pols = [policies] if isinstance(policies, (str, type, JsPolicy)) else list(policies)
    return [define(p) for p in pols]
