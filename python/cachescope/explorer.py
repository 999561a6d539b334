"""The app's explorer inside a notebook (the ``widget`` extra: anywidget).

    >>> cs.explore("generate:zipf:pages=200,length=2000", "arc", 16, step=500)

shows the Explore view of the web app, drawing, narration, step controls and, for
a short run, the frame table, as a Jupyter widget (JupyterLab, Jupyter Notebook 7,
VS Code's notebooks). Its front end is the app's own code and WASM core, built
into ``cachescope/widget/explore.js`` (``npm run widget``, which
``python/scripts/test.sh`` runs); it runs in the notebook's browser, in a Web
Worker started from a Blob URL as the app's worker is, and needs no server and
no network. The trace travels once, as the plain page-list text of its pages as
the trace names them (the core's own ids, a write as ``W``).

One explorer is live per notebook page: the front end holds one worker and one
session, so a new explorer takes them over from the one shown before it.
"""

from __future__ import annotations

import importlib.resources
import json
import os
from typing import Any, Mapping, Optional

import numpy as np

from . import _core

_BUNDLE = "explore.js"


def _esm() -> str:
    """The built front end, or a clear message on how to build it."""
    path = importlib.resources.files("cachescope").joinpath("widget", _BUNDLE)
    if not path.is_file():
        raise RuntimeError(
            f"the explorer widget's front end ({path}) is not built: run `npm run widget` in the repository "
            "(python/scripts/test.sh does), then import cachescope again"
        )
    return path.read_text(encoding="utf-8")


def trace_text(t: "_core.Trace") -> bytes:
    """The trace as the plain page-list format: one page a line, ``W`` after a write."""
    pages = np.frombuffer(t.pages_bytes(), dtype="<u8")
    writes = np.frombuffer(t.writes_bytes(), dtype=np.uint8).astype(bool)
    lines = pages.astype(str).astype(object)
    lines[writes] = lines[writes] + " W"
    return ("\n".join(lines) + "\n").encode() if len(lines) else b""


def _widget_class() -> Any:
    try:
        import anywidget
        import traitlets
    except ImportError:
        raise ImportError("cachescope.explore needs anywidget: pip install 'cachescope[widget]' (or pip install anywidget)") from None

    class Explorer(anywidget.AnyWidget):
        """The explorer widget; ``position`` follows the step shown, ``step`` moves it."""

        _esm = _esm()
        trace = traitlets.Bytes(b"").tag(sync=True)
        trace_name = traitlets.Unicode("trace").tag(sync=True)
        policy = traitlets.Unicode().tag(sync=True)
        frames = traitlets.Int(1).tag(sync=True)
        params = traitlets.Dict().tag(sync=True)
        collapse_repeats = traitlets.Bool(False).tag(sync=True)
        step = traitlets.Int(0).tag(sync=True)
        position = traitlets.Int(0).tag(sync=True)

    return Explorer


_cls: Any = None


def explore(
    trace: Any,
    policy: str,
    frames: int,
    params: Optional[Mapping[str, Any]] = None,
    *,
    step: int = 0,
    collapse_repeats: bool = False,
    writes: Optional[np.ndarray] = None,
    name: Optional[str] = None,
    **load_options: Any,
) -> Any:
    """The explorer on ``trace`` (anything :func:`cachescope.load` takes) with ``policy``
    at ``frames`` frames and its ``params``, opened at request ``step``. Policy,
    frames and parameters are checked here, with the messages :func:`cachescope.simulate`
    gives."""
    global _cls
    from . import _policies, _whole, load

    pol = _policies(policy)[0]
    if pol not in [p["id"] for p in json.loads(_core.catalog_json())["policies"]]:
        raise ValueError(f"the notebook explorer steps the built-in policies; {pol!r} is your own (explore it with cs.steps)")
    size = _whole("frames", frames, 1)
    t = load(trace, writes, **load_options)
    if t.keys:
        # The widget reads the trace back as page numbers, which would show a key trace's dense ids.
        raise ValueError(
            "the notebook explorer steps traces of page numbers; this trace names its pages by string keys "
            "(step it with cs.steps, or in the app's Explore, which show the keys)"
        )
    # The core checks the parameters as the widget's session will: a bad one is an error here, not in the drawing.
    _core.Steps(t, pol, size, json.dumps(dict(params or {})), bool(collapse_repeats))
    if _cls is None:
        _cls = _widget_class()
    label = name or (os.path.basename(os.fspath(trace)) if isinstance(trace, (str, os.PathLike)) else "trace")
    return _cls(
        trace=trace_text(t),
        trace_name=str(label),
        policy=pol,
        frames=size,
        params=dict(params or {}),
        collapse_repeats=bool(collapse_repeats),
        step=_whole("step", step, 0),
    )
