"""cs.explore: the widget's traits, the trace's text, and bad input refused before anything is shown."""

import numpy as np
import pytest

import cachescope as cs
from cachescope import explorer as ex

pytest.importorskip("anywidget", reason="anywidget is installed by npm test's Python environment")


def test_the_trace_travels_as_plain_text_the_core_reads_back(tmp_path):
    pages = np.array([5, 2**40, 5, 7, 0], dtype=np.int64)
    writes = np.array([0, 1, 0, 1, 1])
    text = ex.trace_text(cs.load(pages, writes))
    assert text == f"5\n{2**40} W\n5\n7 W\n0 W\n".encode()
    path = tmp_path / "t.txt"
    path.write_bytes(text)
    back = cs.load(str(path), format="plain")
    assert back.pages_bytes() == cs.load(pages, writes).pages_bytes()
    assert back.writes_bytes() == cs.load(pages, writes).writes_bytes()


def test_the_widget_carries_the_front_end_and_the_run():
    w = cs.explore("generate:zipf:pages=50,alpha=1,length=300,seed=1", "clock", 8, step=12)
    assert "export" in w._esm and "render" in w._esm
    assert w.policy == "clock" and w.frames == 8 and w.step == 12 and w.params == {}
    assert w.trace_name == "generate:zipf:pages=50,alpha=1,length=300,seed=1"
    assert w.trace.count(b"\n") == 300


def test_bad_input_is_refused_with_the_cores_message():
    t = "generate:zipf:pages=50,alpha=1,length=300,seed=1"
    with pytest.raises(ValueError, match="unknown policy"):
        cs.explore(t, "no-such", 8)
    with pytest.raises(ValueError, match="frames must be at least 1"):
        cs.explore(t, "lru", 0)
    with pytest.raises(ValueError, match="step must be at least 0"):
        cs.explore(t, "lru", 4, step=-1)
    with pytest.raises(ValueError):
        cs.explore(t, "arc", 4, {"no_such_parameter": 1})


def test_an_unbuilt_front_end_says_how_to_build_it(monkeypatch):
    monkeypatch.setattr(ex, "_BUNDLE", "missing.js")
    with pytest.raises(RuntimeError, match="npm run widget"):
        ex._esm()
