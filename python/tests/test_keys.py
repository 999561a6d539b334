"""Key-value traces: pages named by string keys show those keys in steps and refuse block policies."""

import cachescope as cs
import pytest
from conftest import FIXTURES


def test_steps_show_the_twitter_keys():
    steps = list(cs.steps(str(FIXTURES / "twitter.csv"), "lru", 3))
    pages = [s["request"]["page"] for s in steps]
    assert len(pages) == 11, "the delete is skipped"
    assert pages[:4] == ["hP7kQ8X5nN:user:1", "hP7kQ8X5nN:user:2", "hP7kQ8X5nN:user:1", "q:timeline:42"]
    assert "key,with,commas" in pages
    assert [s["hit"] for s in steps].count(True) == 3
    # Evictions name the key that left.
    evicted = [e["page"] for s in steps for e in s["events"] if e.get("kind") == "evict"]
    assert "hP7kQ8X5nN:user:2" in evicted, evicted


def test_a_csv_with_string_ids_loads_with_its_distinct_keys():
    t = cs.load(str(FIXTURES / "kv.csv"), csv="id=object,op=op,id_type=string")
    assert (len(t), t.distinct, t.writes) == (7, 4, 1)
    pages = [s["request"]["page"] for s in cs.steps(str(FIXTURES / "kv.csv"), "fifo", 2, csv="id=object,op=op,id_type=string")]
    assert pages[:3] == ["/img/a.png", "/img/b.png", "/img/a.png"]


def test_block_policies_refuse_a_key_trace():
    with pytest.raises(Exception, match="string keys, which have no neighbours"):
        list(cs.steps(str(FIXTURES / "twitter.csv"), "bplru", 8))


def test_a_key_trace_says_what_is_not_modelled():
    t = cs.load(str(FIXTURES / "twitter.csv"))
    assert t.keys and t.format == "twitter (detected)"
    assert any("deletes are skipped" in n for n in t.notes)
    assert any("object sizes are not modelled" in n for n in t.notes)


def test_the_notebook_explorer_refuses_a_key_trace_rather_than_show_numbers():
    with pytest.raises(ValueError, match="string keys"):
        cs.explore(str(FIXTURES / "twitter.csv"), "lru", 3)
