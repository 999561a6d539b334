"""cs.analyze against a naive computation on a small trace."""

import numpy as np

import cachescope as cs


def test_analysis_equals_a_naive_computation():
    rng = np.random.default_rng(5)
    pages = (rng.zipf(1.4, 2000) % 150).tolist()
    writes = (rng.random(2000) < 0.25).astype(np.uint8)
    a = cs.analyze(pages, window=300, writes=writes)
    s = a["summary"]
    counts = {p: pages.count(p) for p in set(pages)}
    assert s["requests"] == 2000 and s["distinct"] == len(counts) and s["writes"] == int(writes.sum())
    assert s["one_hit_pages"] == sum(1 for c in counts.values() if c == 1)
    # Stack distances: distinct pages since the previous reference, itself included.
    dist = []
    for i, p in enumerate(pages):
        j = max((k for k in range(i) if pages[k] == p), default=None)
        if j is not None:
            dist.append(len(set(pages[j + 1 : i + 1])))
    sd = a["stack_distance"]
    got = {int(r.distance_from): int(r["count"]) for _, r in sd.iterrows() if r["count"]}
    want = {}
    for d in dist:
        b = 1 << (d.bit_length() - 1)
        want[b] = want.get(b, 0) + 1
    assert got == want
    assert s["cold"] == len(counts)
    w = a["windows"]
    assert list(w["start"]) == list(range(0, 2000, 300))
    assert list(w["distinct"]) == [len(set(pages[k : k + 300])) for k in range(0, 2000, 300)]
    assert a["popularity"]["count"].iloc[0] == max(counts.values())


def test_the_fitted_alpha_of_a_generated_zipf_trace():
    a = cs.analyze("generate:zipf:pages=50000,alpha=0.8,length=1000000,seed=11")
    assert abs(a["alpha"] - 0.8) <= 0.05


def test_a_trace_with_timestamps_gives_the_request_rate_per_window(tmp_path):
    # SYSTOR '17 lines: Timestamp (s), Response, IOType, LUN, Offset, Size; one page each.
    times = [10.0 + 0.001 * i + (2.0 if i >= 6 else 0.0) for i in range(10)]
    path = tmp_path / "t.csv"
    path.write_text("".join(f"{t:.6f},0.0001,{'W' if i % 3 == 0 else 'R'},0,{4096 * (i % 4)},4096\n" for i, t in enumerate(times)))
    a = cs.analyze(str(path), window=4, format="systor")
    tm = a["timing"]
    assert tm["start"] == times[0] and abs(tm["duration"] - (times[-1] - times[0])) < 1e-9
    assert abs(tm["rate"] - 10 / (times[-1] - times[0])) < 1e-6
    w = a["windows"]
    want = [4 / (times[4] - times[0]), 4 / (times[8] - times[4]), 2 / (times[9] - times[8])]
    assert np.allclose(w["rate"], want) and np.allclose(w["time"], [0, times[4] - times[0], times[8] - times[0]])
    assert list(w["write_share"]) == [0.5, 0.25, 0.5]
    # Without timestamps (loaded without them, or a format with no time field) there is no timing.
    assert cs.analyze(cs.load(str(path), format="systor"))["timing"] is None
    assert cs.load(str(path), format="systor", timestamps=True).has_times
    assert cs.analyze([1, 2, 1])["timing"] is None and "rate" not in cs.analyze([1, 2, 1])["windows"]


def test_sampled_stack_distances_are_marked_and_close_to_the_exact_ones():
    spec = "generate:zipf:pages=20000,alpha=0.9,length=300000,seed=4"
    exact, sampled = cs.analyze(spec), cs.analyze(spec, sample=0.1)
    # Marked with the sample's own rate: the share of the distinct pages it holds.
    assert exact["summary"]["sampled"] is None and abs(sampled["summary"]["sampled"] - 0.1) < 1e-4
    e, s = exact["stack_distance"]["count"].to_numpy(), sampled["stack_distance"]["count"].to_numpy()
    assert abs(s.sum() - e.sum()) / e.sum() < 0.05
    # Buckets under 16/rate (2^7) together, then each bucket's share of the reuses within 2 points.
    first = 7
    share = lambda h: np.concatenate([[h[:first].sum()], h[first:]]) / h.sum()  # noqa: E731
    es, ss = share(e), share(s)
    for k in range(min(len(es), len(ss))):
        assert abs(es[k] - ss[k]) <= 0.02, (k, es, ss)
    for bad in [0, 1.5, "x", True]:
        try:
            cs.analyze(spec, sample=bad)
        except ValueError as err:
            assert "rate" in str(err)
        else:
            raise AssertionError(f"sample={bad!r} was taken")
