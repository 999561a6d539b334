"""`npm run probe:ray`: the time of a 20-trace × 4-policy × 9-size sweep, locally
(threads) and on a local Ray with 2 CPUs, and the memory of each Ray worker.
A probe, not a test: it prints figures for the notes."""

import os
import resource
import sys
import time

import ray

import cachescope as cs

N = int(os.environ.get("PROBE_TRACES", 20))
LENGTH = int(os.environ.get("PROBE_LENGTH", 1_000_000))
traces = [f"generate:zipf:pages=200000,alpha=0.9,length={LENGTH},writes=0.3,seed={s}" for s in range(N)]
policies = ["lru", "clock", "arc", "s3-fifo"]
sizes = ["1%", "2%", "5%", "10%", "20%", "35%", "50%", "75%", "100%"]


@ray.remote(num_cpus=1)
def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


t0 = time.time()
local = cs.sweep(traces, policies, sizes, engine="local")
t_local = time.time() - t0
ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
t0 = time.time()
on_ray = cs.sweep(traces, policies, sizes, engine="ray")
t_ray = time.time() - t0
rss = ray.get([peak_rss_mib.remote() for _ in range(4)])
same = local.equals(on_ray)
print(
    f"probe:ray: {N} traces × 4 policies × 9 sizes ({len(local)} runs, {LENGTH:,} requests a trace): "
    f"local {t_local:.1f} s, Ray (2 CPUs) {t_ray:.1f} s, same table: {same}; "
    f"peak memory of a Ray worker {max(rss):.0f} MiB"
)
sys.exit(0 if same else 1)
