"""steps() yields what the browser's explorer draws: the WASM session's events and snapshots."""

import json
import subprocess

import cachescope as cs
from conftest import ROOT

SCRIPT = r"""
import { readFileSync } from 'node:fs';
const root = process.argv[1];
const [policy, frames, params] = [process.argv[2], Number(process.argv[3]), process.argv[4]];
const pages = JSON.parse(process.argv[5]);
const wasm = await import(`${root}/src/wasm-pkg/cachescope.js`);
wasm.initSync({ module: readFileSync(`${root}/src/wasm-pkg/cachescope_bg.wasm`) });
const trace = wasm.WasmTrace.from_pages(Float64Array.from(pages.map((p) => p[0])), Uint8Array.from(pages.map((p) => p[1])));
const s = new wasm.WasmSession(trace, policy, frames, params, '');
const out = [];
for (let step; (step = s.step()) !== undefined; ) out.push({ ...JSON.parse(step), snapshot: JSON.parse(s.snapshot()) });
console.log(JSON.stringify(out));
"""


def wasm_steps(policy, frames, params, pages):
    p = subprocess.run(
        ["node", "--input-type=module", "-e", SCRIPT, str(ROOT), policy, str(frames), json.dumps(params), json.dumps(pages)],
        capture_output=True, text=True, check=True,
    )
    return json.loads(p.stdout)


def test_steps_equal_the_wasm_explorer_session():
    # The textbook string with writes and large ids: pages come back as the trace names them.
    ids = [7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1]
    pages = [[1_000_000 + p, int(i % 3 == 0)] for i, p in enumerate(ids)]
    for policy, frames, params in [("clock-pro", 4, {}), ("cflru", 3, {"window": 0.5}), ("w-tinylfu", 3, {}), ("lru", 3, {})]:
        want = wasm_steps(policy, frames, params, pages)
        got = list(cs.steps([p for p, _ in pages], policy, frames, params=params, writes=[w for _, w in pages]))
        assert len(got) == len(ids)
        for g, w in zip(got, want):
            assert g["hit"] == w["hit"] and g["events"] == w["events"] and g["snapshot"] == w["snapshot"]
        assert got[0]["request"] == {"page": "1000007", "write": True}
        assert got[0]["position"] == 1
