"""The example notebook (python/examples/study.ipynb) runs from top to bottom in this environment's kernel."""

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat", reason="nbclient is installed by npm test's Python environment")
from nbclient import NotebookClient  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def outputs_of(cell):
    return {k for o in cell.get("outputs", []) for k in o.get("data", {})}


def test_the_study_notebook_runs():
    nb = nbformat.read(EXAMPLES / "study.ipynb", as_version=4)
    # The kernel is this Python's (ipykernel's native python3 runs sys.executable: the venv's).
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(EXAMPLES)}}).execute()
    code = [c for c in nb.cells if c.cell_type == "code"]
    errors = [o for c in code for o in c.outputs if o.output_type == "error"]
    assert not errors, errors
    by_source = {c.source.split("\n")[0]: c for c in code}
    # The plots are drawn, the explorer is a widget view, the sweep a table.
    assert sum("image/png" in outputs_of(c) for c in code) == 3
    explorer = next(c for c in code if "cs.explore(" in c.source)
    assert "application/vnd.jupyter.widget-view+json" in outputs_of(explorer)
    assert "text/html" in outputs_of(by_source["import ray"])
