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
