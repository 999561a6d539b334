"""Ctrl-C stops a long call within a slice (the GIL is released while the core runs, and Python's
signal handlers run between slices), raising KeyboardInterrupt instead of waiting out the call."""

import signal
import subprocess
import sys
import time

import pytest

CHILD = r"""
import sys, time
import cachescope as cs
t = cs.load("generate:zipf:pages=2000000,alpha=0.8,length=40000000,seed=1")
print("ready", flush=True)
try:
    start = time.perf_counter()
    cs.simulate(t, "{policy}", [50000])
    print("finished", time.perf_counter() - start, flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


@pytest.mark.parametrize("policy", ["opt"])
def test_ctrl_c_interrupts_a_long_run(policy):
    child = subprocess.Popen([sys.executable, "-c", CHILD.replace("{policy}", policy)], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.3)
    sent = time.perf_counter()
    child.send_signal(signal.SIGINT)
    out = child.stdout.readline().strip()
    latency = time.perf_counter() - sent
    child.wait(timeout=60)
    # The whole run takes seconds: an interrupt that waited for it would say "finished".
    assert out == "interrupted", out
    print(f"{policy}: KeyboardInterrupt {latency:.3f} s after SIGINT")
