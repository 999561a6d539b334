import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The test profile's build, which `npm test` builds (wasm-core/scripts/setup.sh test), as the parity
# tests in src/ use it (src/test/runner.ts).
RUNNER = ROOT / "wasm-core" / "target" / "debug" / "cachescope"
FIXTURES = ROOT / "wasm-core" / "sim" / "tests" / "fixtures"


def runner(*args: str) -> "tuple[int, str, str]":
    """The native runner (the test profile's build of what `npm run sim` runs)."""
    p = subprocess.run([str(RUNNER), *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def runner_json(*args: str) -> dict:
    code, out, err = runner(*args, "--json")
    assert code == 0, err
    return json.loads(out)


def runner_error(*args: str) -> str:
    """The runner's message for a bad input, without its `cachescope: ` prefix."""
    code, _, err = runner(*args)
    assert code == 2, err
    return err.strip().removeprefix("cachescope: ").split("\n")[0]


@pytest.fixture(scope="session")
def policy_ids() -> "list[str]":
    import cachescope

    return [p["id"] for p in cachescope.catalog()["policies"]]


@pytest.fixture
def trace_file(tmp_path: Path) -> Path:
    """A small skewed trace with writes, as a plain file."""
    lines = []
    x = 7
    for i in range(6000):
        x = (x * 1103515245 + 12345) % 2**31
        page = (x >> 8) % 700 * ((x >> 3) % 3 + 1)
        lines.append(f"{page}{' W' if i % 4 == 0 else ''}")
    path = tmp_path / "skewed.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


assert RUNNER.exists() or os.environ.get("CACHESCOPE_NO_RUNNER"), f"build the runner first ({RUNNER})"
