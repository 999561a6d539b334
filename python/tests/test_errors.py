"""Every bad input raises ValueError with the runner's message, never a panic."""

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
    assert str(e.value) == runner_error(*args)


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
