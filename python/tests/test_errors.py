"""Every bad input raises ValueError with the runner's message, never a panic;
the message names the argument as Python does (``sizes``, not ``--frames``)."""

import json
import subprocess
import sys

import numpy as np
import pytest

import cachescope as cs
from conftest import runner_error

GEN = "zipf:pages=100,alpha=1,length=1000"


@pytest.mark.parametrize(
    "call, args",
    [
        (lambda: cs.simulate(f"generate:{GEN}", "lruu", [10]), ["--generate", GEN, "--policy", "lruu"]),
        (lambda: cs.simulate(f"generate:{GEN}", "cflru", [10], params={"cflru": {"window": 2}}),
         ["--generate", GEN, "--policy", "cflru", "--frames", "10", "--param", "cflru.window=2"]),
        (lambda: cs.simulate("generate:zipf:pages=100,length=10", "lru", [10]), ["--generate", "zipf:pages=100,length=10"]),
        (lambda: cs.simulate(f"generate:{GEN}", "lru", [0]), ["--generate", GEN, "--frames", "0"]),
        (lambda: cs.simulate(f"generate:{GEN}", "lru", ["150%"]), ["--generate", GEN, "--frames", "150%"]),
        (lambda: cs.simulate(f"generate:{GEN}", "lru", [10], params={"arc": {}}), ["--generate", GEN, "--param", "arc.x=1"]),
    ],
)
def test_bad_input_is_a_value_error_with_the_runners_message(call, args):
    with pytest.raises(ValueError) as e:
        call()
    assert str(e.value) == as_python(runner_error(*args))
    assert "--" not in str(e.value), "a Python user is told about the runner's flags"


#: The runner's flags and the Python arguments that take their place in a message.
PYTHON_NAMES = [("--frames", "sizes"), ("--param", "params"), ("--policy", "policies"), ("--format", "format"),
                ("--csv", "csv")]


def as_python(message: str) -> str:
    for flag, arg in PYTHON_NAMES:
        message = message.replace(flag, arg)
    return message


def test_messages_name_the_python_arguments(tmp_path):
    with pytest.raises(ValueError) as e:
        cs.simulate(f"generate:{GEN}", "lru", [0])
    assert str(e.value) == "sizes: a cache needs at least 1 frame"
    with pytest.raises(ValueError) as e:
        cs.simulate(f"generate:{GEN}", "lru", " , ")
    assert str(e.value).endswith('e.g. sizes=[100, 1000] or sizes="5%"'), e.value
    with pytest.raises(ValueError) as e:
        cs.simulate(f"generate:{GEN}", ["lru", "arc"], [10], params={"arcc": {}})
    assert str(e.value) == 'params names policy "arcc", which is not among policies'
    f = tmp_path / "t.csv"
    f.write_text("1,2\n")
    with pytest.raises(ValueError) as e:
        cs.load(f, format="msr", csv="id=1")
    assert str(e.value) == 'invalid csv: a CSV mapping reads the file as CSV: leave out format, or give format="csv"'
    for call in (lambda: cs.simulate(f, "lru", [1], stream=True, flash={"ftl": "page"}),
                 lambda: cs.simulate(f"generate:{GEN}", "lru", [1], stream=True)):
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value).startswith("stream=True "), e.value


def test_sweep_refuses_params_for_a_policy_outside_the_grid():
    # As simulate does: a typo in a policy id is an error, not parameters silently dropped.
    with pytest.raises(ValueError) as e:
        cs.sweep([f"generate:{GEN}"], ["lru", "arc"], [10], params={"arcc": {"x": 1}})
    assert str(e.value) == 'params names policy "arcc", which is not among policies'
    df = cs.sweep([f"generate:{GEN}"], ["lru", "cflru"], [10], params={"cflru": {"window": 0.5}})
    assert df.set_index("policy").loc["cflru", "params"]["window"] == 0.5


def test_a_negative_sample_size_is_a_value_error():
    with pytest.raises(ValueError, match="sample_pages"):
        cs.mrc(f"generate:{GEN}", "clock", sample_pages=-1)


def test_ray_missing_says_how_to_install_it(tmp_path):
    grid = tmp_path / "grid.json"
    grid.write_text(json.dumps({"traces": [f"generate:{GEN}"], "policies": ["lru"], "sizes": [10]}))
    # Ray made unimportable in a fresh interpreter, as on a machine without it.
    code = ("import sys; sys.modules['ray'] = None; from cachescope.__main__ import main; "
            f"sys.exit(main(['sweep', {str(grid)!r}, '--engine', 'ray']))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert p.returncode == 2, p.stderr
    assert "Traceback" not in p.stderr, p.stderr
    assert 'pip install "ray[default]"' in p.stderr and "[ray]" in p.stderr, p.stderr
    code = ("import sys; sys.modules['ray'] = None; import cachescope as cs; "
            f"cs.sweep([{f'generate:{GEN}'!r}], ['lru'], [10], engine='ray')")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "ModuleNotFoundError: engine=\"ray\" needs Ray" in p.stderr, p.stderr


def test_bad_files_and_arrays_are_named(tmp_path):
    missing = tmp_path / "nope.txt"
    with pytest.raises(ValueError, match="nope.txt"):
        cs.simulate(missing, "lru", [1])
    bad = tmp_path / "bad.txt"
    bad.write_text("1\n2\nseven\n")
    with pytest.raises(ValueError) as e:
        cs.simulate(bad, "lru", [1], format="plain")
    assert str(e.value) == runner_error("--trace", str(bad), "--format", "plain")
    with pytest.raises(ValueError, match="whole numbers"):
        cs.simulate(np.array([1.5, 2.0]), "lru", [1])
    with pytest.raises(ValueError, match="write mask"):
        cs.simulate(np.array([1, 2]), "lru", [1], writes=np.array([True]))
    with pytest.raises(ValueError, match="unknown format"):
        cs.simulate(bad, "lru", [1], format="nope")
