"""`npm run bench`'s Python figure: an LRU written as a cachescope.Policy subclass (an
OrderedDict, as one would write it) against the built-in, on one generated trace.
Throughput is requests per second of the process's CPU time (the machine may be shared)."""

import json
import time
from collections import OrderedDict

import cachescope as cs


class PyLRU(cs.Policy):
    def __init__(self, frames, **params):
        super().__init__(frames)
        self.pages = OrderedDict()

    def hit(self, page, write):
        self.pages.move_to_end(page)

    def insert(self, page, write):
        self.pages[page] = True

    def evict(self):
        return self.pages.popitem(last=False)[0]


def main() -> None:
    t = cs.load("generate:zipf:pages=100000,alpha=1.0,length=1000000,writes=0.3,seed=1")
    out = {}
    for name, pol in [("lru", "lru"), ("lru written in Python", PyLRU)]:
        t0 = time.process_time()
        df = cs.simulate(t, [pol], [1000])
        s = time.process_time() - t0
        out[name] = {"mreq_per_s": len(t) / s / 1e6, "hits": int(df.hits[0])}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
