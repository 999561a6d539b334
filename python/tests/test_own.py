"""Your own policy from Python: a cachescope.Policy subclass and a JavaScript file
run as the built-ins do, and every broken decision raises ValueError with the
runner's message."""

import time
from collections import OrderedDict

import pytest

import cachescope as cs

TRACE = "generate:zipf:pages=2000,alpha=0.8,length=40000,writes=0.3,seed=4"
TEXTBOOK = [7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1]


class MyLRU(cs.Policy):
    def __init__(self, frames, **params):
        super().__init__(frames)
        self.pages = OrderedDict()  # least recent first

    def hit(self, page, write):
        self.pages.move_to_end(page)

    def insert(self, page, write):
        self.pages[page] = True

    def evict(self):
        return self.pages.popitem(last=False)[0]

    def view(self):
        return {"lists": [{"name": "LRU", "pages": list(reversed(self.pages))}]}


class Stranger(cs.Policy):
    def evict(self):
        return 12


class Spinner(cs.Policy):
    def evict(self):
        while True:
            pass


def template(tmp_path, id, name=None, text=None):
    src = next(t["source"] for t in cs.catalog()["templates"] if t["id"] == id)
    p = tmp_path / f"{name or 'my' + id}.js"
    p.write_text(text(src) if text else src)
    return p


def test_an_lru_subclass_and_a_javascript_lru_equal_the_built_in(tmp_path):
    js = cs.policy_file(template(tmp_path, "lru"))
    df = cs.simulate(TRACE, ["lru", MyLRU, js], ["3", "10%"])
    hits = {p: list(g["hits"]) for p, g in df.groupby("policy")}
    assert hits["MyLRU"] == hits["lru"] == hits["mylru"]
    steps = list(cs.steps([7, 0, 1, 2], MyLRU, 3))
    assert steps[-1]["snapshot"]["lists"][0]["entries"][0]["page"] == "2"


def test_bad_policies_raise_the_runners_messages(tmp_path):
    with pytest.raises(ValueError, match=r"^Stranger: evict\(\) returned page 12, which is not in the cache \(request 4\)$"):
        cs.simulate([7, 0, 1, 2], Stranger, 3)
    bad = tmp_path / "bad.js"
    bad.write_text("export default class { evict() { return 12; } }")
    with pytest.raises(ValueError, match=r"^bad: evict\(\) returned page 12, which is not in the cache \(request 4\)$"):
        cs.simulate([7, 0, 1, 2], cs.policy_file(bad), 3)
    spin = tmp_path / "spin.js"
    spin.write_text("export default class { evict() { for (;;) {} } }")
    with pytest.raises(ValueError, match=r"^spin: evict\(\) ran past its budget"):
        cs.simulate([7, 0, 1, 2], cs.policy_file(spin), 3)


def test_a_python_loop_is_stopped_by_the_watchdog_naming_the_method():
    t0 = time.monotonic()
    with pytest.raises(ValueError, match=r"^Spinner: evict\(\) ran past its budget of 5 s .*\(request 4\)$"):
        cs.simulate([7, 0, 1, 2], Spinner, 3)
    assert time.monotonic() - t0 < 10


def test_check_finds_the_first_difference_of_a_wrong_clock(tmp_path):
    good = cs.policy_file(template(tmp_path, "clock"))
    assert cs.check(good, "clock", TEXTBOOK, 3)["difference"] is None
    wrong = cs.policy_file(
        template(tmp_path, "clock", "wrongclock", lambda s: s.replace("this.ref.set(page, 0);\n    this.free", "this.ref.set(page, 1);\n    this.free"))
    )
    r = cs.check(wrong, "clock", TEXTBOOK, 3)
    d = r["difference"]
    assert (d["trace"], d["frames"]) == ("current", 3)
    assert d["victim"] != d["reference_victim"] or d["hit"] != d["reference_hit"]


def test_a_name_of_a_built_in_and_a_class_ray_cannot_import_are_refused(tmp_path):
    class lru(cs.Policy):
        pass

    with pytest.raises(ValueError, match="built-in"):
        cs.simulate([1, 2], lru, 1)
    with pytest.raises(ValueError, match="cannot import it"):
        cs.sweep([[1, 2, 3]], [MyLRU.__class__ and type("Local", (cs.Policy,), {"__module__": "__main__"})], [2], engine="ray")
